import Foundation
import Testing

/// `shipcheck metadata DIR` reads DIR with what is around it, within the repository only: who uploads a
/// folder comes from the project (as `check` reads it), and nothing above the repository's top, or above
/// DIR outside a repository, is walked.
@Suite("metadata DIR: read with its project, never past the repository")
struct MetadataScopeCLITests {
    /// `rule severity location` of each finding line of a `-q --color never` text report under `prefix`.
    static func grades(_ output: String, under prefix: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(prefix) else { return nil }
            for severity in [": error: ", ": warning: ", ": note: "] {
                if let range = line.range(of: severity), let rule = line.range(of: " [", options: .backwards) {
                    return "\(line[..<range.lowerBound]) \(severity.trimmingCharacters(in: CharacterSet(charactersIn: ": "))) \(line[rule.upperBound...])"
                }
            }
            return nil
        }.sorted()
    }

    @Test func aPlayFolderGradesAndExitsAsCheckDoes() throws {
        let folder = try CIHarness.temporaryFolder("metadata-play")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let tree = "apps/mobile/fastlane/metadata/android"
        // A newer note than the version code's (7): history, not judged by check; metadata must agree.
        try Data(String(repeating: "Old notes. ", count: 60).utf8)
            .write(to: repo.appendingPathComponent(tree + "/en-US/changelogs/99.txt"))
        let check = try ShipcheckProcess.run(["check", CIHarness.appFolder, "-q", "--color", "never", "--date", "2026-11-30",
                                              "--only", "metadata,metadata-locales,metadata-fdroid"], in: repo)
        let metadata = try ShipcheckProcess.run(["metadata", tree, "-q", "--color", "never", "--date", "2026-11-30"], in: repo)
        #expect(check.status == 1)
        #expect(metadata.status == check.status, "\(metadata.stdout)\(metadata.stderr)")
        let expected = Self.grades(check.stdout, under: tree)
        #expect(expected.contains("\(tree)/en-US/title.txt:1:8 error metadata.play-title-emoji]"), "\(expected)")
        #expect(Self.grades(metadata.stdout, under: tree) == expected)
        // The messages too: the release note judged is the one the version code picks, as in `check`.
        let lines = { (output: String) in output.split(separator: "\n").filter { $0.hasPrefix(tree) }.sorted() }
        #expect(lines(metadata.stdout) == lines(check.stdout))
        #expect(metadata.stderr.contains("read with the project at \(repo.path)/apps/mobile"))
    }

    @Test func outsideARepositoryOnlyTheFolderGivenIsRead() throws {
        // A supply tree whose locale folder is given, with no repository anywhere above: not widened.
        let folder = try CIHarness.temporaryFolder("metadata-norepo")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: CIHarness.app.appendingPathComponent("fastlane"), to: folder.appendingPathComponent("fastlane"))
        let locale = folder.appendingPathComponent("fastlane/metadata/android/en-US")
        let alone = try ShipcheckProcess.run(["metadata", locale.path, "-q"], in: folder)
        #expect(!alone.stderr.contains("reporting only the findings inside it"), "\(alone.stderr)")
        // The same layout in a repository is read as part of its tree.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let inRepo = try ShipcheckProcess.run(["metadata", locale.path, "-q", "--color", "never", "--date", "2026-11-30"], in: folder)
        #expect(inRepo.stderr.contains("reporting only the findings inside it"), "\(inRepo.stderr)")
        #expect(inRepo.stdout.contains("fastlane/metadata/android/en-US/title.txt:1:8: error: "))
    }

    @Test func neverAboveTheRepositoryTop() throws {
        // The tree is outside the repository, which starts at its en-US folder; en-US/images is given.
        let folder = try CIHarness.temporaryFolder("metadata-top")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: CIHarness.app.appendingPathComponent("fastlane"), to: folder.appendingPathComponent("fastlane"))
        let images = folder.appendingPathComponent("fastlane/metadata/android/en-US/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fastlane/metadata/android/en-US/.git"), withIntermediateDirectories: false)
        let result = try ShipcheckProcess.run(["metadata", images.path, "-q"], in: folder)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("no store metadata found"))
        #expect(!result.stderr.contains("reporting only the findings inside it"))
    }

    @Test func anEmptyFolderOutsideARepositoryIsRefusedAtOnce() throws {
        let folder = try CIHarness.temporaryFolder("metadata-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let result = try ShipcheckProcess.run(["metadata", folder.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no store metadata found"))
        // It used to walk the temporary folder and then / (minutes); the folder alone takes milliseconds.
        #expect(Date().timeIntervalSince(started) < 20)
    }
}
