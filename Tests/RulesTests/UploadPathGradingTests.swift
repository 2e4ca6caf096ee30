import Foundation
import Project
import StoreLocale
import Testing
@testable import Rules

/// How the resolved upload path grades findings: an error where the store receives the folder, a note where the
/// visible uploads pass it by, at most a warning where the folder cannot be resolved or a job changes it first.
/// Runs over the shape examples (Tests/RuleExamples/<rule>/shapes/<shape>; their READMEs say what each holds).
@Suite struct UploadPathGradingTests {
    func shape(_ rule: String, _ shape: String, _ side: String = "trigger") -> String {
        "\(MetadataTestHarness.ruleExamples)/\(rule)/shapes/\(shape)/\(side)"
    }

    func copy(_ source: String) throws -> String {
        let folder = NSTemporaryDirectory() + "shipcheck-upload-path-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: source, toPath: folder)
        return folder
    }

    @Test func theFolderTheEnvFileSelectsGetsTheErrorAndTheOtherANote() throws {
        let folder = try copy(shape("metadata.appstore-name-length", "dotenv-deliverfile"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = "Notes Pro: Private Offline Notebook X\n"
        try Data(long.utf8).write(to: URL(fileURLWithPath: folder + "/fastlane/metadata-free/en-US/name.txt"))
        let found = try MetadataTestHarness.findings(folder).filter { $0.rule == "metadata.appstore-name-length" }
        let byTree = Dictionary(found.map { ($0.location.path, $0.severity) }, uniquingKeysWith: { first, _ in first })
        #expect(byTree == ["fastlane/metadata-pro/en-US/name.txt": .error, "fastlane/metadata-free/en-US/name.txt": .info])
    }

    @Test func aFolderFromAnUnsetVariableIsAWarningNeverANote() throws {
        let folder = try copy(shape("metadata.appstore-name-length", "dotenv-deliverfile"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder + "/fastlane/.env.pro")
        let found = try MetadataTestHarness.findings(folder).filter { $0.rule == "metadata.appstore-name-length" }
        #expect(found.map(\.severity) == [.warning], "\(found.map(\.message))")
        #expect(found.first?.message.hasPrefix("If this folder is uploaded to the App Store:") == true)
    }

    @Test func aGlobBeforeTheUploadCapsTheTreeAtAWarningNamingTheStep() throws {
        let folder = try copy(shape("metadata-locales.play-folder", "workflow-skip-metadata"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workflow = """
            jobs:
              deploy:
                steps:
                  - run: rm -rf fastlane/metadata/android/*-YY/changelogs
                  - run: bundle exec fastlane deploy
            """
        try Data(workflow.utf8).write(to: URL(fileURLWithPath: folder + "/.github/workflows/release.yml"))
        let found = try MetadataTestHarness.findings(folder).filter { $0.rule == "metadata-locales.play-folder" }
        #expect(found.map(\.severity) == [.warning], "\(found.map(\.message))")
        #expect(found.first?.message.contains(".github/workflows/release.yml:4 changes the folder first") == true, "\(found.map(\.message))")
    }

    @Test func gradlePlayPublisherAndWhatsNewNotesAreErrorsNamingTheirFile() throws {
        let gpp = try MetadataTestHarness.findings(shape("metadata.play-changelog-length", "gradle-play-publisher")).filter { $0.rule == "metadata.play-changelog-length" }
        #expect(gpp.map(\.severity) == [.error])
        #expect(gpp.first?.message.hasPrefix("Release notes release-notes/en-US/default.txt for en-US (Gradle Play Publisher's default note (no production.txt") == true, "\(gpp.map(\.message))")
        let whatsNew = try MetadataTestHarness.findings(shape("metadata.play-changelog-length", "whatsnew-directory")).filter { $0.rule == "metadata.play-changelog-length" }
        #expect(whatsNew.map(\.severity) == [.error])
        #expect(whatsNew.first?.message.hasPrefix("Release notes whatsnew-en-US for en-US") == true, "\(whatsNew.map(\.message))")
    }

    @Test func fDroidsRootMetadataIsNeverJudgedByPlay() throws {
        let found = try MetadataTestHarness.findings(shape("metadata-fdroid.summary-length", "root-metadata"))
        #expect(found.contains { $0.rule == "metadata-fdroid.summary-length" })
        #expect(!found.contains { $0.rule.hasPrefix("metadata.play-") }, "\(found.map(\.rule))")
    }

    @Test func aTreeBothStoresReadGetsBothRules() throws {
        let found = try MetadataTestHarness.findings(shape("metadata-fdroid.description-length", "play-and-fdroid"))
        let rules = Set(found.filter { $0.location.path.hasSuffix("full_description.txt") }.map(\.rule))
        #expect(rules == ["metadata-fdroid.description-length", "metadata.play-full-description-length"], "\(rules)")
    }
}
