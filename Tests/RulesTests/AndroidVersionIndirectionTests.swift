import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// Version indirections read (Tests/Fixtures/android/targetsdk, Tests/Fixtures/android/refreshversions):
/// a convention plugin's `ProjectConfig.Android.sdkTarget` from an included build's Kotlin object,
/// `extra.set("targetSdkVersion", 33)` read through `project.property(…)`, thunderbird's and breezy-weather's
/// precompiled script plugins reading a `const val`, SwissTransfer's `extra.apply { set(…) }`, and refreshVersions' `billing:_`
/// answered by versions.properties, so the target-API and Billing gates run.
struct AndroidVersionIndirectionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/android").path

    static func run(_ path: String) throws -> Shipcheck.Run {
        try Shipcheck.run(Shipcheck.Options(path: "\(fixtures)/\(path)", checklists: RuleExampleTests.loaded(), today: "2026-11-30"))
    }

    @Test(arguments: [("included-object", "build-logic/convention/src/main/kotlin/AndroidApplicationConventionPlugin.kt"),
                      ("extra-property", "app/build.gradle.kts"),
                      // thunderbird-android: a plugin id that is a `const val`, a precompiled script plugin applying
                      // another that reads `ThunderbirdProjectConfig.Android.sdkTarget`.
                      ("precompiled-const", "build-plugin/src/main/kotlin/thunderbird.app.android.gradle.kts"),
                      // breezy-weather: a precompiled script plugin of buildSrc reads a `const val` of a packaged object.
                      ("precompiled-import", "buildSrc/src/main/kotlin/breezy.android.application.gradle.kts"),
                      // SwissTransfer: `buildscript { extra.apply { set(…) } }`, read by `val x: Int by rootProject.extra`.
                      ("extra-apply", "app/build.gradle.kts")])
    func targetSdkIsReadAndJudged(shape: String, at path: String) throws {
        let trigger = try Self.run("targetsdk/\(shape)/trigger")
        #expect(trigger.project.facts["android.target_sdk"]?.value == .number(33))
        #expect(trigger.project.facts["android.target_sdk_unknown"] == nil)
        let found = trigger.result.findings.filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(found.map(\.location.path) == [path])
        #expect(found.first?.severity == .error)
        let pass = try Self.run("targetsdk/\(shape)/pass")
        #expect(pass.project.facts["android.target_sdk"]?.value == .number(36))
        #expect(!pass.result.findings.contains { $0.rule.hasPrefix("platform-requirements.play-target-sdk") })
    }

    @Test func refreshVersionsPlaceholderIsAnsweredByVersionsProperties() throws {
        let trigger = try Self.run("refreshversions/trigger")
        #expect(trigger.project.facts["sdk.com.android.billingclient:billing"]?.value == .string("7.1.1"))
        let found = trigger.result.findings.filter { $0.rule == "play-publishing.billing-library-version" }
        #expect(found.map { "\($0.location.path):\($0.location.line ?? 0)" } == ["app/build.gradle.kts:18"])
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.hasPrefix("com.android.billingclient:billing is version 7.1.1;") == true)
        let pass = try Self.run("refreshversions/pass")
        #expect(pass.project.facts["sdk.com.android.billingclient:billing"]?.value == .string("8.0.0"))
        #expect(!pass.result.findings.contains { $0.rule == "play-publishing.billing-library-version" })
    }
}
