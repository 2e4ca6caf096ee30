import Foundation
import Project
import Testing
@testable import Rules

/// The metadata checklist over the real trees in Tests/Fixtures/corpus. Each expectation was checked by hand
/// against the file it names (counts in UTF-16 units after the store's trimming; Play keeps all but one
/// trailing line break).
@Suite struct CorpusMetadataTests {
    func findings(_ repo: String, facts: [String: FactValue] = [:]) throws -> [Finding] {
        try MetadataTestHarness.findings(MetadataTestHarness.corpus + "/" + repo, facts: facts).filter { $0.checklist == "metadata" }
    }

    func rules(_ findings: [Finding]) -> [String: Int] {
        findings.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }
    }

    @Test func keePassDXsOverlongFrenchChangelogIsHistoryAndTitlesSitExactlyAtTheLimit() throws {
        // fr-FR/changelogs/31.txt is 530 characters, but the tree's newest note is 44500.txt (35 characters in
        // fr-FR): 31.txt ships with no version any more, so nothing is reported.
        #expect(try findings("Kunzisoft__KeePassDX").isEmpty)
        // lv/title.txt and th/title.txt are exactly 30 (plus a trailing newline); fr-FR/short_description.txt exactly 80.
    }

    @Test func newPipeJudgesOnlyItsNewestNotesAsWarningsIfUploaded() throws {
        // The corpus copy has no Fastfile, workflow or README: nobody is known to upload the tree. Of the 473
        // notes over 500 characters, three are 1009.txt, the tree's newest: fr 556, sk 535, ta 597.
        let found = try findings("TeamNewPipe__NewPipe")
        #expect(found.map(\.location.path).sorted() == ["fr", "sk", "ta"].map { "fastlane/metadata/android/\($0)/changelogs/1009.txt" })
        #expect(found.allSatisfy { $0.severity == .warning && $0.message.hasPrefix("If this folder is uploaded to Google Play: Release notes changelogs/1009.txt") })
        #expect(found.contains { $0.location.path.contains("/fr/") && $0.message.contains("are 556 characters") })
    }

    @Test func knownVersionCodeJudgesThatNoteOnly() throws {
        let found = try findings("TeamNewPipe__NewPipe", facts: ["android.version_code": .number(65)])
        let english65 = try #require(found.first { $0.location.path == "fastlane/metadata/android/en-US/changelogs/65.txt" })
        #expect(english65.message.contains("for en-US (the note for android.version_code 65) are 1804 characters"))
        #expect(!found.contains { $0.location.path.hasSuffix("/changelogs/66.txt") })
        #expect(found.allSatisfy { $0.location.path.hasSuffix("/changelogs/65.txt") })
    }

    @Test func nextcloudOldOverlongChangelogsAreHistory() throws {
        // 40 versionDev notes are over 500 characters, all older than 20220322.txt (34 characters), which ships.
        let found = try findings("nextcloud__android")
        #expect(!found.contains { $0.rule == "metadata.play-changelog-length" })
        // 24 short descriptions sit at exactly 80 characters: none is reported.
        #expect(!found.contains { $0.rule == "metadata.play-short-description-length" })
        // The pasted git log that names the "app store" is in an old note (20190802.txt): not judged.
        #expect(!found.contains { $0.rule == "metadata.play-other-platforms" })
    }

    @Test func ownCloudKeywordsAtExactlyOneHundredWasteThirteenOnSpaces() throws {
        let found = try findings("owncloud__ios-app")
        #expect(rules(found) == ["metadata.keywords-spaces": 1, "metadata.appstore-required-fields": 1])
        let spaces = try #require(found.first { $0.rule == "metadata.keywords-spaces" })
        #expect(spaces.location.path == "fastlane/metadata/en-US/keywords.txt")
        #expect(spaces.message == "Keywords for en-US waste 13 of 100 characters on spaces around commas (100 → 87)")
        let missing = try #require(found.first { $0.rule == "metadata.appstore-required-fields" })
        #expect(missing.location.path == "fastlane/metadata/en-US/name.txt")
    }

    @Test func simplenoteKeywordHygiene() throws {
        let found = try findings("Automattic__simplenote-ios")
        let duplicates = found.filter { $0.rule == "metadata.keywords-duplicates" }
        #expect(duplicates.map(\.location.path) == ["fastlane/metadata/ar-SA/keywords.txt", "fastlane/metadata/id/keywords.txt",
                                                    "fastlane/metadata/ja/keywords.txt", "fastlane/metadata/zh-Hant/keywords.txt"])
        #expect(duplicates.first { $0.location.path.contains("/ja/") }?.evidence == "ToDo, メモ")
        let spaces = found.filter { $0.rule == "metadata.keywords-spaces" }.map { "\($0.location.path) \($0.message)" }
        #expect(spaces == ["fastlane/metadata/ru/keywords.txt Keywords for ru waste 8 of 100 characters on spaces around commas (97 → 89)",
                           "fastlane/metadata/zh-Hant/keywords.txt Keywords for zh-Hant waste 14 of 100 characters on spaces around commas (72 → 58)"])
        // Ten locales ship 102–183 UTF-8 bytes of keywords, all within 100 characters: info only, never an error.
        let bytes = found.filter { $0.rule == "metadata.keywords-bytes" }
        #expect(bytes.count == 10)
        #expect(bytes.allSatisfy { $0.severity == .info })
        #expect(bytes.contains { $0.location.path == "fastlane/metadata/ru/keywords.txt" && $0.message.contains("176 bytes") })
        #expect(!found.contains { $0.rule == "metadata.keywords-length" })
        // fr-FR/subtitle.txt is exactly 30 characters.
        #expect(!found.contains { $0.rule == "metadata.appstore-subtitle-length" })
        // No locale has name.txt (the name lives in App Store Connect): one note for the tree, not 16 warnings.
        let required = found.filter { $0.rule == "metadata.appstore-required-fields" }
        #expect(required.map(\.location.path) == ["fastlane/metadata"])
        #expect(required.first?.severity == .info)
        #expect(required.first?.message.hasPrefix("name.txt is missing for all 16 locales") == true)
        // default/privacy_url.txt covers every locale.
        #expect(!found.contains { $0.rule == "metadata.appstore-privacy-url" })
    }

    @Test func blueWalletNamesAndroidInItsAppStoreDescription() throws {
        let found = try findings("BlueWallet__BlueWallet")
        let platforms = found.filter { $0.rule == "metadata.appstore-other-platforms" }
        // 31 descriptions say "Available on iOS, Android and macOS" on line 54; cs, fi, hu and pl inflect the word
        // (Androidu, Androidilla, Androidon, Androidzie) and are not matched; Arabic writes وAndroid and is.
        #expect(platforms.count == 27)
        #expect(platforms.allSatisfy { $0.location.path.hasSuffix("/description.txt") && $0.location.line == 54 })
        #expect(platforms.contains { $0.location == SourceLocation(path: "fastlane/metadata/ios/en-US/description.txt", line: 54, column: 19) })
        #expect(platforms.contains { $0.location.path == "fastlane/metadata/ios/ar-SA/description.txt" })
        // es-MX, cs and el names are exactly 30 characters.
        #expect(!found.contains { $0.rule == "metadata.appstore-name-length" })
        // The Play tree's files are git symlinks stored as text ("../../ios/en-US/name.txt").
        let paths = found.filter { $0.rule == "metadata.path-instead-of-text" }
        #expect(paths.count == 110)
        #expect(paths.contains { $0.location.path == "fastlane/metadata/android/en-US/title.txt" && $0.evidence == "../../ios/en-US/name.txt" })
        // Those paths contain "ios", but a path is not listing text: only path-instead-of-text reports them.
        #expect(!found.contains { $0.rule == "metadata.play-other-platforms" })
        // Nine locales have no privacy_url.txt and the tree has no default/ folder.
        #expect(found.filter { $0.rule == "metadata.appstore-privacy-url" }.map(\.location.path).sorted() ==
                ["cs", "el", "fr-CA", "id", "ja", "ko", "tr", "vi", "zh-Hant"].map { "fastlane/metadata/ios/\($0)/privacy_url.txt" })
    }

    @Test func fossifyGalleryIsClean() throws {
        // et/short_description.txt is exactly 80 characters; nothing else comes near a limit.
        #expect(try findings("FossifyOrg__Gallery").isEmpty)
    }
}
