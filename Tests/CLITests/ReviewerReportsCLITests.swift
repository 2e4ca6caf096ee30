import Foundation
import Testing

/// The reports a person reads, run as users run them on the example app: the Markdown PR comment (errors
/// and warnings open, manual items folded) and the text report (manual items counted in one line unless
/// `--manual`).
@Suite("Command line: reports people read")
struct ReviewerReportsCLITests {
    static let example = ["check", "Examples/TodoCloud", "--color", "never", "--date", "2026-12-01"]

    /// The Markdown outside every `<details>…</details>` block.
    static func unfolded(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let open = rest.range(of: "<details") {
            out += rest[..<open.lowerBound]
            guard let close = rest.range(of: "</details>", range: open.upperBound..<rest.endIndex) else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    @Test func theMarkdownCommentShowsErrorsAndWarningsAndFoldsTheManualItems() throws {
        let result = try ShipcheckProcess.run(Self.example + ["--format", "markdown"])
        #expect(result.status == 1)
        let markdown = result.stdout
        let visible = Self.unfolded(markdown)
        // Every error's and warning's rule heading is outside the folds; the manual checklist is inside one.
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("#### ") && ($0.contains(", error)") || $0.contains(", warning)")) }
        #expect(headings.count >= 5, "\(markdown.prefix(2000))")
        for heading in headings { #expect(visible.contains(heading), "folded: \(heading)") }
        #expect(markdown.contains("<summary>Confirm by hand before submitting ("))
        #expect(!visible.contains("- [ ] "), "manual items must be folded")
        #expect(markdown.contains("- [ ] "))
        // An error's checklist is a heading of its own, not a fold's summary.
        #expect(visible.contains("\n### "), "\(visible.prefix(1500))")
    }

    @Test func theTextReportCountsManualItemsUnlessAsked() throws {
        let plain = try ShipcheckProcess.run(Self.example)
        #expect(plain.status == 1)
        #expect(!plain.stdout.contains("[ ] "))
        let line = try #require(plain.stdout.split(separator: "\n").first { $0.contains("to confirm by hand before submitting") })
        #expect(line.range(of: #"^\d+ items? to confirm by hand before submitting \(--manual lists them\)$"#, options: .regularExpression) != nil, "\(line)")
        let listed = try ShipcheckProcess.run(Self.example + ["--manual"])
        #expect(listed.stdout.contains("Confirm by hand before submitting:\n[ ] "))
        let count = Int(line.split(separator: " ").first ?? "") ?? -1
        #expect(listed.stdout.split(separator: "\n").filter { $0.hasPrefix("[ ] ") }.count == count)
        #expect(listed.stdout.components(separatedBy: "Confirm by hand").count == 2, "printed once")
        // -q: findings only, neither the count nor the list.
        #expect(!(try ShipcheckProcess.run(Self.example + ["-q", "--manual"]).stdout.contains("confirm by hand")))
    }
}
