import Foundation
import Testing
@testable import Project

/// Every plist and privacy manifest of the real corpus (Tests/Fixtures/corpus) parses.
@Suite struct AppleCorpusTests {
    static let corpus = CorpusLocation.path

    @Test func everyCorpusPlistAndManifestParses() throws {
        try #require(FileManager.default.fileExists(atPath: Self.corpus), "corpus missing at \(Self.corpus)")
        let files = AppleFixtures.files(under: Self.corpus)
        let inspection = AppleInspector.inspect(files: files, root: Self.corpus)
        #expect(inspection.problems.isEmpty, "\(inspection.problems)")
        #expect(inspection.part?.infoPlists.count == files.filter { $0.fileName == "Info.plist" }.count)
        let manifests = inspection.part?.privacyManifests.map(\.location.path).sorted()
        #expect(manifests == [
            "Automattic__simplenote-ios/Simplenote/Resources/PrivacyInfo.xcprivacy",
            "Automattic__simplenote-ios/SimplenoteIntents/Supporting Files/PrivacyInfo.xcprivacy",
            "Automattic__simplenote-ios/SimplenoteWidgets/Supporting Files/PrivacyInfo.xcprivacy",
            "BlueWallet__BlueWallet/ios/PrivacyInfo.xcprivacy",
            "owncloud__ios-app/PrivacyInfo.xcprivacy",
        ])
        #expect(inspection.part?.privacyManifests.allSatisfy { $0.isAppOwned && $0.document != nil } == true)
    }

    /// ownCloud's app Info.plist is preprocessed (`#ifndef DISABLE_PLAIN_HTTP`): read with both branches.
    @Test func preprocessedInfoPlistReads() throws {
        let root = Self.corpus + "/owncloud__ios-app"
        let inspection = AppleInspector.inspect(files: AppleFixtures.files(under: root), root: root)
        let plist = try #require(inspection.part?.infoPlists.first { $0.location.path == "ownCloud/Resources/Info.plist" })
        #expect(plist.strings["NSAppleMusicUsageDescription"]?.isEmpty == false)
        #expect(plist.keyLines["NSAppleMusicUsageDescription"] == 85)
    }

    @Test func ownCloudManifestDeclaresFourCategories() throws {
        let files = AppleFixtures.files(under: Self.corpus + "/owncloud__ios-app")
        let inspection = AppleInspector.inspect(files: files, root: Self.corpus + "/owncloud__ios-app")
        let manifest = try #require(inspection.part?.privacyManifests.first)
        #expect(manifest.declaredAPICategories == [
            "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryUserDefaults",
            "NSPrivacyAccessedAPICategorySystemBootTime", "NSPrivacyAccessedAPICategoryFileTimestamp",
        ])
    }
}
