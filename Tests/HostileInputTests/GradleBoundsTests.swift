import Foundation
import Testing
@testable import Project

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct GradleBoundsTests {
    @Test func aTargetSdkInsideTwentyThousandParenthesesIsNotUnwrapped() {
        let resolver = GradleValueResolver(file: "app/build.gradle", locals: [], extScopes: [], properties: [], catalog: nil)
        let nested = String(repeating: "(", count: 20_000) + "34" + String(repeating: ")", count: 20_000)
        #expect(resolver.resolve(nested) == nil)
        #expect(resolver.resolve("((34))")?.value == "34")
    }

    @Test func tenThousandPluginAliasesResolveThroughTheIndex() throws {
        let toml = "[plugins]\n" + (0..<10_000).map { "p-\($0) = { id = \"com.example.p\($0)\", version = \"1\" }" }.joined(separator: "\n")
        let catalog = try VersionCatalog.parse(toml, location: SourceLocation(path: "gradle/libs.versions.toml"))
        #expect(catalog.pluginId(accessor: "p.9999") == "com.example.p9999")
        #expect(catalog.pluginId(accessor: "p_0") == "com.example.p0")
        #expect(catalog.pluginId(accessor: "missing") == nil)
    }

    @Test func aDeeplyNestedInlineTableIsNoStackOverflow() throws {
        let toml = "[libraries]\na = " + String(repeating: "{ b = ", count: 50_000) + "1" + String(repeating: " }", count: 50_000)
        _ = try VersionCatalog.parse(toml, location: SourceLocation(path: "gradle/libs.versions.toml"))
    }
}
