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

    @Test func belowItTheFindingNamesBothVersions() throws {
        let findings = try S.findings(Self.project([Self.pod("Alamofire", "5.8.1")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("Alamofire version 5.8.1 (Alamofire ships one from 5.9.0 on)") == true)
    }

    @Test func aLockFileAliasCountsAsTheListedSDK() throws {
        // DGCharts is the CocoaPods name of Charts (on Apple's list); without the alias table it would pass unseen.
        let findings = try S.findings(Self.project([Self.pod("DGCharts", "5.0.0")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("DGCharts") == true)
        #expect(try S.findings(Self.project([Self.pod("SomeChartsFork", "5.0.0")]), rule: "privacy-manifest.sdk-missing-manifest").isEmpty)
    }

    @Test func anUnknownVersionOrAnSDKWithoutARowIsStillReported() throws {
        let branch = try S.findings(Self.project([Self.pod("Alamofire", "main")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(branch.first?.message.contains("version main (Alamofire ships one from 5.9.0 on)") == true)
        let noRow = try S.findings(Self.project([Self.pod("MBProgressHUD", "1.2.0")]), rule: "privacy-manifest.sdk-missing-manifest")
        #expect(noRow.first?.message.contains("MBProgressHUD version 1.2.0 is on Apple's list") == true)
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
            #expect(DependencyVersion(row.value["since"]?.scalar ?? "") != nil, "\(name): since is not a version")
            let source = row.value["source"]?.scalar ?? ""
            #expect(source.count > 10, "\(name): no source")
        }
    }
}
