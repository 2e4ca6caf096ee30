import Foundation
import Testing

/// `shipcheck archive FILE` and `shipcheck check PATH --archive FILE` as CI runs them.
@Suite("Command line: archives")
struct ArchiveCLITests {
    static let fixtures = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Fixtures/archive")

    @Test func anArchiveAloneIsCheckedAndExitsOneOnItsErrors() throws {
        let result = try ShipcheckProcess.run(["archive", "ios-trigger.ipa", "-q", "--color", "never"], in: Self.fixtures)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("ios-trigger.ipa!/Payload/App.app/App: error: "))
        #expect(result.stdout.contains("[privacy-manifest.binary-missing-api-declaration]"))
        let pass = try ShipcheckProcess.run(["archive", "ios-pass.ipa", "android-16kb.aab", "-q"], in: Self.fixtures)
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
    }

    @Test func checkTakesArchivesBesideTheSources() throws {
        // The project targets API 35 with 16 KB-aligned prebuilt libraries; the archive's arm64 library is 4 KB aligned.
        let result = try ShipcheckProcess.run(["check", "Tests/RuleExamples/play-publishing.page-size-16kb/pass", "--archive", "Tests/Fixtures/archive/android-4kb.aab",
                                               "--format", "github", "--only", "play-publishing.page-size-16kb"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("::error file=Tests/Fixtures/archive/android-4kb.aab,title="))
    }

    @Test func archiveWithoutAFileIsAUsageError() throws {
        let result = try ShipcheckProcess.run(["archive"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("file"))
    }

    @Test func aHostileArchiveExitsTwoNamingTheEntryQuickly() throws {
        let start = Date()
        for (name, words) in [("hostile-bomb.zip", "a zip bomb?"), ("hostile-traversal.ipa", "../../evil.sh"), ("hostile-overlap.ipa", "overlaps")] {
            let result = try ShipcheckProcess.run(["archive", name], in: Self.fixtures)
            #expect(result.status == 2, "\(name): \(result.stdout)")
            #expect(result.stderr.contains(words), "\(name): \(result.stderr)")
        }
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test func aLinkOutOfTheRootAndAPlainFolderAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("app.ipa").path,
                                                   withDestinationPath: Self.fixtures.appendingPathComponent("ios-trigger.ipa").path)
        let link = try ShipcheckProcess.run(["archive", "app.ipa"], in: folder)
        #expect(link.status == 2)
        #expect(link.stderr.contains("app.ipa: is a symbolic link that leads out of the project root"))
        #expect(!link.stderr.contains(Self.fixtures.path))
        let plain = try ShipcheckProcess.run(["archive", "notes"], in: folder)
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("an archive folder is an .xcarchive or an unpacked .app"))
    }

    @Test func withoutAnArchiveTheSummaryNamesTheArchiveOnlyChecksOnce() throws {
        let without = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--color", "never"])
        let line = try #require(without.stdout.split(separator: "\n").first { $0.hasPrefix("Not checked without a built archive") })
        #expect(line.contains("privacy-manifest.binary-missing-api-declaration"))
        #expect(line.contains("platform-requirements.apple-upload-sdk"))
        #expect(!without.stdout.contains("[privacy-manifest.binary-missing-api-declaration]"))
        let with = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--color", "never", "--archive", "Tests/Fixtures/archive/ios-pass.ipa"])
        #expect(!with.stdout.contains("Not checked without a built archive"))
    }

    @Test func helpNamesTheArchiveOption() throws {
        let result = try ShipcheckProcess.run(["check", "--help"])
        #expect(result.stdout.contains("--archive"))
        let root = try ShipcheckProcess.run(["--help"])
        #expect(root.stdout.contains("archive"))
    }
}
