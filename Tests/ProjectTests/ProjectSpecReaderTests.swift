import Foundation
import Testing
@testable import Project

/// XcodeGen and Tuist specs over Tests/Fixtures/project-specs: the Info.plist keys each target generates,
/// and what was not read.
@Suite struct ProjectSpecReaderTests {
    func inspect(_ name: String) -> InspectorOutput<ApplePart> { AppleFixtures.inspect("Tests/Fixtures/project-specs/\(name)") }

    @Test func xcodeGenSettingsTemplatesIncludesAndInfoPropertiesAreRead() throws {
        let result = inspect("xcodegen")
        #expect(result.problems.isEmpty)
        let app = try #require(result.part?.infoPlists.first { $0.target == "Kiwix" })
        #expect(app.isGenerated)
        #expect(app.productType == "com.apple.product-type.application")
        #expect(app.location == SourceLocation(path: "project.yml", line: 26))
        // Project settings, the included base.yml, the template, the target's release config and info properties.
        #expect(app.strings["NSPhotoLibraryAddUsageDescription"] == "Kiwix needs permission to save images to your photos app.")
        #expect(app.strings["NSBluetoothAlwaysUsageDescription"] == "Finds nearby devices to share ZIM files with.")
        #expect(app.strings["NSMicrophoneUsageDescription"] == "Records voice notes you attach to an article.")
        #expect(app.strings["NSCameraUsageDescription"] == "Scans QR codes of ZIM file downloads.")
        #expect(app.strings["NSContactsUsageDescription"] == "Lets you share an article with a contact.")
        #expect(app.strings["CFBundleDisplayName"] == "Kiwix")
        #expect(app.keyLines["NSLocationWhenInUseUsageDescription"] == 13)
        // Each declared key is a purpose fact with the spec's line as evidence.
        #expect(result.evidence(of: "purpose.NSCameraUsageDescription.declared").map(\.location) == [SourceLocation(path: "project.yml", line: 35)])
        // The test target's plist is a test bundle's.
        #expect(result.part?.infoPlists.first { $0.target == "UnitTests" }?.isTestBundle == true)
        // Everything was read: nothing is reported as unevaluated.
        #expect(result.facts(named: "apple.project_spec.unevaluated").isEmpty)
        #expect(result.facts(named: "apple.project_spec").count == 1)
    }

    /// element-ios's shape: without an Xcode project, each XcodeGen target with `sources:` is a bundle that owns the
    /// files under them (less its `excludes`, relative to each source), with its own privacy manifest, plist,
    /// entitlements and platform; the paths of an included target.yml are relative to its folder.
    @Test func xcodeGenTargetsWithSourcesAreTheBundles() throws {
        let result = inspect("xcodegen-bundles")
        let bundles = try #require(result.part?.bundles)
        #expect(bundles.map(\.name) == ["Chat", "NSE"])
        let app = bundles[0], nse = bundles[1]
        #expect(app.kind == .app && nse.kind == .appExtension)
        #expect(app.location == SourceLocation(path: "Chat/target.yml", line: 4))
        let appFiles = try #require(app.files)
        #expect(appFiles.isSuperset(of: ["Chat/AppDelegate.swift", "Chat/Modules/Rooms/RoomList.swift", "Shared/Defaults.swift", "Tools/Lint.swift"]))
        #expect(!appFiles.contains("Chat/Modules/Rooms/Test/RoomListTests.swift"))  // `**/Test/**`
        #expect(!appFiles.contains("Tools/Logs/old.txt"))                          // `Logs`, a folder
        #expect(!appFiles.contains("NSE/NotificationService.swift"))
        // `includes` takes only what it matches; a `buildPhase: none` source is in the project, not in the bundle.
        #expect(appFiles.contains("Resources/Data/rooms.json") && !appFiles.contains("Resources/Data/notes.txt"))
        #expect(!appFiles.contains("Docs/README.md"))
        #expect(app.privacyManifests.isEmpty)
        #expect(app.infoPlist == "Chat/SupportingFiles/Info.plist")
        #expect(app.platforms == ["iOS"])
        // A single file as a source; the release xcconfig's paths (and what it includes; the project's paths,
        // `$(SRCROOT)/` or not), never the debug one's.
        #expect(nse.files?.isSuperset(of: ["NSE/NotificationService.swift", "Shared/Defaults.swift"]) == true)
        #expect(nse.files?.contains("Shared/Other.swift") == false)
        #expect(nse.privacyManifests == ["NSE/SupportingFiles/PrivacyInfo.xcprivacy"])
        #expect(nse.entitlements == "NSE/SupportingFiles/NSE.entitlements")
        #expect(nse.infoPlist == "NSE/SupportingFiles/Info.plist")
        // The extension's manifest is its own: the app, whose code reads UserDefaults, has none.
        #expect(result.facts(named: "privacy_manifest.app").isEmpty)
        // The app's deployment target, from the project's release xcconfig (through its #include), not the debug one's.
        let deployment = try #require(result.facts(named: "apple.deployment_target").first)
        #expect(deployment.value == .number(15.1))
        #expect(deployment.evidence.map(\.location) == [SourceLocation(path: "Config/Project.xcconfig", line: 2)])
    }

    /// A target's own IPHONEOS_DEPLOYMENT_TARGET is located in the file the target is written in (an included one).
    @Test func aTargetsDeploymentSettingIsLocatedInItsOwnFile() {
        let files = ["App/target.yml": "targets:\n  App:\n    type: application\n    platform: iOS\n    settings:\n      IPHONEOS_DEPLOYMENT_TARGET: 16.0\n"]
        let spec = XcodeGenSpecReader.read(path: "project.yml", text: "name: App\ninclude:\n  - App/target.yml\n", load: { files[$0] })
        let target = spec.targets.first
        #expect(target?.iOSDeploymentTarget?.value == "16.0")
        #expect(target?.iOSDeploymentTarget?.location == SourceLocation(path: "App/target.yml", line: 6))
    }

    /// XcodeGen's `options: deploymentTarget: iOS:` when no setting says (kiwix-apple).
    @Test func xcodeGenDeploymentTargetOption() throws {
        let deployment = try #require(inspect("xcodegen").facts(named: "apple.deployment_target").first)
        #expect(deployment.value == .number(17.6))
        #expect(deployment.evidence.map(\.location) == [SourceLocation(path: "project.yml", line: 6)])
    }

    @Test func whatIsNotReadIsSaidWithItsLine() throws {
        let result = inspect("xcodegen-partial")
        let unread = result.evidence(of: "apple.project_spec.unevaluated").map { "\($0.location): \($0.snippet)" }
        #expect(unread.contains("project.yml:3: include ../config/common.yml (not in the project)"))
        #expect(unread.contains("project.yml:4: include missing.yml (not in the project)"))
        #expect(unread.contains { $0.contains("configFiles (the Info.plist keys of xcconfig files are not read)") })
        #expect(unread.contains { $0.contains("target Notes: settings groups SharedPurposeStrings (not read)") })
        // The target generates its Info.plist: its (empty) keys are a plist the checks see.
        #expect(result.part?.infoPlists.first { $0.target == "Notes" }?.strings.isEmpty == true)
    }

    @Test func tuistManifestsGiveTheirLiteralPairsAndAreNeverFullyEvaluated() throws {
        let result = inspect("tuist")
        let plist = try #require(result.part?.infoPlists.first { $0.location.path == "Project.swift" })
        #expect(plist.strings["NSCameraUsageDescription"] == "Scans receipts to fill in the amount.")
        #expect(plist.strings["NSLocationWhenInUseUsageDescription"] == "Tags a receipt with the shop you are in.")
        #expect(plist.strings["NSContactsUsageDescription"] == "Splits a bill with a contact.")
        #expect(plist.keyLines["NSCameraUsageDescription"] == 14)
        // A commented-out pair is not read.
        #expect(plist.strings["NSMicrophoneUsageDescription"] == nil)
        #expect(result.evidence(of: "apple.project_spec.unevaluated").first?.snippet.contains("is Swift, which shipcheck does not run") == true)
    }

    @Test func anExpoConfigsInfoPlistIsTheAppsAndItsPluginsAreNotRun() throws {
        let result = inspect("expo")
        let plist = try #require(result.part?.infoPlists.first { $0.location.path == "app.json" })
        #expect(plist.strings["NSCameraUsageDescription"] == "Scans receipts to fill in the amount.")
        #expect(plist.strings["ITSAppUsesNonExemptEncryption"] == "NO")
        #expect(plist.keyLines["NSCameraUsageDescription"] == 8)
        #expect(plist.productType == "com.apple.product-type.application")
        let unread = result.evidence(of: "apple.project_spec.unevaluated")
        #expect(unread.map(\.location) == [SourceLocation(path: "app.json", line: 12)])
        #expect(unread.first?.snippet.contains("config plugins (1)") == true)
        // A bare React Native app.json is not an Expo config; app.config.ts is code, never run.
        #expect(ExpoConfigReader.read(path: "app.json", text: "{\"name\": \"RocketChatRN\"}") == nil)
        #expect(ExpoConfigReader.dynamicConfig(path: "app.config.ts", text: "import x from './x';\nexport default x;\n")
            .unevaluated.first?.what.contains("exports no literal object") == true)
    }

    /// app.config.ts is read as the literal object it exports, never run: literal keys count with their lines,
    /// code (a variable, process.env, a spread) is listed as not read, and the Expo-only parts come along.
    @Test func expoConfigTSIsReadAsItsLiteralObject() throws {
        let text = """
        import { ExpoConfig, ConfigContext } from 'expo/config';

        export default ({ config }: ConfigContext): ExpoConfig => ({
          ...config,
          name: 'TideLog', // the store name
          slug: "tidelog",
          version: process.env.APP_VERSION,
          ios: {
            bundleIdentifier: 'com.example.tidelog',
            infoPlist: {
              NSCameraUsageDescription: `Scans tide tables from paper charts.`,
              NSLocationWhenInUseUsageDescription: "Shows the tides where you are.",
              ITSAppUsesNonExemptEncryption: false,
            },
            privacyManifests: {
              NSPrivacyAccessedAPITypes: [
                { NSPrivacyAccessedAPIType: 'NSPrivacyAccessedAPICategoryUserDefaults', NSPrivacyAccessedAPITypeReasons: ['CA92.1'] },
              ],
            },
          },
          android: { permissions: ['CAMERA', 'android.permission.ACCESS_FINE_LOCATION'] },
          plugins: [['expo-build-properties', { android: { targetSdkVersion: 35 } }], 'expo-camera'],
        });
        """
        let spec = ExpoConfigReader.dynamicConfig(path: "app.config.ts", text: text)
        let target = try #require(spec.targets.first)
        #expect(target.name == "TideLog")
        #expect(target.keys["NSCameraUsageDescription"] == "Scans tide tables from paper charts.")
        #expect(target.keys["ITSAppUsesNonExemptEncryption"] == "NO")
        #expect(target.keyLines["NSLocationWhenInUseUsageDescription"] == 12)
        #expect(spec.privacyManifest?.line == 15)
        let types = spec.privacyManifest?.value.dictionary?["NSPrivacyAccessedAPITypes"]?.array
        #expect(types?.first?["NSPrivacyAccessedAPIType"]?.string == "NSPrivacyAccessedAPICategoryUserDefaults")
        #expect(spec.androidPermissions.map(\.name) == ["CAMERA", "ACCESS_FINE_LOCATION"])
        #expect(spec.androidTargetSdk?.value == 35)
        let unread = spec.unevaluated.map(\.what)
        #expect(unread.contains { $0.contains("...config") })
        #expect(unread.contains { $0.contains("process.env.APP_VERSION") })
        #expect(unread.contains { $0.contains("config plugins (1)") })
    }

    @Test func includePathsNeverLeaveTheProject() {
        #expect(XcodeGenSpecReader.resolve("base.yml", from: "ios/project.yml") == "ios/base.yml")
        #expect(XcodeGenSpecReader.resolve("../config/a.yml", from: "ios/project.yml") == "config/a.yml")
        #expect(XcodeGenSpecReader.resolve("../../a.yml", from: "ios/project.yml") == nil)
        #expect(XcodeGenSpecReader.resolve("/etc/passwd", from: "project.yml") == nil)
    }

    @Test func hostileSpecsAreBounded() {
        // An include cycle stops at the depth limit; a broken document is one unevaluated part, not a crash.
        let cycle = XcodeGenSpecReader.read(path: "project.yml", text: "include: [project.yml]\ntargets: {}\n") { _ in "include: [project.yml]\n" }
        #expect(cycle.unevaluated.contains { $0.what.contains("nested too deep") })
        let broken = XcodeGenSpecReader.read(path: "project.yml", text: "targets: [unclosed\n") { _ in nil }
        #expect(broken.unevaluated.first?.what.contains("is not readable YAML") == true)
        #expect(TuistManifestScanner.read(path: "Project.swift", text: "\"unterminated: \"\n\"A\": \"").targets.first?.keys.isEmpty == true)
    }
}
