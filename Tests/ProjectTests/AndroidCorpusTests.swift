import Foundation
import Testing
@testable import Project

/// The inspector over the real corpus apps; every value pinned here was checked by hand against the file.
struct AndroidCorpusTests {
    func inspect(_ app: String) -> AndroidInspection {
        let root = AndroidTestPaths.corpus.appendingPathComponent(app)
        return AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }

    @Test func everyCorpusManifestAndScriptParses() {
        let apps = ["FossifyOrg__Gallery", "Kunzisoft__KeePassDX", "BlueWallet__BlueWallet", "nextcloud__android", "TeamNewPipe__NewPipe"]
        var manifests = 0
        var scripts = 0
        for app in apps {
            let result = inspect(app)
            #expect(result.problems.isEmpty, "\(app): \(result.problems)")
            manifests += result.android.manifests.count
            scripts += result.android.gradleFiles.count
        }
        #expect(manifests == 18)
        #expect(scripts == 12)
    }

    func fact(_ result: AndroidInspection, _ name: String) -> Fact? {
        result.facts.first { $0.name == name }
    }

    @Test func keePassDXAppModuleAmongFiveLibraries() throws {
        let result = inspect("Kunzisoft__KeePassDX")
        #expect(result.android.gradleFiles.filter { $0.kind == .application }.map(\.location.path) == ["app/build.gradle"])
        #expect(result.android.gradleFiles.filter { $0.kind == .library }.count == 5)
        let target = try #require(fact(result, "android.target_sdk"))
        #expect(target.value == .number(35))
        #expect(target.evidence.first?.location == SourceLocation(path: "app/build.gradle", line: 13))
        #expect(fact(result, "android.min_sdk")?.value == .number(19))
        #expect(fact(result, "android.version_code")?.value == .number(44500))
        #expect(fact(result, "android.application_id")?.value == .string("com.kunzisoft.keepass"))
        #expect(result.android.gradleFiles.first { $0.kind == .application }?.productFlavors.map(\.name) == ["libre", "free"])
        // A multi-line <uses-permission>: the line of its android:name.
        #expect(fact(result, "android.permission.POST_NOTIFICATIONS")?.evidence.first?.location == SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 17))
    }

    @Test func blueWalletTargetComesFromTheRootExtBlock() throws {
        let target = try #require(fact(inspect("BlueWallet__BlueWallet"), "android.target_sdk"))
        #expect(target.value == .number(36))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "android/app/build.gradle", line: 88), SourceLocation(path: "android/build.gradle", line: 8)])
        #expect(target.evidence.map(\.snippet) == ["targetSdkVersion rootProject.ext.targetSdkVersion", "targetSdkVersion = 36"])
    }

    @Test func fossifyTargetComesFromTheVersionCatalog() throws {
        let result = inspect("FossifyOrg__Gallery")
        #expect(result.android.gradleFiles.first?.kind == .application)
        let target = try #require(fact(result, "android.target_sdk"))
        #expect(target.value == .number(36))
        #expect(target.evidence.last?.location == SourceLocation(path: "gradle/libs.versions.toml", line: 41))
        // applicationId = project.property("APP_ID"): gradle.properties is not in the corpus, so it stays unknown.
        #expect(result.android.gradleFiles.first?.settings(.applicationId).first?.value == nil)
    }

    @Test func nextcloudIgnoresLintAndTestTargets() throws {
        let result = inspect("nextcloud__android")
        #expect(fact(result, "android.target_sdk")?.value == .number(36))
        #expect(fact(result, "android.target_sdk")?.evidence.first?.location == SourceLocation(path: "app/build.gradle.kts", line: 117))
        let appscan = try #require(result.android.gradleFiles.first { $0.location.path == "appscan/build.gradle.kts" })
        #expect(appscan.kind == .library)
        #expect(appscan.settings(.targetSdk).isEmpty)
        #expect(result.android.gradleFiles.first { $0.kind == .application }?.productFlavors.map(\.name) == ["generic", "gplay", "huawei", "versionDev", "qa"])
    }

    @Test func newPipeIsAPhoneAppWithAComputedVersionCode() throws {
        let result = inspect("TeamNewPipe__NewPipe")
        #expect(fact(result, "android.target_sdk")?.value == .number(35))
        #expect(fact(result, "android.form_factor")?.value == .string("phone"))
        #expect(fact(result, "android.version_code") == nil)
        #expect(result.android.gradleFiles.first?.settings(.namespace).first?.value == "org.schabi.newpipe")
        #expect(fact(result, "android.permission.POST_NOTIFICATIONS")?.evidence.first?.location == SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 14))
    }
}
