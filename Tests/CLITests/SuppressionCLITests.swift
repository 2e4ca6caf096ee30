import Foundation
import Testing

/// Suppressions end to end on a copy of the example app: a `shipcheck:disable` comment in Swift and in an
/// XML plist, an `ignore:` entry in shipcheck.yml, each counted as suppressed in text, JSON and Markdown.
@Suite("Command line: suppressions")
struct SuppressionCLITests {
    static func copyOfExample() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-suppress-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud"), to: dir)
        return dir
    }

    /// Inserts `line` before the 1-based line `number` of the file.
    static func insert(_ line: String, before number: Int, in file: URL) throws {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        lines.insert(line, at: number - 1)
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
    }

    static func append(_ text: String, to file: URL) throws {
        let old = try String(contentsOf: file, encoding: .utf8)
        try Data((old + text).utf8).write(to: file)
    }

    @Test func commentsAndIgnoreEntriesSilenceFindingsAndEveryReportCountsThem() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.insert("        // shipcheck:disable:next purpose-strings.missing", before: 28, in: dir.appendingPathComponent("ios/TodoCloud/SignUpView.swift"))
        try Self.insert("\t<!-- shipcheck:disable:next purpose-strings.vague -->", before: 11, in: dir.appendingPathComponent("ios/TodoCloud/Info.plist"))
        try Self.append("""
        ignore:
          - rule: metadata-locales.play-folder
            paths: ["fastlane/metadata/android/*"]
            reason: "fr is a work-in-progress translation supply does not upload yet."

        """, to: dir.appendingPathComponent("shipcheck.yml"))

        let text = try ShipcheckProcess.run(["check", dir.path, "--color", "never"])
        #expect(text.status == 1)
        #expect(!text.stdout.contains("[purpose-strings.missing]"))
        #expect(!text.stdout.contains("[purpose-strings.vague]"))
        #expect(!text.stdout.contains("[metadata-locales.play-folder]"))
        #expect(text.stdout.contains("[privacy-manifest.missing-api-declaration]"), "other findings of the same file stay")
        #expect(text.stdout.contains("(suppressed: 3)"))

        let json = try ShipcheckProcess.run(["check", dir.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["suppressed"] as? Int == 3)

        let markdown = try ShipcheckProcess.run(["check", dir.path, "--format", "markdown"])
        #expect(markdown.stdout.contains("suppressed: 3"))
    }

    @Test func withoutSuppressionsTheCountIsZeroAndTheFindingsAreThere() throws {
        let json = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["summary"] as? [String: Any])?["suppressed"] as? Int == 0)
        #expect(json.stdout.contains("\"purpose-strings.missing\""))
    }

    @Test func aMisspeltRuleInASuppressionIsAWarningAtTheComment() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.insert("        // shipcheck:disable:next purpose-strings.mising", before: 28, in: dir.appendingPathComponent("ios/TodoCloud/SignUpView.swift"))
        let result = try ShipcheckProcess.run(["check", dir.path, "--color", "never"])
        #expect(result.stdout.contains("ios/TodoCloud/SignUpView.swift:28:12: warning: The suppression names 'purpose-strings.mising'"))
        #expect(result.stdout.contains("did you mean 'purpose-strings.missing'?"))
        #expect(result.stdout.contains("[purpose-strings.missing]"), "a misspelt suppression silences nothing")
    }

    @Test func anIgnoreEntryWithoutAReasonIsAConfigurationErrorAtItsLine() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.append("ignore:\n  - rule: metadata\n    paths: [\"fastlane/**\"]\n", to: dir.appendingPathComponent("shipcheck.yml"))
        let result = try ShipcheckProcess.run(["check", dir.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("shipcheck.yml:14:5"), "\(result.stderr)")
        #expect(result.stderr.contains("reason"))

        try Self.append("    reason: \"  \"\n", to: dir.appendingPathComponent("shipcheck.yml"))
        let blank = try ShipcheckProcess.run(["check", dir.path])
        #expect(blank.status == 2)
        #expect(blank.stderr.contains("shipcheck.yml:16:13"), "\(blank.stderr)")
        #expect(blank.stderr.contains("an ignore entry needs a reason"))
    }
}
