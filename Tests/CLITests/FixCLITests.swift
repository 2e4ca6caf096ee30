import Foundation
import Testing

/// `shipcheck fix` on a copy of the example app, as a user runs it: the diff first (git's form, which
/// `git apply` takes), then `--write`, then `check` again: fewer errors and no new finding.
@Suite("Command line: fix")
struct FixCLITests {
    static func copyOfExample() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-fix-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud"), to: dir)
        return dir
    }

    static func findings(in dir: URL) throws -> [[String: Any]] {
        let result = try ShipcheckProcess.run(["check", ".", "--format", "json", "--date", "2026-12-01"], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]])
    }

    @Test func theDiffShowsTheRenameAndTheKeywordsAndWriteMakesThem() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        let keywords = dir.appendingPathComponent("fastlane/metadata/en-US/keywords.txt")
        let keywordsBefore = try String(contentsOf: keywords, encoding: .utf8)

        let shown = try ShipcheckProcess.run(["fix", "."], in: dir)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("rename from fastlane/metadata/android/fr/"), "\(shown.stdout)")
        #expect(shown.stdout.contains("rename to fastlane/metadata/android/fr-FR/"))
        #expect(shown.stdout.contains("--- a/fastlane/metadata/en-US/keywords.txt\n+++ b/fastlane/metadata/en-US/keywords.txt\n"))
        #expect(shown.stderr.contains("run with --write"))
        // Showing changes nothing.
        #expect(try String(contentsOf: keywords, encoding: .utf8) == keywordsBefore)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("fastlane/metadata/android/fr").path))

        let before = try Self.findings(in: dir)
        let written = try ShipcheckProcess.run(["fix", ".", "--write"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("fastlane/metadata/android/fr").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("fastlane/metadata/android/fr-FR/title.txt").path))
        let tidy = try String(contentsOf: keywords, encoding: .utf8)
        #expect(!tidy.contains(", ") && !tidy.contains(" ,"), "\(tidy)")
        let words = tidy.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map { $0.lowercased() }
        #expect(Set(words).count == words.count, "no repeats: \(tidy)")

        let after = try Self.findings(in: dir)
        func errors(_ findings: [[String: Any]]) -> Int { findings.filter { $0["severity"] as? String == "error" }.count }
        #expect(errors(after) < errors(before), "errors \(errors(before)) → \(errors(after))")
        #expect(!after.contains { $0["rule"] as? String == "metadata-locales.play-folder" })
        #expect(!after.contains { ["metadata.keywords-spaces", "metadata.keywords-duplicates"].contains($0["rule"] as? String ?? "") })
        // No new finding: every rule that reports now reported before, as often or less.
        func counts(_ findings: [[String: Any]]) -> [String: Int] {
            Dictionary(findings.map { ($0["rule"] as? String ?? "", 1) }, uniquingKeysWith: +)
        }
        let (old, new) = (counts(before), counts(after))
        for (rule, count) in new { #expect(count <= old[rule] ?? 0, "\(rule): \(old[rule] ?? 0) → \(count)") }
        // A second run has nothing left to do.
        let again = try ShipcheckProcess.run(["fix", "."], in: dir)
        #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.contains("nothing to fix"), "\(again.stdout)\(again.stderr)")
    }

    @Test func aRenameOntoAnExistingFolderIsLeftToAPerson() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        // fr-FR exists already: renaming fr onto it would merge two translations.
        try FileManager.default.copyItem(at: dir.appendingPathComponent("fastlane/metadata/android/en-US"),
                                         to: dir.appendingPathComponent("fastlane/metadata/android/fr-FR"))
        let written = try ShipcheckProcess.run(["fix", ".", "--write"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("fastlane/metadata/android/fr").path))
        #expect(!written.stdout.contains("rename from"))
    }
}
