import Foundation
import Testing
@testable import Project

/// A Flutter app's versionCode: the build file names the Flutter tool's value, which `flutter build` takes
/// from pubspec.yaml's `version: <name>+<build number>` (shape of krille-chan/fluffychat and
/// lichess-org/mobile: `versionCode = flutter.versionCode`; of localsend and spotube: `flutterVersionCode.toInteger()`).
@Suite struct FlutterBuildVersionTests {
    @Test func theExpressionsThatNameTheFlutterBuildNumber() {
        #expect(FlutterBuildVersion.namesFlutterBuildNumber("flutter.versionCode"))
        #expect(FlutterBuildVersion.namesFlutterBuildNumber("flutterVersionCode.toInteger()"))
        #expect(FlutterBuildVersion.namesFlutterBuildNumber("flutterVersionCode.toInt()"))
        #expect(!FlutterBuildVersion.namesFlutterBuildNumber("flutter.versionName"))
        #expect(!FlutterBuildVersion.namesFlutterBuildNumber("computeVersionCode()"))
    }

    @Test func theBuildNumberOfThePubspecVersion() {
        #expect(FlutterBuildVersion.buildNumber(pubspec: "name: app\nversion: 2.9.3+3562\n")! == (3562, 2))
        #expect(FlutterBuildVersion.buildNumber(pubspec: "version: \"1.0.0+7\" # release\n")! == (7, 1))
        // No build number: flutter build's default is not written here, so nothing is claimed.
        #expect(FlutterBuildVersion.buildNumber(pubspec: "version: 1.0.0\n") == nil)
        // Only the top-level key: a dependency's nested `version:` is indented.
        #expect(FlutterBuildVersion.buildNumber(pubspec: "dependencies:\n  foo:\n    version: 1.0.0+9\n") == nil)
    }

    func inspect(_ buildFile: (name: String, text: String), pubspecVersion: String) throws -> (TemporaryFolder, AndroidInspection) {
        let folder = try TemporaryFolder()
        try folder.write("pubspec.yaml", Data("name: app\nversion: \(pubspecVersion)\ndependencies:\n  flutter:\n    sdk: flutter\n".utf8))
        try folder.write("android/settings.gradle", Data("include ':app'\n".utf8))
        try folder.write("android/app/\(buildFile.name)", Data(buildFile.text.utf8))
        try folder.write("android/app/src/main/AndroidManifest.xml", Data("<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application/></manifest>\n".utf8))
        return (folder, AndroidInspector.inspect(files: MetadataTestSupport.walk(folder.path), root: folder.path))
    }

    @Test func theVersionCodeIsThePubspecBuildNumber() throws {
        let kts = """
        plugins {
            id("com.android.application")
            id("dev.flutter.flutter-gradle-plugin")
        }
        android {
            defaultConfig {
                applicationId = "im.fluffychat.fluffychat"
                versionCode = flutter.versionCode
                versionName = flutter.versionName
            }
        }
        """
        let (folder, result) = try inspect((name: "build.gradle.kts", text: kts), pubspecVersion: "2.9.3+3562")
        _ = folder
        let code = try #require(result.facts.first { $0.name == "android.version_code" })
        #expect(code.value == .number(3562))
        #expect(code.evidence.map(\.location) == [SourceLocation(path: "android/app/build.gradle.kts", line: 8), SourceLocation(path: "pubspec.yaml", line: 2)])
        #expect(!result.facts.contains { $0.name.hasSuffix(".version_code_unknown") })
    }

    @Test func withoutABuildNumberTheVersionCodeStaysUnknown() throws {
        let groovy = """
        apply plugin: 'com.android.application'
        def flutterVersionCode = localProperties.getProperty('flutter.versionCode')
        android {
            defaultConfig {
                versionCode flutterVersionCode.toInteger()
            }
        }
        """
        let (folder, result) = try inspect((name: "build.gradle", text: groovy), pubspecVersion: "1.0.0")
        _ = folder
        #expect(!result.facts.contains { $0.name == "android.version_code" })
        #expect(result.facts.contains { $0.name.hasSuffix(".version_code_unknown") })
    }
}
