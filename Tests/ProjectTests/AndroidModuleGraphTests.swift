import Foundation
import Testing
@testable import Project

/// The module graph of the release build over Tests/Fixtures/android/graph: each shape's `trigger/` has a
/// restricted permission in a library module, a plugin-made flavour or a second app, and `pass/` the same tree
/// without it. The permission is found at its file, and the facts say where the graph was widened.
struct AndroidModuleGraphTests {
    static func inspect(_ shape: String, _ variant: String) -> AndroidInspection {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("android/graph/\(shape)/\(variant)")
        return AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }

    static func fact(_ result: AndroidInspection, _ name: String) -> Fact? {
        result.facts.first { $0.name == name }
    }

    @Test func discoveredModulesAreWidenedAndTheirPermissionsFound() throws {
        let result = Self.inspect("discovered", "trigger")
        #expect(result.problems.isEmpty)
        let special = try #require(Self.fact(result, "android.permission.FOREGROUND_SERVICE_SPECIAL_USE"))
        #expect(special.evidence.first?.location == SourceLocation(path: "modules/vpn-impl/src/main/AndroidManifest.xml", line: 3))
        // `updater` is not a dependency the script names, but the settings compute the modules: widened.
        let install = try #require(Self.fact(result, "android.permission.REQUEST_INSTALL_PACKAGES"))
        #expect(install.evidence.first?.location.path == "modules/updater/src/main/AndroidManifest.xml")
        let unresolved = try #require(Self.fact(result, "android.module.app.module_graph_unresolved"))
        #expect(result.coverage.contains { $0.input == .androidModuleGraph && $0.subjects == ["app"] })
        #expect(unresolved.value == .string("2 modules: dependency graph not resolved, all library manifests merged"))
        #expect(unresolved.evidence.map(\.location) == [SourceLocation(path: "settings.gradle", line: 5), SourceLocation(path: "settings.gradle", line: 6)])
        #expect(Self.fact(result, "android.module.app.library_modules")?.value == .list(["modules/vpn-impl", "modules/updater"]))

        let pass = Self.inspect("discovered", "pass")
        #expect(Self.fact(pass, "android.permission.FOREGROUND_SERVICE_SPECIAL_USE") == nil)
        #expect(Self.fact(pass, "android.permission.REQUEST_INSTALL_PACKAGES") == nil)
    }

    @Test func helperFunctionDependenciesAreWidened() throws {
        let result = Self.inspect("helpers", "trigger")
        #expect(Self.fact(result, "android.permission.REQUEST_INSTALL_PACKAGES")?.evidence.first?.location.path == "libraries/updater/src/main/AndroidManifest.xml")
        #expect(Self.fact(result, "android.permission.USE_FULL_SCREEN_INTENT")?.evidence.first?.location.path == "features/player/src/main/AndroidManifest.xml")
        let unresolved = try #require(Self.fact(result, "android.module.app.module_graph_unresolved"))
        #expect(unresolved.evidence.map(\.snippet) == ["allLibrariesImpl()", "allFeaturesImpl()"])
        #expect(unresolved.evidence.first?.location == SourceLocation(path: "app/build.gradle.kts", line: 17))

        let pass = Self.inspect("helpers", "pass")
        #expect(Self.fact(pass, "android.permission.REQUEST_INSTALL_PACKAGES") == nil)
        #expect(Self.fact(pass, "android.permission.USE_FULL_SCREEN_INTENT") == nil)
    }

    @Test func conventionPluginFlavoursAndDependenciesAreFollowed() throws {
        let result = Self.inspect("convention", "trigger")
        #expect(result.problems.isEmpty)
        // The flavour source set the enum-driven plugin creates.
        #expect(Self.fact(result, "android.permission.READ_SMS")?.evidence.first?.location == SourceLocation(path: "app/src/full/AndroidManifest.xml", line: 3))
        let flavors = try #require(Self.fact(result, "android.module.app.flavors_unresolved"))
        // The same, typed, for the reports' "Not checked" item.
        #expect(result.coverage.map(\.input) == [.androidFlavors])
        #expect(result.coverage.first?.subjects == ["app"])
        #expect(flavors.evidence.first?.location.path == "build-logic/convention/src/main/kotlin/com/example/logic/AppFlavor.kt")
        // `:core:ui`, added by the feature convention plugin of `:feature:map`: followed, not widened.
        #expect(Self.fact(result, "android.permission.MANAGE_EXTERNAL_STORAGE")?.evidence.first?.location.path == "core/ui/src/main/AndroidManifest.xml")
        #expect(Self.fact(result, "android.module.app.library_modules")?.value == .list(["feature/map", "core/ui"]))
        #expect(Self.fact(result, "android.module.app.module_graph_unresolved") == nil)

        let pass = Self.inspect("convention", "pass")
        #expect(Self.fact(pass, "android.permission.READ_SMS") == nil)
        #expect(Self.fact(pass, "android.permission.MANAGE_EXTERNAL_STORAGE") == nil)
    }

    @Test func everyAppIsJudgedAndNamed() throws {
        let result = Self.inspect("two-apps", "trigger")
        #expect(Self.fact(result, "android.modules")?.value == .list(["app", "authenticator"]))
        let sms = try #require(Self.fact(result, "android.permission.READ_SMS"))
        #expect(sms.evidence.first?.location.path == "authenticator/src/main/AndroidManifest.xml")
        #expect(sms.evidence.first?.snippet.hasSuffix("(app authenticator, com.example.authenticator)") == true)
        #expect(Self.fact(Self.inspect("two-apps", "pass"), "android.permission.READ_SMS") == nil)
    }

    @Test func storesComeFromEvidence() throws {
        let fdroid = Self.inspect("store", "fdroid")
        #expect(Self.fact(fdroid, "android.stores")?.value == .list(["fdroid"]))
        #expect(Self.fact(fdroid, "android.stores")?.evidence.first?.location == SourceLocation(path: "README.md", line: 3))
        let play = Self.inspect("store", "play")
        #expect(Self.fact(play, "android.stores")?.value == .list(["play", "fdroid"]))
    }
}
