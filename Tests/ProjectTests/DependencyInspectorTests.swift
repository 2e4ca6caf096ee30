import Foundation
import Testing
@testable import Project

/// The dependency inspector over Tests/Fixtures/dependencies: one project with every lock-file kind,
/// one with only Pods/Manifest.lock, one with broken lock files.
struct DependencyInspectorTests {
    func inspect(_ name: String) -> InspectorOutput<DependenciesPart> {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("dependencies/\(name)")
        return DependencyInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }

    func summary(_ result: InspectorOutput<DependenciesPart>, _ ecosystem: Dependency.Ecosystem) -> [String] {
        (result.part?.dependencies ?? []).filter { $0.ecosystem == ecosystem }
            .map { "\($0.name) \($0.version ?? "-") @\($0.location)" }.sorted()
    }

    @Test func cocoaPodsFoldSubspecsAndSkipTheManifestCopy() {
        let result = inspect("mixed")
        #expect(summary(result, .cocoapods) == [
            "Alamofire 5.9.1 @ios/Podfile.lock:2",
            "FirebaseCore 10.24.0 @ios/Podfile.lock:3",
            "FirebaseCoreInternal 10.24.0 @ios/Podfile.lock:6",
            "GoogleUtilities 7.13.0 @ios/Podfile.lock:8",
            "SDWebImage 5.19.1 @ios/Podfile.lock:11",
        ])
    }

    @Test func swiftPackagesFromTheResolvedFileTheAppBuildUses() {
        // legacy/Package.resolved is a package-local file; the project's resolved file overrides it.
        #expect(summary(inspect("mixed"), .swiftpm) == [
            "Kingfisher 7.12.0 @ios/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved:5",
            "swift-collections main @ios/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved:14",
        ])
    }

    @Test func resolvedVersion1IsRead() throws {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("dependencies/mixed/legacy")
        let result = DependencyInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
        #expect(summary(result, .swiftpm) == ["SnapKit 5.6.0 @Package.resolved:5"])
    }

    @Test func carthageEntriesOfEveryKind() {
        #expect(summary(inspect("mixed"), .carthage) == [
            "Charts v4.1.0 @ios/Cartfile.resolved:3",
            "FirebaseAnalyticsBinary 10.24.0 @ios/Cartfile.resolved:2",
            "RxSwift 6.6.0 @ios/Cartfile.resolved:1",
        ])
    }

    @Test func vendoredFrameworksKnowWhetherTheyShipAPrivacyManifest() {
        let vendored = (inspect("mixed").part?.dependencies ?? []).filter { $0.ecosystem == .vendored }.sorted { $0.name < $1.name }
        #expect(vendored.map(\.name) == ["Old", "Vendor"])
        #expect(vendored.map(\.hasPrivacyManifest) == [false, true])
        #expect(vendored.map(\.location.path) == ["ios/Frameworks/Old.framework", "ios/Frameworks/Vendor.xcframework"])
    }

    @Test func pubPackages() {
        #expect(summary(inspect("mixed"), .pub) == [
            "Flutter 3.19.0 @flutter/pubspec.lock:21",
            "path_provider 2.1.3 @flutter/pubspec.lock:4",
            "url_launcher 6.3.0 @flutter/pubspec.lock:12",
        ])
    }

    @Test func aFlutterAppsSDKPackageIsItsLeastFlutterVersionAndItsPodsKeepTheirPlaceholders() throws {
        let result = inspect("flutter-app")
        #expect(result.problems.isEmpty)
        // `flutter` (source: sdk, 0.0.0) is not a package version; `sdks: flutter: ">=3.41.0 <4.0.0"` is.
        #expect(summary(result, .pub) == [
            "Flutter 3.41.0 @pubspec.lock:51",
            "image_picker_ios 0.8.13+6 @pubspec.lock:9",
            "lottie 3.3.1 @pubspec.lock:17",
            "package_info_plus 9.0.1 @pubspec.lock:25",
            "url_launcher 6.3.2 @pubspec.lock:33",
            "url_launcher_ios 6.2.3 @pubspec.lock:41",
        ])
        let flutter = try #require(result.part?.dependencies.first { $0.ecosystem == .pub && $0.name == "Flutter" })
        #expect(flutter.versionIsMinimum)
        #expect(summary(result, .cocoapods).first == "Flutter 1.0.0 @ios/Podfile.lock:2")
    }

    @Test func aBareFlutterConstraintPinsTheSDK() {
        #expect(PubspecLockReader.lowerBound(">=3.22.0 <4.0.0") == "3.22.0")
        #expect(PubspecLockReader.lowerBound("any") == nil)
        let exact = (try? PubspecLockReader.read("packages:\nsdks:\n  flutter: \"3.47.0\"\n", path: "pubspec.lock")) ?? []
        #expect(exact.map { "\($0.name) \($0.version ?? "-") \($0.versionIsMinimum)" } == ["Flutter 3.47.0 false"])
    }

    @Test func exactPinsInPackageSwiftCountWhenNothingIsResolved() {
        // Kingfisher is `from: "7.0.0"`: a range, so it is not a version and not reported.
        #expect(summary(inspect("swiftpm-pins"), .swiftpm) == [
            "Alamofire 5.9.1 @Packages/Core/Package.swift:8",
            "SnapKit 5.6.0 @Packages/Core/Package.swift:10",
            "Starscream 4.0.6 @Packages/Core/Package.swift:7",
        ])
        // With a Package.resolved in the project, the manifests' pins are not read (mixed has one).
        #expect(inspect("mixed").part?.dependencies.contains { $0.location.path.hasSuffix("Package.swift") } == false)
    }

    @Test func npmAndYarnLocksButNotThoseInsideNodeModules() {
        let npm = summary(inspect("mixed"), .npm)
        #expect(npm == [
            "@capacitor/core 6.1.0 @web/package-lock.json:12",
            "@react-native-firebase/app 19.2.2 @rn/yarn.lock:5",
            "lottie-react-native 6.7.0 @rn/yarn.lock:9",
            "react-native 0.74.1 @rn/package-lock.json:5",
            "react-native-device-info 10.13.2 @berry/yarn.lock:13",
            "react-native-onesignal 5.1.3 @rn/package-lock.json:6",
            "resolve 1.22.8 @berry/yarn.lock:19",
            // A berry key quoted once around several specs (`"semver@npm:^6.3.0, semver@npm:^6.3.1":`).
            "semver 6.3.1 @berry/yarn.lock:23",
            "tslib 2.6.3 @web/package-lock.json:16",
        ])
    }

    @Test func gradleDeclarationsAndCatalogLibraries() {
        #expect(summary(inspect("mixed"), .gradle) == [
            "com.google.firebase:firebase-analytics - @android/app/build.gradle.kts:7",
            "com.google.firebase:firebase-bom 33.1.0 @android/app/build.gradle.kts:6",
            "com.squareup.okhttp3:okhttp 4.12.0 @android/gradle/libs.versions.toml:5",
        ])
    }

    @Test func everyDependencyIsAnSDKFactWithEvidence() throws {
        let result = inspect("mixed")
        #expect(result.problems.isEmpty)
        let alamofire = try #require(result.facts.first { $0.name == "sdk.Alamofire" })
        #expect(alamofire.value == .string("5.9.1"))
        #expect(alamofire.evidence == [Evidence(location: SourceLocation(path: "ios/Podfile.lock", line: 2), snippet: "- Alamofire (5.9.1)")])
        #expect(result.facts.first { $0.name == "sdk.com.google.firebase:firebase-analytics" }?.value == .bool(true))
        #expect(result.facts.first { $0.name == "sdk.Vendor" }?.evidence.first?.snippet == "ios/Frameworks/Vendor.xcframework")
        #expect(result.facts.count == result.part?.dependencies.count)
        #expect(!result.facts.contains { $0.name == "sdk.should-not-count" || $0.name == "sdk.junit:junit" })
    }

    @Test func podsManifestLockCountsWhenThereIsNoPodfileLock() {
        #expect(summary(inspect("manifest-only"), .cocoapods) == ["Lottie 4.4.3 @ios/Pods/Manifest.lock:2"])
    }

    @Test func brokenLockFilesAreProblemsAndTheRestIsRead() {
        let result = inspect("broken")
        let problems = result.problems.sorted { $0.location < $1.location }
        #expect(problems.map(\.location) == [SourceLocation(path: "Package.resolved"), SourceLocation(path: "Podfile.lock", line: 2)])
        #expect(problems.first?.message == "is not valid JSON")
        #expect(problems.last?.message.contains("Alamofire 5.9.1") == true)
        #expect(summary(result, .carthage) == ["Alamofire 5.9.1 @Cartfile.resolved:1"])
    }

    @Test(arguments: [
        ("Cartfile.resolved", "github \"a/b\"\n"),
        ("pubspec.lock", "sdks:\n  dart: \">=3.0.0\"\n"),
        ("package-lock.json", "{\"name\": \"x\"}"),
        ("Package.resolved", "{\"version\": 2}"),
        ("yarn.lock", "not a header\n"),
    ])
    func malformedLockFileShapesAreProblems(name: String, text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-deps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        let result = DependencyInspector.inspect(files: AndroidTestPaths.walk(folder), root: folder.path)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.location.path == name)
        #expect(result.part?.dependencies.isEmpty == true)
    }

    /// A framework checked in beside an Xcode project ships only if a target links it (a build file) or a podspec
    /// vendors it; one only referenced in a group (rainbow's ios/Frameworks/*.framework) is not in the upload.
    @Test func aFrameworkNoTargetLinksIsNotADependency() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("shipcheck-unlinked-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        for (path, text) in [
            ("ios/App.xcodeproj/project.pbxproj",
             "A1 /* Linked.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = F1 /* Linked.framework */; };\n"
                + "F1 /* Linked.framework */ = {isa = PBXFileReference; path = Frameworks/Linked.framework; };\n"
                + "F2 /* Loose.framework */ = {isa = PBXFileReference; path = Frameworks/Loose.framework; };\n"),
            ("ios/Frameworks/Linked.framework/Linked", "binary"),
            ("ios/Frameworks/Loose.framework/Loose", "binary"),
            ("ios/Pods/Pod/Pod.framework/Pod", "binary"),
        ] {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = DependencyInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
        let vendored = (result.part?.dependencies ?? []).filter { $0.ecosystem == .vendored }.map(\.name).sorted()
        #expect(vendored == ["Linked", "Pod"], "\(vendored)")
    }
}
