import Foundation
import Testing
@testable import Rules

/// Every inspector and every built-in checklist over two realistic fixture apps
/// (Tests/Fixtures/e2e), asserting exactly which rules fire and where. Each finding was planted on purpose.
@Suite("End to end: fixture apps")
struct EndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/e2e").path

    func places(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.rule) @ \($0.location)" }.sorted()
    }

    @Test func iOSJournalApp() throws {
        let findings = try RuleExampleTests.evaluate("\(Self.fixtures)/ios-app")
        #expect(places(findings) == [
            // AccountService.swift:6 — ASAuthorizationAppleIDProvider, and no revocation anywhere.
            "account-deletion.apple-token-revocation @ Journal/AccountService.swift:6:10",
            // Info.plist has no ITSAppUsesNonExemptEncryption: each upload waits for the export compliance answer (a note).
            "app-review.export-compliance @ Journal/Info.plist",
            // shipcheck.yml states app.login_required, review_information has no demo user or notes.
            "demo-account.appstore-credentials @ fastlane/metadata/review_information",
            // copyright.txt says 2031.
            "metadata.appstore-copyright-year @ fastlane/metadata/copyright.txt:1:1",
            // keywords.txt: 105 ASCII characters, and "journal" repeats the app name.
            "metadata.keywords-app-name @ fastlane/metadata/en-US/keywords.txt:1",
            "metadata.keywords-bytes @ fastlane/metadata/en-US/keywords.txt:1",
            "metadata.keywords-length @ fastlane/metadata/en-US/keywords.txt:1",
            // KnownAssetTags in the pbxproj (and NSBundleResourceRequest in PlacesView.swift).
            "on-demand-resources.deprecated @ Journal.xcodeproj/project.pbxproj:31",
            // The UserDefaults entry declares reason ZZZZ.9.
            "privacy-manifest.invalid-reason @ Journal/PrivacyInfo.xcprivacy:16",
            // requestWhenInUseAuthorization without NSLocationWhenInUseUsageDescription.
            "purpose-strings.missing @ Journal/PlacesView.swift:10:17",
        ])
        let severities = Dictionary(findings.map { ($0.rule, $0.severity) }, uniquingKeysWith: { a, _ in a })
        #expect(severities["privacy-manifest.invalid-reason"] == .error)
        #expect(severities["metadata.keywords-bytes"] == .info)
        #expect(severities["on-demand-resources.deprecated"] == .warning)
    }

    @Test func androidTrailsApp() throws {
        let findings = try RuleExampleTests.evaluate("\(Self.fixtures)/android-app")
        #expect(places(findings) == [
            // "no personal data" in the form, but ACCESS_FINE_LOCATION in the manifest.
            "data-safety.undeclared-collection @ play/data-safety.csv:2",
            // A folder named "de": Play wants de-DE.
            "metadata-locales.play-folder @ fastlane/metadata/android/de",
            // short_description.txt: 91 characters.
            "metadata.play-short-description-length @ fastlane/metadata/android/en-US/short_description.txt:1",
            // title.txt: "Trails 🥾 Hiking Maps".
            "metadata.play-title-emoji @ fastlane/metadata/android/en-US/title.txt:1:8",
            // targetSdk from the version catalog: 35, below 36.
            "platform-requirements.play-target-sdk @ app/build.gradle.kts:13",
        ])
        // An Android-only app gets nothing from the Apple checklists, findings or manual items.
        #expect(findings.allSatisfy { !["purpose-strings", "privacy-manifest", "on-demand-resources"].contains($0.checklist) })
    }

    /// `name = value @ first evidence` for every effective fact, as `shipcheck facts` would show it.
    func facts(_ app: String) throws -> [String] {
        let project = try RuleExampleTests.inspect("\(Self.fixtures)/\(app)", checklists: try RuleExampleTests.builtinChecklists())
        return project.facts.all.map { fact in
            "\(fact.name) = \(fact.value)" + (fact.evidence.first.map { " @ \($0.location)" } ?? "")
        }
    }

    @Test func iOSJournalFactsAndEvidence() throws {
        let actual = try facts("ios-app")
        #expect(actual == [
            "account.deletion.in_app = true @ Journal/AccountService.swift:13:10",
            "app.login_required = true @ shipcheck.yml:4:23",
            "apple.bundle.Journal = app @ Journal.xcodeproj/project.pbxproj:10",
            "apple.bundle.JournalWidget = app extension @ Journal.xcodeproj/project.pbxproj:17",
            "apple.bundles = Journal, JournalWidget @ Journal.xcodeproj/project.pbxproj:10",
            "apple.project = true @ Journal.xcodeproj/project.pbxproj",
            "auth.sign_in_with_apple = true @ Journal/AccountService.swift:6:10",
            "metadata.fastlane/metadata.consumer = appstore @ fastlane/metadata",
            "odr.used = true @ Journal.xcodeproj/project.pbxproj:31",
            "privacy_manifest.app = true @ Journal/PrivacyInfo.xcprivacy",
            "purpose.NSPhotoLibraryUsageDescription.declared = true @ Journal/Info.plist:7",
            "purpose_api.location_when_in_use = true @ Journal/PlacesView.swift:10:17",
            "signal.account.deletion.in_app = strong: deleteAccount @ Journal/AccountService.swift:13:10",
            "signal.auth.sign_in_with_apple = strong: signInWithApple, ASAuthorizationAppleIDProvider @ Journal/AccountService.swift:6:10",
            "store.appstore = true @ shipcheck.yml:2:9",
            "store.fdroid = false @ shipcheck.yml:2:9",
            "store.play = false @ shipcheck.yml:2:9",
        ])
    }

    @Test func androidTrailsFactsAndEvidence() throws {
        let actual = try facts("android-app")
        #expect(actual == [
            "android.application_id = com.example.trails @ app/build.gradle.kts:11",
            "android.form_factor = phone @ app/build.gradle.kts:2",
            "android.min_sdk = 26 @ app/build.gradle.kts:12",
            "android.module.app.application_id = com.example.trails @ app/build.gradle.kts:11",
            "android.module.app.form_factor = phone @ app/build.gradle.kts:2",
            "android.module.app.min_sdk = 26 @ app/build.gradle.kts:12",
            "android.module.app.release_manifests = app/src/main/AndroidManifest.xml @ app/src/main/AndroidManifest.xml",
            "android.module.app.stores = play @ fastlane/Fastfile:7",
            "android.module.app.target_sdk = 35 @ app/build.gradle.kts:13",
            "android.module.app.version_code = 7 @ app/build.gradle.kts:14",
            "android.modules = app @ app/build.gradle.kts:2",
            "android.permission.ACCESS_FINE_LOCATION = true @ app/src/main/AndroidManifest.xml:4",
            "android.permission.INTERNET = true @ app/src/main/AndroidManifest.xml:3",
            "android.project = true @ app/build.gradle.kts:2",
            "android.release_module = app @ app/build.gradle.kts:2",
            "android.stores = play @ fastlane/Fastfile:7",
            "android.target_sdk = 35 @ app/build.gradle.kts:13",
            "android.version_code = 7 @ app/build.gradle.kts:14",
            "metadata.fastlane/metadata/android.consumer = play @ fastlane/Fastfile:7",
            "metadata.fastlane/metadata/android.release_notes = changelogs/7.txt (the note for android.version_code 7): en-US @ fastlane/metadata/android/en-US/changelogs/7.txt:1",
            "metadata.fastlane/metadata/android.upload = fastlane/metadata/android ← upload_to_play_store in lane release (fastlane/Fastfile:7) @ fastlane/Fastfile:7",
            "play.data_safety_export = play/data-safety.csv @ shipcheck.yml",
            "sdk.com.google.android.gms:play-services-maps = 19.0.0 @ gradle/libs.versions.toml:8",
            "store.appstore = false @ shipcheck.yml:2:9",
            "store.fdroid = false @ shipcheck.yml:2:9",
            "store.play = true @ shipcheck.yml:2:9",
        ])
    }
}
