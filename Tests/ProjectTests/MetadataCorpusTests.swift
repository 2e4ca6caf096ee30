import Foundation
import StoreLocale
import Testing
@testable import Project

/// Discovery over the real trees in Tests/Fixtures/corpus; every expectation was checked against the files by hand.
@Suite struct MetadataCorpusTests {
    func discover(_ name: String) -> InspectorOutput<MetadataPart> {
        MetadataTestSupport.discover(MetadataTestSupport.corpus + "/" + name)
    }

    @Test func blueWalletKeepsItsIOSTreeUnderFastlaneMetadataIOS() throws {
        let result = discover("BlueWallet__BlueWallet")
        #expect(result.part?.trees.map { "\($0.store.rawValue) \($0.path)" } == ["play fastlane/metadata/android", "appstore fastlane/metadata/ios"])
        let ios = try #require(result.part?.trees.last)
        #expect(ios.locales.count == 31)
        #expect(ios.rootFields["primary_category"]?.text == "FINANCE")
        #expect(ios.rootFields["primary_first_sub_category"]?.text == "")
        #expect(ios.reviewInformation.keys.sorted() == ["demo_password", "demo_user", "email_address", "first_name", "last_name", "notes", "phone_number"])
        #expect(ios.folders.filter(\.isSpecial).map(\.name) == ["review_information", "trade_representative_contact_information"])
        #expect(ios.locales.first { $0.code == "es-MX" }?.fields["name"]?.text.utf16.count == 30)
    }

    @Test func nextcloudHasOnePlayTreePerFlavor() {
        let trees = discover("nextcloud__android").part?.trees ?? []
        #expect(trees.map(\.name) == ["generic", "versionDev"])
        #expect(trees.map(\.path) == ["src/generic/fastlane/metadata", "src/versionDev/fastlane/metadata"])
        #expect(trees.allSatisfy { $0.store == .play && $0.locales.count == 28 })
        #expect(trees.first?.locales.contains { $0.code == "uk-UK" } == true)
    }

    @Test func simplenoteDefaultFolderFillsLocalesWithoutTheField() throws {
        let tree = try #require(discover("Automattic__simplenote-ios").part?.trees.first)
        #expect(tree.store == .appstore)
        #expect(tree.locales.count == 16)
        #expect(tree.defaults?.fields.keys.sorted() == ["description", "keywords", "privacy_url", "release_notes", "subtitle", "support_url"])
        let german = try #require(tree.locales.first { $0.code == "de-DE" })
        #expect(german.fields["keywords"]?.inherited == false)
        #expect(german.fields["privacy_url"]?.inherited == true)
        #expect(german.fields["privacy_url"]?.location.path == "fastlane/metadata/default/privacy_url.txt")
    }

    @Test func newPipeChangelogsAreReadPerVersionCode() throws {
        let tree = try #require(discover("TeamNewPipe__NewPipe").part?.trees.first)
        #expect(tree.store == .play)
        #expect(tree.locales.contains { $0.code == "zh_Hant_HK" })
        let english = try #require(tree.locales.first { $0.code == "en-US" })
        #expect(english.changelogs["65"]?.text.utf16.count == 1804)
        #expect(english.fields.keys.sorted() == ["full_description", "short_description"])
    }

    @Test func keePassDXTitleAtTheLimitCountsWithoutItsTrailingNewline() throws {
        let tree = try #require(discover("Kunzisoft__KeePassDX").part?.trees.first)
        let latvian = try #require(tree.locales.first { $0.code == "lv" }?.fields["title"])
        #expect(latvian.raw.hasSuffix("\n"))
        #expect(latvian.text.utf16.count == 30)
    }

    @Test func corpusHasNoUnreadableMetadata() {
        for name in ["Automattic__simplenote-ios", "BlueWallet__BlueWallet", "FossifyOrg__Gallery", "Kunzisoft__KeePassDX",
                     "TeamNewPipe__NewPipe", "nextcloud__android", "owncloud__ios-app"] {
            let result = discover(name)
            #expect(result.problems.isEmpty, "\(name): \(result.problems)")
            #expect(result.part?.trees.isEmpty == false, "\(name) has no tree")
        }
    }
}
