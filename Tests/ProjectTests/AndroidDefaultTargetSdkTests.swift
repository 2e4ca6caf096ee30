import Foundation
import Testing
import YAML
@testable import Project
@testable import Formats

/// An application module whose build sets no targetSdk: the value AGP gives it, from the agp_sdk_defaults table for
/// the AGP version the build applies (minSdk before 9.0, compileSdk from 9.0 unless gradle.properties opts out).
/// The shape is WireGuard/wireguard-android's (Apache-2.0; excerpted and shortened): `gradle/libs.versions.toml`
/// `agp = "9.1.0"` with `android-application = { id = "com.android.application", version.ref = "agp" }`, and
/// `ui/build.gradle.kts` with `compileSdk = 36`, `minSdk = 24` and no targetSdk.
@Suite struct AndroidDefaultTargetSdkTests {
    static let defaults = AndroidGradlePluginSDKDefaults(rows: [
        .init(agp: DependencyVersion("1.0")!, targetSdk: .minSdk, optOut: nil, source: "uses-sdk-element"),
        .init(agp: DependencyVersion("9.0")!, targetSdk: .compileSdk, optOut: "android.sdk.defaultTargetSdkToCompileSdkIfUnset", source: "BooleanOption.kt"),
    ])

    static let catalog = """
    [versions]
    agp = "9.1.0"

    [libraries]
    androidx-core-ktx = "androidx.core:core-ktx:1.18.0"

    [plugins]
    android-application = { id = "com.android.application", version.ref = "agp" }
    android-library = { id = "com.android.library", version.ref = "agp" }
    """

    static let uiBuild = """
    plugins {
        alias(libs.plugins.android.application)
    }

    android {
        compileSdk = 36
        namespace = "com.wireguard.android"
        defaultConfig {
            applicationId = "com.wireguard.android"
            minSdk = 24
            versionCode = 519
        }
    }
    """

    func inspect(_ files: [String: String]) throws -> (TemporaryFolder, AndroidInspection) {
        let folder = try TemporaryFolder()
        var all = [
            "settings.gradle.kts": "include(\":ui\")\n",
            "build.gradle.kts": "plugins {\n    alias(libs.plugins.android.application) apply false\n}\n",
            "ui/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application/></manifest>\n",
        ]
        all.merge(files) { _, new in new }
        for (path, text) in all { try folder.write(path, Data(text.utf8)) }
        return (folder, AndroidInspector.inspect(files: MetadataTestSupport.walk(folder.path), root: folder.path, agpDefaults: Self.defaults))
    }

    @Test func agp9TakesCompileSdkAndSaysSo() throws {
        let (folder, result) = try inspect(["gradle/libs.versions.toml": Self.catalog, "ui/build.gradle.kts": Self.uiBuild])
        _ = folder
        let target = try #require(result.facts.first { $0.name == "android.target_sdk" })
        #expect(target.value == .number(36))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "ui/build.gradle.kts", line: 6), SourceLocation(path: "gradle/libs.versions.toml", line: 8)])
        #expect(target.evidence.last?.snippet.contains("targetSdk is not set, so AGP 9.1.0 makes it compileSdk, 36") == true)
        #expect(result.android.modules.first?.targetSdkDefault == "AGP 9.1.0's default for an unset targetSdk, compileSdk")
        #expect(!result.facts.contains { $0.name.hasSuffix("target_sdk_unknown") })
        #expect(!result.facts.contains { $0.name.hasSuffix("target_sdk_at_least") })
    }

    @Test func beforeAgp9ItIsMinSdk() throws {
        let catalog = Self.catalog.replacingOccurrences(of: "agp = \"9.1.0\"", with: "agp = \"8.7.3\"")
        let (folder, result) = try inspect(["gradle/libs.versions.toml": catalog, "ui/build.gradle.kts": Self.uiBuild])
        _ = folder
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk") == .number(24))
        #expect(result.android.modules.first?.targetSdkDefault == "AGP 8.7.3's default for an unset targetSdk, minSdk")
    }

    @Test func theOptOutPropertyKeepsTheMinSdkDefault() throws {
        let (folder, result) = try inspect(["gradle/libs.versions.toml": Self.catalog, "ui/build.gradle.kts": Self.uiBuild,
                                            "gradle.properties": "android.sdk.defaultTargetSdkToCompileSdkIfUnset=false\n"])
        _ = folder
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk") == .number(24))
    }

    @Test func aBuildscriptClasspathGivesTheVersionToo() throws {
        let root = "buildscript {\n    ext.agp_version = '9.0.0'\n    dependencies {\n        classpath \"com.android.tools.build:gradle:$agp_version\"\n    }\n}\n"
        let build = "apply plugin: 'com.android.application'\nandroid {\n    compileSdkVersion 35\n    defaultConfig {\n        minSdkVersion 23\n    }\n}\n"
        let (folder, result) = try inspect(["build.gradle": root, "build.gradle.kts": "", "ui/build.gradle": build])
        _ = folder
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk") == .number(35))
    }

    @Test func withoutAnAgpVersionItStaysUnknown() throws {
        let (folder, result) = try inspect(["ui/build.gradle.kts": Self.uiBuild.replacingOccurrences(of: "alias(libs.plugins.android.application)", with: "id(\"com.android.application\")")])
        _ = folder
        #expect(!result.facts.contains { $0.name == "android.target_sdk" })
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk_unknown") == .bool(true))
    }

    @Test func aTargetSdkWrittenWhereItIsNotReadIsNoUnsetOne() throws {
        // A root `subprojects { }` block sets it (shipcheck does not read it as the module's): no default is assumed.
        let root = "plugins {\n    alias(libs.plugins.android.application) apply false\n}\nsubprojects {\n    extensions.findByName(\"android\")?.let { (it as com.android.build.gradle.BaseExtension).defaultConfig.targetSdkVersion(35) }\n}\n"
        let (folder, result) = try inspect(["gradle/libs.versions.toml": Self.catalog, "ui/build.gradle.kts": Self.uiBuild, "build.gradle.kts": root])
        _ = folder
        #expect(!result.facts.contains { $0.name == "android.target_sdk" })
        #expect(AndroidTestPaths.value(result.facts, "android.target_sdk_unknown") == .bool(true))
    }

    @Test func agpVersionsAreReadFromPluginLinesAndClasspaths() {
        let lines: [Substring] = [
            "plugins {",
            "    id(\"com.android.application\") version \"8.13.0\" apply false",
            "    id 'com.android.library' version '8.12.0' apply false",
            "    id(\"org.jetbrains.kotlin.android\") version \"2.2.0\" apply false",
            "}",
            "classpath(\"com.android.tools.build:gradle:7.4.2\")",
        ]
        let found = AndroidGradlePluginVersion.inScript(lines: lines, path: "settings.gradle.kts") { _ in nil }
        #expect(found.map(\.version.description) == ["8.13.0", "8.12.0", "7.4.2"])
        #expect(found.map(\.line) == [2, 3, 6])
    }

    @Test func tableRowsDecodeAndBadRowsAreReported() throws {
        let yaml = """
        - { agp: "9.0", target_sdk: compile_sdk, opt_out: android.sdk.defaultTargetSdkToCompileSdkIfUnset, source: "BooleanOption.kt" }
        - { agp: "9.0", target_sdk: min_sdk, source: "again" }
        - { agp: "x", target_sdk: target_sdk, source: "x" }
        """
        let node = try #require(try YAMLParser.parse(yaml, file: "t.yml"))
        let diagnostics = Diagnostics(file: "t.yml")
        let rows = AndroidGradlePluginSDKDefaults.read(NodeReader(node: node, path: "value", diagnostics: diagnostics))
        #expect(rows.map(\.targetSdk) == [.compileSdk, .minSdk])
        let messages = diagnostics.errors.map(\.message)
        #expect(messages.contains { $0.contains("AGP 9.0 is already in the table") })
        #expect(messages.contains { $0.contains("an Android Gradle Plugin version") })
        #expect(messages.contains { $0.contains("min_sdk or compile_sdk, got \"target_sdk\"") })
    }
}
