import Foundation
import Testing
@testable import Project
@testable import Formats

/// The release model over Tests/Fixtures/android/release: modules from settings.gradle.kts, one app per
/// form factor, values through buildSrc constants, gradle.properties, `apply from:` and `extra`, and the
/// merged release manifest of the Play flavor with `tools:node="remove"`.
struct AndroidReleaseModelTests {
    static let result: AndroidInspection = {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("android/release")
        return AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }()

    func fact(_ name: String) -> Fact? { Self.result.facts.first { $0.name == name } }

    @Test func readsWithoutProblems() {
        #expect(Self.result.problems.isEmpty)
    }

    @Test func modulesComeFromSettingsAndApplyFalseIsNotOne() throws {
        #expect(fact("android.modules")?.value == .list(["app", "apps/tv", "wear"]))
        #expect(fact("android.modules_skipped")?.value == .list(["sample"]))
        // The root applies nothing (`apply false`), `unused` is in no include list.
        let kinds = Dictionary(uniqueKeysWithValues: Self.result.android.gradleFiles.map { ($0.location.path, $0.kind) })
        #expect(kinds["build.gradle.kts"] == .other)
        #expect(fact("android.project")?.evidence.map(\.location.path) == ["app/build.gradle.kts", "apps/tv/build.gradle", "wear/build.gradle.kts"])
        #expect(fact("android.release_module")?.value == .string("app"))
    }

    @Test func eachAppModuleHasItsOwnFormFactor() throws {
        #expect(fact("android.form_factor")?.value == .string("phone"))
        #expect(fact("android.module.app.form_factor")?.value == .string("phone"))
        // play-services-wearable on the phone app does not make it a watch app; wear compose on `wear` does.
        let wear = try #require(fact("android.module.wear.form_factor"))
        #expect(wear.value == .string("wear"))
        #expect(wear.evidence.first?.location == SourceLocation(path: "wear/build.gradle.kts", line: 16))
        let tv = try #require(fact("android.module.apps/tv.form_factor"))
        #expect(tv.value == .string("tv"))
        #expect(tv.evidence.first?.location == SourceLocation(path: "apps/tv/src/main/AndroidManifest.xml", line: 3))
    }

    @Test func valuesAreResolvedWithWhereTheyWereRead() throws {
        let target = try #require(fact("android.target_sdk"))
        #expect(target.value == .number(36))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "app/build.gradle.kts", line: 11),
                                                    SourceLocation(path: "buildSrc/src/main/kotlin/Config.kt", line: 3)])
        let code = try #require(fact("android.version_code"))
        #expect(code.value == .number(4711))
        #expect(code.evidence.last?.location == SourceLocation(path: "gradle.properties", line: 2))
        #expect(fact("android.min_sdk")?.value == .number(26))
        #expect(fact("android.application_id")?.value == .string("com.example.tally"))

        #expect(fact("android.module.wear.target_sdk")?.value == .number(35))
        #expect(fact("android.module.wear.target_sdk")?.evidence.last?.location == SourceLocation(path: "buildSrc/src/main/kotlin/Config.kt", line: 9))
        let tvTarget = try #require(fact("android.module.apps/tv.target_sdk"))
        #expect(tvTarget.value == .number(33))
        #expect(tvTarget.evidence.map(\.location) == [SourceLocation(path: "gradle/tv-common.gradle", line: 4),
                                                      SourceLocation(path: "build.gradle.kts", line: 6)])
        #expect(fact("android.module.apps/tv.min_sdk")?.value == .number(28))
        #expect(fact("android.target_sdk_unknown") == nil)
    }

    @Test func permissionsAreThoseOfTheMergedPlayReleaseManifest() {
        let permissions = Self.result.facts.map(\.name).filter { $0.hasPrefix("android.permission.") }.sorted()
        // READ_CONTACTS: removed by the play flavor. POST_NOTIFICATIONS: the library's, removed by the app.
        // REQUEST_INSTALL_PACKAGES: fdroid only. SYSTEM_ALERT_WINDOW: debug only. READ_SMS: the sample app.
        // BODY_SENSORS: the Wear OS module, which has the same applicationId.
        #expect(permissions == ["android.permission.ACCESS_NETWORK_STATE", "android.permission.BODY_SENSORS",
                                "android.permission.CAMERA", "android.permission.INTERNET"])
        #expect(fact("android.module.app.release_manifests")?.value
            == .list(["app/src/play/AndroidManifest.xml", "app/src/main/AndroidManifest.xml", "core/src/main/AndroidManifest.xml"]))
    }

    @Test func manifestProblemsAreKeptPerModule() throws {
        let libraryReceiver = try #require(fact("android.module.app.exported_missing"))
        #expect(libraryReceiver.value == .list(["<receiver com.example.tally.core.SyncReceiver>"]))
        #expect(libraryReceiver.evidence.first?.location == SourceLocation(path: "core/src/main/AndroidManifest.xml", line: 6))
        #expect(fact("android.module.app.debuggable") == nil)  // only the debug source set says so
        #expect(fact("android.module.apps/tv.debuggable")?.evidence.first?.location == SourceLocation(path: "apps/tv/src/main/AndroidManifest.xml", line: 4))
        #expect(fact("android.module.apps/tv.cleartext_traffic")?.value == .bool(true))
        #expect(fact("android.module.apps/tv.exported_missing")?.value == .list(["<activity .TvActivity>"]))
    }

    /// The model part holds the modules the facts are drawn from: the same values with the same evidence.
    @Test func thePartHoldsTheModulesTheFactsAreDrawnFrom() throws {
        let part = Self.result.android
        #expect(part.modules.map(\.name) == ["app", "apps/tv", "wear"])
        #expect(part.modules.filter(\.isRelease).map(\.name) == ["app"])
        let wear = try #require(part.modules.first { $0.name == "wear" })
        #expect(wear.formFactor.value == "wear")
        #expect(wear.targetSdk?.value == 35)
        #expect(wear.targetSdk?.evidence == fact("android.module.wear.target_sdk")?.evidence)
        let tv = try #require(part.modules.first { $0.name == "apps/tv" })
        #expect(tv.debuggable == fact("android.module.apps/tv.debuggable")?.evidence)
        #expect(tv.exportedMissing?.value == ["<activity .TvActivity>"])
        #expect(tv.cleartextTraffic != nil)
        // The app's merged Play release manifest: the library's POST_NOTIFICATIONS the app removes, the play
        // flavour's removed READ_CONTACTS, the fdroid flavour's and the debug set's permissions are not there.
        let app = try #require(part.releaseModule)
        #expect(app.permissions.map(\.name).sorted() == ["android.permission.ACCESS_NETWORK_STATE", "android.permission.CAMERA", "android.permission.INTERNET"])
        #expect(app.permissions.allSatisfy { $0.module == "app" })
        #expect(app.components.contains { $0.component.name == "com.example.tally.core.SyncReceiver" && $0.location.path == "core/src/main/AndroidManifest.xml" })
        // The app's permissions (what `given: android.permissions.*` selects) are every module's, the sample's not.
        #expect(part.shippedPermissions.map(\.name).sorted() == ["android.permission.ACCESS_NETWORK_STATE", "android.permission.BODY_SENSORS",
                                                                 "android.permission.CAMERA", "android.permission.INTERNET"])
    }

    // MARK: Pieces

    @Test func settingsIncludesAndProjectDirOverrides() {
        let settings = GradleSettings.parse("""
        include ':app', ':feature:home'
        include(":wear")
        include(
            ":tv", // the TV app
        )
        includeBuild("build-logic")
        project(':wear').projectDir = new File(rootDir, 'apps/wear')
        include(*extraModules.toTypedArray())
        """)
        #expect(settings.modules.map(\.path) == [":app", ":feature:home", ":wear", ":tv"])
        #expect(settings.modules.map(\.folder) == ["app", "feature/home", "apps/wear", "tv"])
        #expect(settings.includedBuilds == ["build-logic"])
        #expect(settings.hasComputedIncludes)
    }

    @Test func applyFalseDeclaresWithoutApplying() {
        let script = GradleScript.parse("""
        plugins {
            alias(libs.plugins.android.application) apply false
            id("com.android.library") version "8.7.0" apply false
            id 'com.android.application' version '8.7.0' apply false
            id("com.android.application").version("8.7.0").apply(false)
            alias(libs.plugins.android.library).apply(false)
            id("com.android.library") version "8.7.0" apply(false)
            alias(libs.plugins.kotlin.android)
        }
        """)
        #expect(script.plugins.map(\.id) == ["libs.plugins.kotlin.android"])
    }

    @Test func applyFromAndProjectDependenciesAreRead() {
        let script = GradleScript.parse("""
        apply from: '../common.gradle'
        apply(from = "$rootDir/gradle/versions.gradle.kts")
        apply(from = rootProject.file("gradle/signing.gradle"))
        dependencies {
            implementation project(':core')
            implementation(project(":feature:home"))
            api(projects.core.ui)
            testImplementation(project(":testing"))
        }
        """)
        #expect(script.appliedScripts.map(\.path) == ["../common.gradle", "$rootDir/gradle/versions.gradle.kts", "$rootDir/gradle/signing.gradle"])
        #expect(script.projectDependencies.map(\.path) == [":core", ":feature:home", "projects.core.ui"])
        #expect(AndroidInspector.resolveAppliedPath("../common.gradle", from: "app") == "common.gradle")
        #expect(AndroidInspector.resolveAppliedPath("$rootDir/gradle/versions.gradle.kts", from: "app") == "gradle/versions.gradle.kts")
        #expect(AndroidInspector.resolveAppliedPath("https://example.com/x.gradle", from: "app") == nil)
    }

    @Test func kotlinConstantsInObjectsAndAtTopLevel() {
        var constants = KotlinConstants()
        constants.add(text: """
        package config

        object Versions {
            const val TARGET_SDK = 35
            object Wear { const val TARGET = 34 }
        }
        const val MIN_SDK = 24
        class NotAnObject { val targetSdk = 1 }
        fun compute() { val local = 2 }
        """, path: "buildSrc/src/main/kotlin/Versions.kt")
        #expect(constants.constants.map(\.name) == ["Versions.TARGET_SDK", "Versions.Wear.TARGET", "MIN_SDK"])
        #expect(constants.lookup("Versions.TARGET_SDK")?.line == 4)
        #expect(constants.lookup("Wear.TARGET")?.expression == "34")
        #expect(constants.lookup("targetSdk") == nil)
    }

    @Test func newBlockFormOfTargetSdkIsRead() {
        let script = GradleScript.parse("""
        android {
            defaultConfig {
                targetSdk {
                    version = release(libs.versions.targetSdk.get().toInt())
                }
                minSdk { version = release(29) }
            }
            compileSdk { version = release(36) }
        }
        """)
        // AGP 9's `compileSdk { version = release(36) }` in the android block is the module's compileSdk (what an
        // unset targetSdk defaults to from AGP 9).
        #expect(script.settings.map(\.name) == [.targetSdk, .minSdk, .compileSdk])
        #expect(script.settings.last?.expression == "release(36)")
        #expect(GradleValueResolver.unwrap("release(29)") == "29")
    }

    @Test func compileSdkIsReadOnlyFromTheAndroidBlock() {
        let script = GradleScript.parse("""
        android {
            compileSdkVersion 35
            defaultConfig {
                compileSdk = 99
            }
            lint { targetSdk = 30 }
        }
        compileSdk = 12
        """)
        #expect(script.settings.map { "\($0.name):\($0.expression)" } == ["compileSdk:35"])
    }

    /// Kotlin Multiplatform's Android source sets by AGP's names; AGP's own `androidTest` sets keep theirs.
    @Test func kotlinMultiplatformSourceSetsAreAGPs() {
        let sets = ["shared/src/androidMain/AndroidManifest.xml", "shared/src/androidRelease/AndroidManifest.xml",
                    "shared/src/androidFreeDebug/AndroidManifest.xml", "shared/src/androidUnitTest/AndroidManifest.xml",
                    "shared/src/androidInstrumentedTest/AndroidManifest.xml", "app/src/androidTest/AndroidManifest.xml",
                    "app/src/androidTestDebug/AndroidManifest.xml", "app/src/main/AndroidManifest.xml", "app/src/android/AndroidManifest.xml"]
            .map { AndroidManifestReader.sourceSet(of: $0) }
        #expect(sets == ["main", "release", "freeDebug", "test", "androidTest", "androidTest", "androidTestDebug", "main", "android"])
    }

    @Test func toolsNodeRemoveAndRemoveAllTakeOutLowerPriorityElements() throws {
        func manifest(_ path: String, _ xml: String) throws -> AndroidManifestFile {
            try AndroidManifestReader.read(text: xml, location: SourceLocation(path: path))
        }
        let header = #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools">"#
        let main = try manifest("app/src/main/AndroidManifest.xml", header + """

            <uses-permission android:name="android.permission.CAMERA" />
            <uses-permission android:name="android.permission.READ_SMS" tools:node="remove" />
            <uses-feature android:name="android.hardware.camera" />
        </manifest>
        """)
        let release = try manifest("app/src/release/AndroidManifest.xml", header + """

            <uses-feature android:name="android.hardware.camera" tools:node="removeAll" />
        </manifest>
        """)
        let library = try manifest("lib/src/main/AndroidManifest.xml", header + """

            <uses-permission android:name="android.permission.READ_SMS" />
            <uses-permission android:name="android.permission.INTERNET" />
            <uses-feature android:name="android.hardware.location" />
        </manifest>
        """)
        let merged = AndroidMergedManifest.merge([release, main, library])
        #expect(merged.permissions.map(\.value.name) == ["android.permission.CAMERA", "android.permission.INTERNET"])
        #expect(merged.removedPermissions.map(\.path) == ["app/src/main/AndroidManifest.xml"])
        #expect(merged.features.isEmpty)
    }

    @Test func aNetworkSecurityConfigPermittingCleartextEverywhereIsSeen() {
        let permissive = """
        <?xml version="1.0" encoding="utf-8"?>
        <network-security-config>
            <base-config
                cleartextTrafficPermitted="true" />
        </network-security-config>
        """
        #expect(AndroidInspector.permissiveBaseConfigLine(permissive) == 3)
        let limited = """
        <network-security-config>
            <base-config cleartextTrafficPermitted="false" />
            <domain-config cleartextTrafficPermitted="true"><domain>10.0.2.2</domain></domain-config>
        </network-security-config>
        """
        #expect(AndroidInspector.permissiveBaseConfigLine(limited) == nil)
    }

    @Test func classBasedConventionPluginSetsTheTarget() throws {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("android/convention")
        let result = AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
        #expect(result.problems.isEmpty)
        let target = try #require(result.facts.first { $0.name == "android.target_sdk" })
        #expect(target.value == .number(35))
        #expect(target.evidence.map(\.location) == [
            SourceLocation(path: "build-logic/convention/src/main/kotlin/AndroidApplicationConventionPlugin.kt", line: 12),
            SourceLocation(path: "build-logic/convention/src/main/kotlin/com/example/AppVersions.kt", line: 4),
        ])
        #expect(result.facts.first { $0.name == "android.min_sdk" }?.value == .number(23))
        #expect(result.facts.first { $0.name == "android.modules" }?.value == .list(["app"]))
        #expect(AndroidInspector.registeredPlugins("""
        gradlePlugin { plugins { register("lib") { id = "x.android.library"; implementationClass = "LibraryPlugin" } } }
        """, catalogs: [:]).map(\.0) == ["x.android.library"])
    }

    @Test func anXRAppIsItsOwnFormFactor() throws {
        let manifest = try AndroidManifestReader.read(text: """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <uses-feature android:name="android.software.xr.api.spatial" android:required="true" />
        </manifest>
        """, location: SourceLocation(path: "xr/src/main/AndroidManifest.xml"))
        let (formFactor, marker) = AndroidFormFactor.detect(manifest: AndroidMergedManifest.merge([manifest]), dependencies: [])
        #expect(formFactor == .xr)
        #expect(marker?.line == 2)
        let optional = try AndroidManifestReader.read(text: """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <uses-feature android:name="android.software.xr.api.spatial" android:required="false" />
        </manifest>
        """, location: SourceLocation(path: "app/src/main/AndroidManifest.xml"))
        #expect(AndroidFormFactor.detect(manifest: AndroidMergedManifest.merge([optional]), dependencies: []).0 == .phone)
    }

    @Test func testAndSampleModulesAreRecognisedByWholeWords() {
        #expect(AndroidAppModule.notShippingReason(name: "testharness") != nil)
        #expect(AndroidAppModule.notShippingReason(name: "samples/compose") != nil)
        #expect(AndroidAppModule.notShippingReason(name: "apps/sampleApp") != nil)
        #expect(AndroidAppModule.notShippingReason(name: "ui-benchmark") != nil)
        #expect(AndroidAppModule.notShippingReason(name: "attestation") == nil)
        #expect(AndroidAppModule.notShippingReason(name: "app") == nil)
        #expect(AndroidAppModule.words("wearDemo_app") == ["wear", "demo", "app"])
    }

    @Test func settingsThatNameNoAppModuleDoNotHideTheApp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-android-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app"), withIntermediateDirectories: true)
        // `:mobile` lives in `app` through a projectDir the settings compute.
        try "include(\":mobile\")\nproject(\":mobile\").projectDir = file(appDir)\n".write(to: root.appendingPathComponent("settings.gradle.kts"), atomically: true, encoding: .utf8)
        try "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { targetSdk = 35 } }\n"
            .write(to: root.appendingPathComponent("app/build.gradle.kts"), atomically: true, encoding: .utf8)
        let result = AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
        #expect(result.facts.first { $0.name == "android.modules" }?.value == .list(["app"]))
        #expect(result.facts.first { $0.name == "android.target_sdk" }?.value == .number(35))
    }
}
