import Foundation
import StoreLocale
import Testing
@testable import Project

/// Who reads each metadata tree, from the project's own files, and which release note ships.
@Suite struct MetadataConsumerTests {
    let playLocale = "en-US/title.txt"

    func trees(_ folder: TemporaryFolder, manifest: Manifest? = nil) -> [String: MetadataConsumer] {
        let trees = MetadataTestSupport.discover(folder.path, manifest: manifest).part?.trees ?? []
        return Dictionary(uniqueKeysWithValues: trees.map { ($0.path, $0.consumer) })
    }

    func text(_ value: String) -> Data { Data(value.utf8) }

    @Test func supplyCallInTheFastfileMakesTheDefaultFolderAPlayTree() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("lane :release do\n  # supply(skip_upload_apk: true)\n  upload_to_play_store(track: 'beta')\nend\n"))
        let consumer = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(consumer.store == .play)
        #expect(consumer.evidence.map(\.location) == [SourceLocation(path: "fastlane/Fastfile", line: 3)])
    }

    @Test func metadataPathWithAFlavorInterpolationClaimsEveryFlavorButFDroids() throws {
        let folder = try TemporaryFolder()
        try folder.write("app/src/gplay/fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("app/src/fdroid/fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("""
            lane :deploy do |options|
              supply(
                metadata_path: "app/src/#{options[:flavor]}/fastlane/metadata/android",
                track: "production"
              )
            end
            """))
        let consumers = trees(folder)
        #expect(consumers["app/src/gplay/fastlane/metadata/android"]?.store == .play)
        #expect(consumers["app/src/fdroid/fastlane/metadata/android"]?.store == .fdroid)
    }

    @Test func aCallThatSkipsMetadataAndChangelogsUploadsNoText() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("upload_to_play_store(\n  skip_upload_metadata: true,\n  skip_upload_changelogs: true\n)\n"))
        // It still uploads images and screenshots, so the tree is Play's, with its text left out.
        let consumer = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(consumer.store == .play)
        #expect(consumer.skipped == ["metadata", "changelogs"])
        let tree = try #require(MetadataTestSupport.discover(folder.path).part?.trees.first)
        #expect(!tree.uploads(field: "title") && !tree.uploads(field: "changelogs") && tree.uploads(field: "phoneScreenshots"))
    }

    @Test func aCallThatSkipsEveryPartReadsNoFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("upload_to_play_store(\n  skip_upload_metadata: true,\n  skip_upload_changelogs: true,\n  skip_upload_images: true,\n  skip_upload_screenshots: true\n)\n"))
        let consumer = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(consumer.store == nil)
    }

    @Test func aCallThatSkipsChangelogsLeavesThemUnjudged() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("supply(skip_upload_changelogs: true)\n"))
        let tree = try #require(MetadataTestSupport.discover(folder.path).part?.trees.first)
        #expect(tree.consumer.store == .play)
        #expect(tree.consumer.skipped == ["changelogs"])
        #expect(!tree.uploads(field: "changelogs"))
        #expect(tree.uploads(field: "title"))
    }

    @Test func uploadActionsWhatsNewDirectoryInsideTheTreeIsPlay() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write(".github/workflows/release.yml", text("""
            steps:
              - uses: r0adkll/upload-google-play@v1
                with:
                  whatsNewDirectory: fastlane/metadata/android/en-US/changelogs
            """))
        let consumer = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(consumer.store == .play)
        #expect(consumer.evidence.first?.location == SourceLocation(path: ".github/workflows/release.yml", line: 4))
    }

    @Test func fDroidLinkInTheReadmeWithoutPlayUploadIsFDroid() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("README.md", text("# Notes\n\n[F-Droid](https://f-droid.org/packages/org.example.notes/)\n"))
        let consumer = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(consumer.store == .fdroid)
        #expect(consumer.evidence.first?.location == SourceLocation(path: "README.md", line: 3))
    }

    @Test func nothingKnownIsUnknown() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        #expect(trees(folder)["fastlane/metadata/android"] == .unknown)
    }

    @Test func manifestStatementWinsOverDetection() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("supply\n"))
        let manifest = try ManifestReader.parse(data: text("paths: { fdroid_metadata: fastlane/metadata/android }\n"), file: "shipcheck.yml")
        let consumer = try #require(trees(folder, manifest: manifest)["fastlane/metadata/android"])
        #expect(consumer.store == .fdroid)
        #expect(consumer.stated)
        #expect(consumer.evidence.first?.location.path == "shipcheck.yml")
    }

    @Test func fDroidsOwnLayoutIsAnFDroidTreeNotAnAppStoreOne() throws {
        let folder = try TemporaryFolder()
        for name in ["name", "summary", "description"] {
            try folder.write("metadata/org.example.notes/en-US/\(name).txt", text("Notes\n"))
        }
        let trees = MetadataTestSupport.discover(folder.path).part?.trees ?? []
        #expect(trees.map(\.store) == [.fdroid])
        #expect(trees.first?.consumer.store == .fdroid)
        #expect(trees.first?.locales.first?.fields["summary"]?.text == "Notes")
    }

    @Test func deliverTreeThatNoDeliverCallUploadsIsUnknown() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/en-US/name.txt", text("Notes\n"))
        try folder.write("fastlane/appstoreres/metadata/source/name.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("lane :meta do\n  upload_to_app_store(skip_binary_upload: true)\nend\n"))
        let consumers = trees(folder)
        #expect(consumers["fastlane/metadata"]?.store == .appstore)
        #expect(consumers["fastlane/appstoreres/metadata"]?.store == nil)
    }

    @Test func deliverPathsRelativeToTheFastlaneFolderAndAssignmentsAreNoCalls() throws {
        // owncloud/ios-app: `metadata_path: "./metadata-emm"` names fastlane/metadata-emm; `deliver = true` is a variable;
        // a screenshots-only deliver (`skip_metadata: true`) uploads no text.
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/en-US/name.txt", text("Notes\n"))
        try folder.write("fastlane/metadata-emm/en-US/name.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("""
            lane :screenshots do
              deliver(skip_metadata: true, skip_binary_upload: true)
            end
            lane :emm do
              deliver = true
              if deliver
                deliver(
                  metadata_path: "./metadata-emm",
                  force: true
                )
              end
            end
            """))
        let consumers = trees(folder)
        #expect(consumers["fastlane/metadata-emm"]?.store == .appstore)
        #expect(consumers["fastlane/metadata-emm"]?.evidence.map(\.location) == [SourceLocation(path: "fastlane/Fastfile", line: 7)])
        #expect(consumers["fastlane/metadata"]?.store == nil)
    }

    @Test func oldFDroidBrowseLinkCounts() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("README.md", text("<a href=\"https://f-droid.org/repository/browse/?fdid=com.ichi2.anki\">F-Droid</a>\n"))
        #expect(trees(folder)["fastlane/metadata/android"]?.store == .fdroid)
    }

    /// f-droid.org/app/<id>, the app page's older address (libretorrent's badge), still redirects to packages/<id>;
    /// the site's own badge image alone is no app page.
    @Test func oldFDroidAppLinkCountsAndABadgeImageDoesNot() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/\(playLocale)", text("Notes\n"))
        try folder.write("README.md", text("[<img src=\"https://f-droid.org/badge/get-it-on.png\">](https://f-droid.org/app/org.proninyaroslav.libretorrent)\n"))
        #expect(trees(folder)["fastlane/metadata/android"]?.store == .fdroid)
        try folder.write("README.md", text("<img src=\"https://f-droid.org/badge/get-it-on.png\">\n"))
        #expect(trees(folder)["fastlane/metadata/android"]?.store != .fdroid)
    }

    // MARK: release notes

    func notes(_ keys: [String]) -> [String: MetadataValue] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, MetadataValue(text: $0, raw: $0, location: SourceLocation(path: "\($0).txt"))) })
    }

    @Test func theVersionCodesNoteElseDefaultElseNone() {
        #expect(MetadataReleaseNotes.choose(notes(["71", "72", "default"]), versionCode: "72", newestInTree: nil)?.key == "72")
        #expect(MetadataReleaseNotes.choose(notes(["71", "default"]), versionCode: "72", newestInTree: nil)?.key == "default")
        #expect(MetadataReleaseNotes.choose(notes(["71"]), versionCode: "72", newestInTree: nil) == nil)
    }

    @Test func unknownVersionCodeUsesTheTreesNewestNote() {
        #expect(MetadataReleaseNotes.choose(notes(["9", "10"]), versionCode: nil, newestInTree: "10")?.key == "10")
        // A locale nobody translated lately: its newest note (9) is history, not what ships.
        #expect(MetadataReleaseNotes.choose(notes(["9"]), versionCode: nil, newestInTree: "10") == nil)
        #expect(MetadataReleaseNotes.choose(notes(["9", "default"]), versionCode: nil, newestInTree: "10")?.key == "default")
    }

    @Test func factsShowConsumerAndTheNoteChosen() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/changelogs/71.txt", text("Old\n"))
        try folder.write("fastlane/metadata/android/en-US/changelogs/72.txt", text("New\n"))
        try folder.write("fastlane/Fastfile", text("supply\n"))
        let trees = MetadataTestSupport.discover(folder.path).part?.trees ?? []
        let facts = FactStore([Fact(name: "android.version_code", value: .number(72), source: .detected)])
        let found = Dictionary(uniqueKeysWithValues: MetadataFacts.facts(trees, facts: facts).map { ($0.name, $0) })
        #expect(found["metadata.fastlane/metadata/android.consumer"]?.value == .string("play"))
        #expect(found["metadata.fastlane/metadata/android.release_notes"]?.value
                == .list(["changelogs/72.txt (the note for android.version_code 72): en-US"]))
    }
}
