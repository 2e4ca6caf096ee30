import BuiltinData
import Foundation
import Project
import Testing
@testable import Rules

/// privacy-manifest.sdk-missing-manifest against the first versions that ship a manifest.
@Suite("SDK manifest versions")
struct PolicySDKManifestVersionsTests {
    typealias S = PolicyTestSupport

    static func project(_ dependencies: [Dependency]) -> ProjectModel {
        var model = ProjectModel(root: "/nonexistent", facts: FactStore([S.stated("store.appstore")]))
        model.dependencies = dependencies
        return model
    }

    static func pod(_ name: String, _ version: String?) -> Dependency {
        Dependency(name: name, version: version, location: SourceLocation(path: "Podfile.lock", line: 2), ecosystem: .cocoapods)
    }

    @Test func atOrAboveTheFirstVersionWithAManifestPasses() throws {
        for version in ["5.9.0", "5.9.1", "5.10.0"] {
            #expect(try S.findings(Self.project([Self.pod("Alamofire", version)]), rule: "privacy-manifest.sdk-missing-manifest").isEmpty)
        }
    }

    static let rule = "privacy-manifest.sdk-missing-manifest"

    static func pub(_ name: String, _ version: String, line: Int = 4, minimum: Bool = false) -> Dependency {
        Dependency(name: name, version: version, location: SourceLocation(path: "pubspec.lock", line: line), ecosystem: .pub, versionIsMinimum: minimum)
    }

    static func package(_ name: String, _ version: String?, ecosystem: Dependency.Ecosystem) -> Dependency {
        Dependency(name: name, version: version, location: SourceLocation(path: "lock", line: 1), ecosystem: ecosystem)
    }

    @Test func belowItTheFindingNamesBothVersions() throws {
        let findings = try S.findings(Self.project([Self.pod("Alamofire", "5.8.1")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("Alamofire version 5.8.1 is on Apple's list") == true)
        #expect(findings.first?.message.contains("that release predates its manifest (Alamofire ships one from 5.9.0 on)") == true)
    }

    @Test func starscream408ShipsItsManifestAnd406DoesNot() throws {
        #expect(try S.findings(Self.project([Self.pod("Starscream", "4.0.8")]), rule: Self.rule).isEmpty)
        #expect(try S.findings(Self.project([Self.pod("Starscream", "4.0.6")]), rule: Self.rule).map(\.severity) == [.warning])
    }

    @Test func hermesEngineIsNotTheListedHermes() throws {
        // facebook/hermes#1216: Apple's "hermes" is github.com/Imgur/Hermes, not React Native's engine.
        #expect(try S.findings(Self.project([Self.pod("hermes-engine", "0.74.1")]), rule: Self.rule).isEmpty)
    }

    @Test func firebasesOwnDependenciesAtTheVersionsItsReleasesPinPass() throws {
        let accepted = [Self.pod("GoogleUtilities", "7.13.3"), Self.pod("GoogleDataTransport", "9.4.1"), Self.pod("nanopb", "2.30910.0"),
                        Self.pod("PromisesObjC", "2.4.0"), Self.pod("PromisesSwift", "2.4.0"), Self.pod("leveldb-library", "1.22.4")]
        #expect(try S.findings(Self.project(accepted), rule: Self.rule).isEmpty)
        let old = try S.findings(Self.project([Self.pod("GoogleUtilities", "7.12.0"), Self.pod("nanopb", "2.30909.1")]), rule: Self.rule)
        #expect(old.map(\.severity) == [.warning, .warning])
    }

    /// The Flutter pod (placeholder 1.0.0) with the Flutter of pubspec.lock's `sdks:` (at least 3.41.0, which ships one).
    static let flutter = [pod("Flutter", "1.0.0"), pub("Flutter", "3.41.0", line: 50, minimum: true)]

    @Test func aFlutterPluginPodTakesItsVersionFromPubspecLock() throws {
        // Podfile.lock's 0.0.1 is a placeholder; pubspec.lock's 6.2.3 predates url_launcher_ios 6.2.4's manifest.
        let old = try S.findings(Self.project(Self.flutter + [Self.pod("url_launcher_ios", "0.0.1"), Self.pub("url_launcher_ios", "6.2.3")]), rule: Self.rule)
        #expect(old.count == 1)
        #expect(old.first?.location == SourceLocation(path: "pubspec.lock", line: 4))
        #expect(old.first?.message.contains("url_launcher_ios version 6.2.3") == true)
        #expect(try S.findings(Self.project(Self.flutter + [Self.pod("url_launcher_ios", "0.0.1"), Self.pub("url_launcher_ios", "6.4.1")]), rule: Self.rule).isEmpty)
        // image_picker_ios 0.8.9+1 added it: the build number counts.
        #expect(try S.findings(Self.project([Self.pod("image_picker_ios", "0.0.1"), Self.pub("image_picker_ios", "0.8.9+1")]), rule: Self.rule).isEmpty)
        #expect(try S.findings(Self.project([Self.pod("image_picker_ios", "0.0.1"), Self.pub("image_picker_ios", "0.8.9")]), rule: Self.rule).count == 1)
    }

    @Test func aPluginPodWithoutPubspecLockIsANoteNotAPlaceholderVerdict() throws {
        let findings = try S.findings(Self.project([Self.pod("file_picker", "0.0.1")]), rule: Self.rule)
        #expect(findings.map(\.severity) == [.info])
        #expect(findings.first?.message.contains("placeholder version (0.0.1)") == true)
        // So is the Flutter pod's 1.0.0 without pubspec.lock.
        let engine = try S.findings(Self.project([Self.pod("Flutter", "1.0.0")]), rule: Self.rule)
        #expect(engine.map(\.severity) == [.info])
        #expect(engine.first?.message.contains("placeholder version (1.0.0)") == true)
    }

    @Test func theFlutterSDKIsJudgedByItsLeastVersion() throws {
        let new = [Self.pod("Flutter", "1.0.0"), Self.pub("Flutter", "3.22.0", line: 50, minimum: true)]
        #expect(try S.findings(Self.project(new), rule: Self.rule).isEmpty)
        // At least 3.16.0 may still be 3.19 or later: not known, so a note.
        let old = try S.findings(Self.project([Self.pod("Flutter", "1.0.0"), Self.pub("Flutter", "3.16.0", line: 50, minimum: true)]), rule: Self.rule)
        #expect(old.map(\.severity) == [.info])
        #expect(old.first?.message.contains("at least version 3.16.0") == true)
    }

    @Test func pureDartPackagesAndNpmOrGradleNamesAreNotPods() throws {
        // pub `lottie` and `protobuf` are Dart; npm `lottie-ios` and a Gradle module are not iOS SDKs.
        let others = [Self.pub("lottie", "2.0.0"), Self.pub("protobuf", "2.1.0"), Self.package("lottie-ios", "3.0.0", ecosystem: .npm),
                      Self.package("Lottie", "3.0.0", ecosystem: .gradle)]
        #expect(try S.findings(Self.project(others), rule: Self.rule).isEmpty)
        // The same names as pods or Swift packages are judged.
        #expect(try S.findings(Self.project([Self.pod("lottie-ios", "4.3.0")]), rule: Self.rule).count == 1)
        #expect(try S.findings(Self.project([Self.package("Lottie", "4.3.0", ecosystem: .swiftpm)]), rule: Self.rule).count == 1)
    }

    @Test func inAnAppWithPluginPodsOnlyThePubPackagesThatArePodsAreJudged() throws {
        // path_provider 2.0.6 still had iOS code, but this app's Podfile.lock has no such pod.
        let withPods = Self.flutter + [Self.pub("path_provider", "2.0.6")]
        #expect(try S.findings(Self.project(withPods), rule: Self.rule).isEmpty)
        // Without plugin pods (Swift Package Manager plugins), the pub package itself is judged.
        #expect(try S.findings(Self.project([Self.pub("path_provider", "2.0.6")]), rule: Self.rule).map(\.severity) == [.warning])
        // From 2.0.7 its iOS code is another package's: nothing of path_provider ships.
        #expect(try S.findings(Self.project([Self.pub("path_provider", "2.1.5")]), rule: Self.rule).isEmpty)
    }

    @Test func noReleaseShipsOneIsTheRulesGrade() throws {
        let findings = try S.findings(Self.project([Self.pod("AFNetworking", "4.0.1")]), rule: Self.rule)
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.first?.message.contains("no AFNetworking release with iOS code ships one") == true)
    }

    @Test func aLockFileAliasCountsAsTheListedSDK() throws {
        // DGCharts is the CocoaPods name of Charts (on Apple's list); without the alias table it would pass unseen.
        let findings = try S.findings(Self.project([Self.pod("DGCharts", "5.0.0")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("DGCharts") == true)
        #expect(try S.findings(Self.project([Self.pod("SomeChartsFork", "5.0.0")]), rule: "privacy-manifest.sdk-missing-manifest").isEmpty)
    }

    @Test func anUnknownVersionOrAnSDKWithoutARowIsANoteThatSaysSo() throws {
        let branch = try S.findings(Self.project([Self.pod("Alamofire", "main")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(branch.map(\.severity) == [.info])
        #expect(branch.first?.message.contains("Alamofire ships one from 5.9.0 on: check the version you resolve") == true)
        // OneSignal's row says `since: unknown`: it counts as no row.
        let noRow = try S.findings(Self.project([Self.pod("OneSignal", "5.0.0")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(noRow.map(\.severity) == [.info])
        #expect(noRow.first?.message.contains("OneSignal version 5.0.0 is on Apple's list") == true)
        #expect(noRow.first?.message.contains("shipcheck has no record of the first OneSignal release that ships one") == true)
    }

    @Test func everySDKOnApplesListHasARowEvenIfItSaysUnknown() throws {
        let checklists = try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
        let tables = checklists.reduce(into: [String: Table]()) { $0.merge($1.tables) { a, _ in a } }
        let rows = Set((tables[SDKManifestVersions.defaultTable]?.value.mapping ?? []).compactMap { $0.key.scalar?.lowercased() })
        let listed = (tables["sdks_requiring_manifest"]?.value.sequence ?? []).compactMap(\.scalar)
        #expect(listed.count >= 86)
        let aliased = Set((tables["sdk_manifest_aliases"]?.value.mapping ?? []).compactMap { $0.key.scalar?.lowercased() })
        for name in listed where !aliased.contains(name.lowercased()) {
            #expect(rows.contains(name.lowercased()), "\(name) is on Apple's list but has no row in sdk_manifest_first_versions (write `since: unknown` with what was looked for)")
        }
    }

    @Test func aBackportCountsOnlyOnItsOwnMajorLine() throws {
        #expect(try S.findings(Self.project([Self.pod("OpenSSL-Universal", "1.1.2300")]), rule: Self.rule).isEmpty)
        #expect(try S.findings(Self.project([Self.pod("OpenSSL-Universal", "3.1.5000")]), rule: Self.rule).isEmpty)
        #expect(try S.findings(Self.project([Self.pod("OpenSSL-Universal", "3.1.4000")]), rule: Self.rule).map(\.severity) == [.warning])
        #expect(try S.findings(Self.project([Self.pod("Capacitor", "5.7.2")]), rule: Self.rule).map(\.severity) == [.warning])
        #expect(try S.findings(Self.project([Self.pod("Capacitor", "5.7.3")]), rule: Self.rule).isEmpty)
    }

    @Test func everyRowNamesAListedSDKAVersionAndASource() throws {
        let checklists = try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
        let tables = checklists.reduce(into: [String: Table]()) { $0.merge($1.tables) { a, _ in a } }
        let table = try #require(tables[SDKManifestVersions.defaultTable])
        let listed = Set((tables["sdks_requiring_manifest"]?.value.sequence ?? []).compactMap(\.scalar))
        let rows = try #require(table.value.mapping)
        #expect(rows.count >= 20)
        for row in rows {
            let name = try #require(row.key.scalar)
            #expect(listed.contains(name), "\(name) is not on Apple's list (sdks_requiring_manifest)")
            let since = row.value["since"]?.scalar ?? ""
            #expect(DependencyVersion(since) != nil || since == "none" || since == "unknown", "\(name): since is neither a version, none nor unknown")
            let source = row.value["source"]?.scalar ?? ""
            #expect(source.count > 10, "\(name): no source")
        }
    }
}
