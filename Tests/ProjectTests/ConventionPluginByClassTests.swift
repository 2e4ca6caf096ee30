import Foundation
import Testing
@testable import Project
@testable import Formats

/// Tests/Fixtures/android/convention-by-class (excerpts of kiwix-android): a buildSrc plugin applied by its class,
/// which sets targetSdk from a `const val` through a configurer class it makes; a module that uploads to Play with
/// buildSrc's Play Developer API client.
struct ConventionPluginByClassTests {
    static let result: AndroidInspection = {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("android/convention-by-class")
        return AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }()

    func fact(_ name: String) -> Fact? { Self.result.facts.first { $0.name == name } }

    @Test func readsWithoutProblems() {
        #expect(Self.result.problems.isEmpty)
    }

    @Test func aPluginAppliedByClassSetsTheTargetFromABuildSrcConstant() throws {
        let target = try #require(fact("android.module.app.target_sdk"))
        #expect(target.value == .number(36))
        #expect(target.evidence.map(\.location) == [
            SourceLocation(path: "buildSrc/src/main/kotlin/plugin/AllProjectConfigurer.kt", line: 15),
            SourceLocation(path: "buildSrc/src/main/kotlin/Config.kt", line: 9),
        ])
        #expect(fact("android.module.app.target_sdk_unknown") == nil)
        #expect(fact("android.module.branded.target_sdk")?.value == .number(36))
        // The library module applies the same plugin and stays a library.
        #expect(fact("android.modules")?.value == .list(["app", "branded"]))
    }

    @Test func eachSpellingOfApplyingAPluginByClassIsRead() {
        let script = GradleScript.parse("""
        plugins.apply(KiwixConfigurationPlugin::class)
        project.plugins.apply(plugin.SecondPlugin::class.java)
        apply<ThirdPlugin>()
        pluginManager.apply(FourthPlugin::class.java)
        apply(plugin = FifthPlugin::class.java)
        apply plugin: SixthPlugin
        apply(plugin = "com.android.application")
        plugins.apply("org.jetbrains.kotlin.android")
        """)
        #expect(script.pluginClasses.map(\.name) == ["KiwixConfigurationPlugin", "SecondPlugin", "ThirdPlugin", "FourthPlugin", "FifthPlugin", "SixthPlugin"])
        #expect(script.plugins.map(\.id) == ["com.android.application"])
    }

    @Test func aModuleThatUploadsWithThePlayDeveloperAPIGoesToPlay() throws {
        // The only release workflow hands APKs out on GitHub; branded's own task uploads to Play.
        let branded = try #require(fact("android.module.branded.stores"))
        #expect(branded.value == .list(["play"]))
        #expect(branded.evidence.contains { $0.location == SourceLocation(path: "branded/build.gradle.kts", line: 26) && $0.snippet.contains("createPublisher") })
        // The app module calls no such code: GitHub Releases only, as before.
        #expect(fact("android.module.app.stores")?.value == .list(["github"]))
    }

    @Test func aVPNServiceOfAnotherPlayAppModuleIsDeclared() throws {
        // The release module is app; branded, another app module that goes to Play, declares the service.
        #expect(fact("android.release_module")?.value == .string("app"))
        let vpn = try #require(fact("android.vpn_service_declared"))
        #expect(vpn.evidence.map(\.location) == [SourceLocation(path: "branded/src/main/AndroidManifest.xml", line: 4)])
        // Without the other modules' manifests, the release module's own declares none.
        let text = try String(contentsOf: AndroidTestPaths.fixtures.appendingPathComponent("android/convention-by-class/branded/src/main/AndroidManifest.xml"), encoding: .utf8)
        let branded = AndroidMergedManifest.merge([try AndroidManifestReader.read(text: text, location: SourceLocation(path: "branded/src/main/AndroidManifest.xml"))])
        var facts: [Fact] = []
        AndroidFacts.foregroundServiceTypeFacts(AndroidMergedManifest(), into: &facts, evidence: { Evidence(location: SourceLocation(path: $0, line: $1), snippet: "") })
        #expect(!facts.contains { $0.name == "android.vpn_service_declared" })
        facts = []
        AndroidFacts.foregroundServiceTypeFacts(AndroidMergedManifest(), vpnAlsoIn: [branded], into: &facts,
                                                evidence: { Evidence(location: SourceLocation(path: $0, line: $1), snippet: "") })
        #expect(facts.contains { $0.name == "android.vpn_service_declared" })
    }

    @Test func classesAreFoundByTheNameTheyDeclare() {
        #expect(AndroidInspector.declaredClasses("""
        class KiwixConfigurationPlugin : Plugin<Project> {
          private class Inner
        }
        abstract class Base
        data class Flavor(val name: String)
        // a class of its own
        """) == ["KiwixConfigurationPlugin", "Inner", "Base", "Flavor"])
    }
}
