import Foundation
import Testing
@testable import Project

/// The Android inspector over the small projects in Tests/Fixtures/android.
struct AndroidInspectorTests {
    func inspect(_ name: String) -> AndroidInspection {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("android/\(name)")
        return AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }

    func fact(_ result: AndroidInspection, _ name: String) -> Fact? {
        result.facts.first { $0.name == name }
    }

    @Test func multiModuleProjectResolvesRootExtAndPropertiesAndTakesTheLowestTarget() throws {
        let result = inspect("multimodule")
        #expect(result.problems.isEmpty)
        let kinds = Dictionary(uniqueKeysWithValues: result.android.gradleFiles.map { ($0.location.path, $0.kind) })
        #expect(kinds == ["app/build.gradle": .application, "build.gradle": .other, "lib/build.gradle": .library])

        let target = try #require(fact(result, "android.target_sdk"))
        #expect(target.value == .number(34))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "app/build.gradle", line: 16)])
        #expect(target.evidence.first?.snippet == "targetSdkVersion 34")

        let min = try #require(fact(result, "android.min_sdk"))
        #expect(min.value == .number(23))
        #expect(min.evidence.map(\.location) == [SourceLocation(path: "app/build.gradle", line: 7), SourceLocation(path: "build.gradle", line: 3)])

        #expect(fact(result, "android.version_code")?.value == .number(321))
        #expect(fact(result, "android.application_id")?.value == .string("com.example.multi"))
        #expect(fact(result, "android.project")?.evidence.first?.location == SourceLocation(path: "app/build.gradle", line: 1))
        #expect(fact(result, "android.target_sdk_unknown") == nil)
        #expect(result.android.gradleFiles.first { $0.kind == .application }?.productFlavors.map(\.name) == ["free", "pro"])
    }

    @Test func permissionsComeFromShippingManifestsOnly() throws {
        let result = inspect("multimodule")
        let permissions = result.facts.map(\.name).filter { $0.hasPrefix("android.permission.") }.sorted()
        #expect(permissions == ["android.permission.CAMERA", "android.permission.com.google.android.gms.permission.AD_ID"])
        #expect(fact(result, "android.permission.CAMERA")?.evidence.first?.location == SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 3))
        // leanback not required: a phone app that also runs on TV.
        #expect(fact(result, "android.form_factor")?.value == .string("phone"))
    }

    @Test func wearAppReadsItsCatalogAndItsFormFactor() throws {
        let result = inspect("wear")
        #expect(result.problems.isEmpty)
        #expect(result.android.gradleFiles.first?.kind == .application)
        #expect(result.android.gradleFiles.first?.plugins == ["com.android.application"])
        let target = try #require(fact(result, "android.target_sdk"))
        #expect(target.value == .number(35))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "app/build.gradle.kts", line: 10), SourceLocation(path: "gradle/libs.versions.toml", line: 2)])
        #expect(target.evidence.last?.snippet == "android-targetSdk = \"35\"")
        #expect(fact(result, "android.min_sdk")?.value == .number(30))
        let formFactor = try #require(fact(result, "android.form_factor"))
        #expect(formFactor.value == .string("wear"))
        #expect(formFactor.evidence.first?.location == SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 3))
    }

    @Test func computedTargetIsUnknownWithThePlacesLookedAt() throws {
        let result = inspect("unknown")
        #expect(fact(result, "android.target_sdk") == nil)
        #expect(fact(result, "android.min_sdk")?.value == .number(26))
        #expect(fact(result, "android.version_code") == nil)
        let unknown = try #require(fact(result, "android.target_sdk_unknown"))
        #expect(unknown.value == .bool(true))
        #expect(unknown.evidence == [
            Evidence(location: SourceLocation(path: "app/build.gradle.kts", line: 12), snippet: "targetSdk = findTargetSdk(project)"),
            Evidence(location: SourceLocation(path: "gradle.properties"), snippet: ""),
        ])
        let setting = try #require(result.android.gradleFiles.first?.settings(.targetSdk).first)
        #expect(setting.value == nil)
        #expect(setting.expression == "findTargetSdk(project)")
    }

    /// davx5's gradle.properties has `Copyright \u{A9}` in ISO 8859-1, as Java and Gradle read `.properties` files;
    /// a build script in Latin-1 is still no text the inspectors read.
    @Test func aPropertiesFileIsReadAsLatin1AndOtherFilesAreNot() throws {
        let folder = try TemporaryFolder()
        try folder.write("gradle.properties", Data([0x23, 0x20, 0xA9, 0x0A] + Array("versionCode=12\n".utf8)))
        try folder.write("app/build.gradle", Data([0x2F, 0x2F, 0x20, 0xA9, 0x0A]))
        let files = MetadataTestSupport.walk(folder.path)
        let properties = try #require(files.first { $0.path == "gradle.properties" })
        #expect(try InspectedText.read(properties) == "# \u{A9}\nversionCode=12\n")
        let script = try #require(files.first { $0.path == "app/build.gradle" })
        #expect(throws: InspectedText.Failure.self) { try InspectedText.read(script) }
    }

    @Test func brokenFilesAreProblemsAndTheRestIsStillRead() throws {
        let result = inspect("broken")
        let problems = result.problems.sorted { $0.location < $1.location }
        #expect(problems.map(\.location.path) == ["app/src/main/AndroidManifest.xml", "other/build.gradle"])
        #expect(problems.first?.location.line == 5)
        #expect(problems.first?.message.hasPrefix("is not well-formed XML") == true)
        #expect(problems.last?.message == "is not UTF-8 text; skipped")
        #expect(fact(result, "android.target_sdk")?.value == .number(36))
        // The library manifest is still read, but the app does not depend on `lib`: its permission is not the app's.
        #expect(result.android.manifests.map(\.location.path) == ["lib/src/main/AndroidManifest.xml"])
        #expect(fact(result, "android.permission.INTERNET") == nil)
    }

    @Test func noAppModuleMeansNoAndroidProjectFacts() {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("android/multimodule")
        let libraryOnly = AndroidTestPaths.walk(root).filter { $0.path.hasPrefix("lib/") }
        let result = AndroidInspector.inspect(files: libraryOnly, root: root.path)
        #expect(result.facts.isEmpty)
        #expect(result.android.gradleFiles.map(\.kind) == [.library])
    }

    @Test func oversizedFileIsAProblemNotARead() {
        let file = ProjectFile(path: "app/build.gradle", absolutePath: "/nonexistent", size: InspectedText.maxBytes + 1, isVendored: false)
        let result = AndroidInspector.inspect(files: [file], root: "/")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.message.contains("larger than") == true)
    }
}
