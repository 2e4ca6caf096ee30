import Foundation
import Testing
@testable import Project

/// The versionCodes F-Droid builds, read from the repository's build recipes (fdroidserver publishes each one's note).
@Suite("F-Droid build recipes")
struct FDroidBuildRecipesTests {
    static let recipe = "Categories:\n  - Writing\n\nBuilds:\n  - versionName: 1.0\n    versionCode: 10\n  - versionName: 1.1\n    versionCode: 11\n"

    @Test func fdroiddataStyleRecipeGivesEveryBuiltVersionCodeAtItsBuildsLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("metadata/org.example.notes.yml", Data(Self.recipe.utf8))
        let fact = MetadataTestSupport.discover(folder.path).facts.first { $0.name == "fdroid.build_version_codes" }
        #expect(fact?.value == .list(["10", "11"]))
        #expect(fact?.evidence.first?.location == SourceLocation(path: "metadata/org.example.notes.yml", line: 4))
    }

    @Test func aYAMLFileThatIsNoRecipeGivesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("metadata/config.yml", Data(Self.recipe.utf8))           // not a dotted application id
        try folder.write(".fdroid.yml", Data("Categories:\n  - Writing\n".utf8))  // a recipe without Builds
        #expect(!MetadataTestSupport.discover(folder.path).facts.contains { $0.name == "fdroid.build_version_codes" })
    }
}
