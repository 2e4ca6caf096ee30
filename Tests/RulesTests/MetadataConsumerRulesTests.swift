import Foundation
import Project
import StoreLocale
import Testing
@testable import Rules

/// A tree is judged by the store that reads it; only the release note that ships is judged; advice is a note.
/// Runs over the rule examples (their READMEs say what each holds).
@Suite struct MetadataConsumerRulesTests {
    func findings(_ example: String, facts: [String: FactValue] = [:]) throws -> [Finding] {
        try MetadataTestHarness.findings("\(MetadataTestHarness.ruleExamples)/\(example)", facts: facts)
    }

    @Test func shippingChangelogOverTheLimitInAPlayTreeIsAnErrorNamingTheChoice() throws {
        let found = try findings("metadata.play-changelog-length/trigger").filter { $0.rule == "metadata.play-changelog-length" }
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.hasPrefix("Release notes changelogs/100.txt for en-US (android.version_code unknown; 100.txt is the newest note of the tree) are 501 characters") == true)
    }

    @Test func anOldChangelogOverTheLimitIsHistory() throws {
        #expect(try findings("metadata.play-changelog-length/pass").filter { $0.rule == "metadata.play-changelog-length" }.isEmpty)
        // With the version code at 99, 99.txt is the note that ships, and it is too long.
        let at99 = try findings("metadata.play-changelog-length/pass", facts: ["android.version_code": .number(99)])
            .filter { $0.rule == "metadata.play-changelog-length" }
        #expect(at99.map(\.location.path) == ["fastlane/metadata/android/en-US/changelogs/99.txt"])
        #expect(at99.first?.message.contains("(the note for android.version_code 99)") == true)
    }

    @Test func unknownTreeGetsPlayRulesAsWarningsIfUploaded() throws {
        let found = try findings("metadata.play-title-length/trigger").filter { $0.rule == "metadata.play-title-length" }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.allSatisfy { $0.message.hasPrefix("If this folder is uploaded to Google Play: Play title for en-US is") })
    }

    /// The same over-long title in a tree the team's visible Play upload passes by (its Fastfile sends another
    /// folder): a copy or a template, so a note; the uploaded tree beside it still gets the error.
    @Test func aTreeTheVisibleUploadPassesByGetsNotes() throws {
        let folder = NSTemporaryDirectory() + "shipcheck-passed-by-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let title = String(repeating: "T", count: 31) + "\n"
        for tree in ["fastlane/metadata/android", "fastlane/template/metadata/android"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(tree)/en-US", withIntermediateDirectories: true)
            try Data(title.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(tree)/en-US/title.txt"))
        }
        try Data("lane :meta do\n  supply(metadata_path: \"fastlane/metadata/android\")\nend\n".utf8)
            .write(to: URL(fileURLWithPath: "\(folder)/fastlane/Fastfile"))
        let found = try MetadataTestHarness.findings(folder).filter { $0.rule == "metadata.play-title-length" }
        let byTree = Dictionary(found.map { ($0.location.path, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byTree["fastlane/metadata/android/en-US/title.txt"]?.severity == .error)
        let copy = byTree["fastlane/template/metadata/android/en-US/title.txt"]
        #expect(copy?.severity == .info)
        #expect(copy?.message.hasPrefix("If this folder is uploaded to Google Play: ") == true)
    }

    @Test func fDroidTreeIsJudgedByFDroidsLimitsNotPlays() throws {
        // A 40-character title: over Play's 30, within F-Droid's 50.
        #expect(try findings("metadata-fdroid.name-length/pass").isEmpty)
        let found = try findings("metadata-fdroid.name-length/trigger")
        #expect(found.map(\.rule) == ["metadata-fdroid.name-length"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message == "F-Droid name for en-US is 56 Unicode scalars, 6 over F-Droid's limit of 50: F-Droid cuts it there")
    }

    @Test func productNamesAreNotOtherPlatforms() throws {
        #expect(try findings("metadata.appstore-other-platforms/pass").filter { $0.rule == "metadata.appstore-other-platforms" }.isEmpty)
        #expect(try findings("metadata.appstore-other-platforms/trigger").contains { $0.rule == "metadata.appstore-other-platforms" && $0.evidence == "Android" })
    }

    @Test(arguments: ["metadata.keywords-spaces", "metadata.keywords-duplicates", "metadata.keywords-short", "metadata.keywords-app-name", "metadata.keywords-bytes"])
    func keywordTipsAreNotes(id: String) throws {
        let found = try findings("\(id)/trigger").filter { $0.rule == id }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.severity == .info })
    }

    @Test func emptyOptionalFieldPassesAndAnEmptyRequiredFieldIsReportedOnce() throws {
        #expect(try findings("metadata.empty-file/pass").filter { $0.checklist == "metadata" }.isEmpty)
        let folder = NSTemporaryDirectory() + "shipcheck-consumer-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locale = folder + "/fastlane/metadata/en-US"
        try FileManager.default.createDirectory(atPath: locale, withIntermediateDirectories: true)
        for (name, text) in [("name", "\n"), ("description", "Notes.\n"), ("keywords", "notes\n"), ("privacy_url", "https://example.com/p\n"), ("subtitle", "")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(locale)/\(name).txt"))
        }
        let found = try MetadataTestHarness.findings(folder).filter { $0.location.path == "fastlane/metadata/en-US/name.txt" }
        #expect(found.map(\.rule) == ["metadata.appstore-required-fields"])
        #expect(try MetadataTestHarness.findings(folder).filter { $0.location.path.hasSuffix("subtitle.txt") }.isEmpty)
    }
}
