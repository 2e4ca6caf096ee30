import Foundation
import Testing
import YAML
@testable import Project

/// `flutter.targetSdkVersion` in a Flutter app's build file: the Flutter Gradle plugin's default of the release that
/// builds the app, read from the flutter_sdk_defaults table for the oldest release the repository pins.
/// Shapes from krille-chan/fluffychat (`targetSdk = flutter.targetSdkVersion`, workflow `flutter-version-file:
/// .tool_versions.yaml` holding `environment: flutter: 3.47.0`), lichess-org/mobile (pubspec `flutter: 3.47.0`,
/// `.fvmrc` `"flutter": "stable"`), localsend (`.fvmrc` `"flutter": "3.41.9"`, workflow `FLUTTER_VERSION: "3.41.9"` used
/// as `flutter-version: ${{ env.FLUTTER_VERSION }}`) and spotube (`.fvm/fvm_config.json`, pubspec `flutter: ">=3.29.0"`).
@Suite struct FlutterSDKDefaultsTests {
    static let defaults = FlutterSDKDefaults(rows: [
        .init(flutter: FlutterRelease("3.10")!, compileSdk: 33, minSdk: 16, targetSdk: 33, source: "flutter.gradle"),
        .init(flutter: FlutterRelease("3.35")!, compileSdk: 36, minSdk: 24, targetSdk: 36, source: "FlutterExtension.kt"),
    ])

    @Test func releasesCompareByNumberNotText() {
        #expect(FlutterRelease("3.10")! > FlutterRelease("3.9.2")!)
        #expect(FlutterRelease("3.35")! == FlutterRelease("3.35.0")!)
        // A pre-release counts as its base: built from that release's branch, its defaults are at least the previous ones.
        #expect(FlutterRelease("3.47.0-0.4.pre")! == FlutterRelease("3.47.0")!)
        #expect(FlutterRelease("stable") == nil)
        #expect(FlutterRelease("3") == nil)
    }

    @Test func theRowInForceIsTheLatestAtOrBeforeTheRelease() {
        #expect(Self.defaults.row(for: FlutterRelease("3.41.9")!)?.targetSdk == 36)
        #expect(Self.defaults.row(for: FlutterRelease("3.35.0")!)?.targetSdk == 36)
        #expect(Self.defaults.row(for: FlutterRelease("3.29.0")!)?.targetSdk == 33)
        #expect(Self.defaults.row(for: FlutterRelease("2.10.5")!) == nil)
    }

    @Test func theExpressionsThatNameTheFlutterDefaults() {
        #expect(FlutterSDKDefaults.setting(named: "flutter.targetSdkVersion") == .targetSdk)
        #expect(FlutterSDKDefaults.setting(named: "flutter.targetSdkVersion.toInteger()") == .targetSdk)
        #expect(FlutterSDKDefaults.setting(named: "flutter.minSdkVersion") == .minSdk)
        #expect(FlutterSDKDefaults.setting(named: "flutter.versionCode") == nil)
        #expect(FlutterSDKDefaults.setting(named: "targetSdkVersion") == nil)
    }

    @Test func tableRowsDecodeAndBadRowsAreReported() throws {
        let yaml = """
        - { flutter: "3.35", compile_sdk: 36, min_sdk: 24, target_sdk: 36, source: "FlutterExtension.kt" }
        - { flutter: "3.35", compile_sdk: 36, min_sdk: 24, target_sdk: 36, source: "again" }
        - { flutter: "3.x", compile_sdk: 36, min_sdk: 24, target_sdk: 360, source: "x" }
        """
        let node = try #require(try YAMLParser.parse(yaml, file: "t.yml"))
        let diagnostics = Diagnostics(file: "t.yml")
        let rows = FlutterSDKDefaults.read(NodeReader(node: node, path: "value", diagnostics: diagnostics))
        #expect(rows.map(\.targetSdk) == [36, 36])
        let messages = diagnostics.errors.map(\.message)
        #expect(messages.contains { $0.contains("release 3.35 is already in the table") })
        #expect(messages.contains { $0.contains("a Flutter release such as") })
        #expect(messages.contains { $0.contains("an Android API level, got \"360\"") })
    }

    // MARK: pins

    @Test func fvmPinsAndStableIsNoRelease() {
        #expect(FlutterReleasePin.jsonString("{\n  \"flutter\": \"3.41.9\"\n}", key: "flutter", path: ".fvmrc")
                == FlutterReleasePin(release: FlutterRelease("3.41.9")!, path: ".fvmrc", line: 2, how: "\"flutter\": \"3.41.9\"", isExact: true))
        #expect(FlutterReleasePin.jsonString("{\n  \"flutter\": \"stable\",\n  \"flavors\": {}\n}", key: "flutter", path: ".fvmrc") == nil)
        #expect(FlutterReleasePin.jsonString("{\n  \"flutterSdkVersion\": \"3.35.2\"\n}", key: "flutterSdkVersion", path: ".fvm/fvm_config.json")?.release
                == FlutterRelease("3.35.2"))
        #expect(FlutterReleasePin.plainVersion("3.24.3\n", path: ".flutter-version")?.release == FlutterRelease("3.24.3"))
    }

    @Test func pubspecConstraintsGiveTheirLowerBound() {
        func bound(_ text: String) -> String? { FlutterReleasePin.pubspecConstraint(text, path: "pubspec.yaml").map { "\($0.release)@\($0.line)" } }
        #expect(bound("name: a\nenvironment:\n  sdk: ^3.12.2\n  # keep in sync\n  flutter: 3.47.0\n") == "3.47.0@5")
        #expect(bound("environment:\n  sdk: \">=3.0.0 <4.0.0\"\n  flutter: \">=3.29.0\"\n") == "3.29.0@3")
        #expect(bound("environment:\n  flutter: ^3.41.0\n  sdk: ^3.11.0\n") == "3.41.0@2")
        #expect(bound("environment:\n  flutter: \"<4.0.0\"\n") == nil)
        // Only under environment: a dependency named flutter is no pin.
        #expect(bound("dependencies:\n  flutter:\n    sdk: flutter\n") == nil)
    }

    @Test func workflowPinsResolveEnvAndVersionFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write(".tool_versions.yaml", Data("environment:\n  flutter: 3.47.0 # Keep in sync\n".utf8))
        let files = Dictionary(MetadataTestSupport.walk(folder.path).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let read: (ProjectFile) -> String? = { try? String(contentsOfFile: $0.absolutePath, encoding: .utf8) }
        let literal = """
        env:
          FLUTTER_VERSION: "3.41.9"
        jobs:
          build:
            steps:
              - uses: subosito/flutter-action@v2
                with:
                  flutter-version: ${{ env.FLUTTER_VERSION }}
        """
        #expect(FlutterReleasePin.workflowPins(literal, path: ".github/workflows/ci.yml", files: files, read: read)
                == [FlutterReleasePin(release: FlutterRelease("3.41.9")!, path: ".github/workflows/ci.yml", line: 2, how: "flutter-version: 3.41.9", isExact: true)])
        let fromFile = "      - uses: subosito/flutter-action@v2\n        with:\n          flutter-version-file: .tool_versions.yaml\n"
        #expect(FlutterReleasePin.workflowPins(fromFile, path: ".github/workflows/ci.yml", files: files, read: read).map(\.path) == [".tool_versions.yaml"])
        #expect(FlutterReleasePin.workflowPins("flutter-version: any\n", path: "w.yml", files: files, read: read).isEmpty)
    }

    // MARK: inspection

    func inspect(_ extra: [String: String], buildFile: String, pubspecEnvironment: String) throws -> (TemporaryFolder, AndroidInspection) {
        let folder = try TemporaryFolder()
        try folder.write("pubspec.yaml", Data("name: app\nversion: 1.0.0+1\nenvironment:\n\(pubspecEnvironment)\ndependencies:\n  flutter:\n    sdk: flutter\n".utf8))
        try folder.write("android/settings.gradle.kts", Data("include(\":app\")\n".utf8))
        try folder.write("android/app/build.gradle.kts", Data(buildFile.utf8))
        try folder.write("android/app/src/main/AndroidManifest.xml", Data("<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application/></manifest>\n".utf8))
        for (path, text) in extra { try folder.write(path, Data(text.utf8)) }
        return (folder, AndroidInspector.inspect(files: MetadataTestSupport.walk(folder.path), root: folder.path, flutterDefaults: Self.defaults))
    }

    /// Excerpt of krille-chan/fluffychat android/app/build.gradle.kts (AGPL-3.0; a few lines, shape only).
    static let fluffychatBuild = """
    plugins {
        id("com.android.application")
        id("dev.flutter.flutter-gradle-plugin")
    }
    android {
        compileSdk = flutter.compileSdkVersion
        defaultConfig {
            applicationId = "chat.fluffy.fluffychat"
            minSdk = flutter.minSdkVersion
            targetSdk = flutter.targetSdkVersion
            versionCode = flutter.versionCode
        }
    }
    """

    @Test func anExactPinPastTheRowsSourcedSpanIsStillALowerBound() throws {
        let (folder, result) = try inspect([
            ".fvmrc": "{\n  \"flutter\": \"3.41.9\"\n}\n",
            ".github/workflows/build.yml": "jobs:\n  b:\n    steps:\n      - uses: subosito/flutter-action@v2\n        with:\n          flutter-version-file: pubspec.yaml\n",
        ], buildFile: Self.fluffychatBuild, pubspecEnvironment: "  sdk: ^3.9.0\n  flutter: \">=3.35.0\"")
        _ = folder
        let target = try #require(result.facts.first { $0.name == "android.target_sdk" })
        #expect(target.value == .number(36))
        // The build-file line, then the exact pin (.fvmrc's 3.41.9; pubspec's ">=3.35.0" is only a lower bound): the
        // 3.35 row has no `through`, so 3.41.9's value is only known to be at least 36.
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "android/app/build.gradle.kts", line: 10), SourceLocation(path: ".fvmrc", line: 2)])
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk_at_least") == .bool(true))
        // The release is exact (.fvmrc), only its value is bounded: gated rules keep their grade.
        #expect(result.android.modules.first?.targetSdkPinIsLowerBound == false)
        #expect(!result.facts.contains { $0.name.hasSuffix("target_sdk_unknown") })
    }

    @Test func anOlderPinGivesTheOlderDefault() throws {
        let (folder, result) = try inspect([".fvm/fvm_config.json": "{\n  \"flutterSdkVersion\": \"3.29.3\"\n}\n"],
                                           buildFile: Self.fluffychatBuild, pubspecEnvironment: "  sdk: ^3.7.0")
        _ = folder
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk") == .number(33))
    }

    @Test func withoutAPinTheTargetSdkStaysUnknown() throws {
        let (folder, result) = try inspect([".fvmrc": "{\n  \"flutter\": \"stable\"\n}\n"], buildFile: Self.fluffychatBuild, pubspecEnvironment: "  sdk: ^3.9.0")
        _ = folder
        #expect(!result.facts.contains { $0.name == "android.target_sdk" })
        #expect(result.facts.contains { $0.name == "android.target_sdk_unknown" })
        #expect(!result.facts.contains { $0.name == "android.target_sdk_at_least" })
    }

    @Test func aLiteralTargetSdkIsNotALowerBound() throws {
        let build = Self.fluffychatBuild.replacingOccurrences(of: "targetSdk = flutter.targetSdkVersion", with: "targetSdk = 35")
        let (folder, result) = try inspect([".fvmrc": "{\n  \"flutter\": \"3.41.9\"\n}\n"], buildFile: build, pubspecEnvironment: "  sdk: ^3.9.0")
        _ = folder
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk") == .number(35))
        #expect(!result.facts.contains { $0.name.hasSuffix("target_sdk_at_least") })
    }

    // MARK: exact pins and lower bounds

    static let sourcedDefaults = FlutterSDKDefaults(rows: [
        .init(flutter: FlutterRelease("3.0")!, compileSdk: 31, minSdk: 16, targetSdk: 31, source: "flutter.gradle", through: FlutterRelease("3.3")),
        .init(flutter: FlutterRelease("3.10")!, compileSdk: 33, minSdk: 16, targetSdk: 33, source: "flutter.gradle"),
    ])

    @Test func aRowIsExactOnlyFromItsReleaseThroughItsLastSourcedLine() {
        let row = Self.sourcedDefaults.rows[0]
        #expect(row.isExact(for: FlutterRelease("3.3.10")!))
        #expect(row.isExact(for: FlutterRelease("3.0.0")!))
        #expect(!row.isExact(for: FlutterRelease("3.7.12")!))
        #expect(!Self.sourcedDefaults.rows[1].isExact(for: FlutterRelease("3.10.0")!))
    }

    @Test func pinsSayWhetherTheyAreExact() {
        #expect(FlutterReleasePin.lockConstraint("packages:\n  a:\n    version: \"1.0.0\"\nsdks:\n  dart: \">=2.18.5 <3.0.0\"\n  flutter: \">=3.3.0\"\n", path: "pubspec.lock")
                == FlutterReleasePin(release: FlutterRelease("3.3.0")!, path: "pubspec.lock", line: 6, how: "pubspec.lock sdks flutter: >=3.3.0", isExact: false))
        // A package named flutter outside sdks: is no pin.
        #expect(FlutterReleasePin.lockConstraint("packages:\n  flutter:\n    source: sdk\n", path: "pubspec.lock") == nil)
        #expect(FlutterReleasePin.toolVersions("nodejs 20.1.0\nflutter 3.24.0-stable\n", path: ".tool-versions")?.isExact == true)
        #expect(FlutterReleasePin.toolVersions("flutter 3.24.0-stable\n", path: ".tool-versions")?.release == FlutterRelease("3.24.0"))
        #expect(FlutterReleasePin.pubspecConstraint("environment:\n  flutter: 3.47.0\n", path: "pubspec.yaml")?.isExact == true)
        #expect(FlutterReleasePin.pubspecConstraint("environment:\n  flutter: \">=3.29.0\"\n", path: "pubspec.yaml")?.isExact == false)
        #expect(FlutterReleasePin.plainVersion("3.47.0-0.4.pre\n", path: ".flutter-version")?.isExact == false)
    }

    /// Shape of paperless-mobile (android/app/build.gradle `targetSdkVersion flutter.targetSdkVersion`; pubspec.lock
    /// `sdks: flutter: ">=3.3.0"`, no other pin; GPL-3.0, lines paraphrased): at least 31, a lower bound.
    @Test func theLockFilesFlutterConstraintIsALowerBound() throws {
        let folder = try TemporaryFolder()
        try folder.write("pubspec.yaml", Data("name: app\nversion: 1.0.0+1\nenvironment:\n  sdk: \">=2.17.0 <3.0.0\"\ndependencies:\n  flutter:\n    sdk: flutter\n".utf8))
        try folder.write("pubspec.lock", Data("packages:\n  a:\n    version: \"1.0.0\"\nsdks:\n  dart: \">=2.18.5 <3.0.0\"\n  flutter: \">=3.3.0\"\n".utf8))
        try folder.write("android/settings.gradle", Data("include ':app'\n".utf8))
        try folder.write("android/app/build.gradle", Data("apply plugin: 'com.android.application'\nandroid {\n    compileSdkVersion 33\n    defaultConfig {\n        minSdkVersion 21\n        targetSdkVersion flutter.targetSdkVersion\n    }\n}\n".utf8))
        try folder.write("android/app/src/main/AndroidManifest.xml", Data("<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application/></manifest>\n".utf8))
        let result = AndroidInspector.inspect(files: MetadataTestSupport.walk(folder.path), root: folder.path, flutterDefaults: Self.sourcedDefaults)
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk") == .number(31))
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk_at_least") == .bool(true))
        #expect(result.facts.first { $0.name == "android.target_sdk" }?.evidence.last?.location == SourceLocation(path: "pubspec.lock", line: 6))
        #expect(result.android.modules.first?.targetSdkPinIsLowerBound == true)
    }

    @Test func anExactPinInsideTheRowsSpanResolvesExactly() throws {
        let (folder, result) = try inspect([".fvmrc": "{\n  \"flutter\": \"3.3.10\"\n}\n"], buildFile: Self.fluffychatBuild, pubspecEnvironment: "  sdk: ^2.18.0")
        _ = folder
        let exact = AndroidInspector.inspect(files: MetadataTestSupport.walk(folder.path), root: folder.path, flutterDefaults: Self.sourcedDefaults)
        #expect(AndroidTestPaths.value(exact.facts, "android.target_sdk") == .number(31))
        #expect(!exact.facts.contains { $0.name.hasSuffix("target_sdk_at_least") })
        // Without the row's `through`, the same pin is only a lower bound.
        #expect(!result.facts.contains { $0.name == "android.target_sdk" })
    }
}
