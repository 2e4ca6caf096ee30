import Foundation
import Testing

/// The small annoyances of issue #27, each as a user meets it.
@Suite("Annoyances of a new user")
struct AnnoyancesCLITests {
    @Test func rulesShowPrintsWhyARuleHasItsSeverity() throws {
        let text = try ShipcheckProcess.run(["rules", "show", "account-deletion.in-app"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("\n  why this severity: Error: App Store Guideline 5.1.1(v)"), "\(text.stdout)")
        let json = try ShipcheckProcess.run(["rules", "show", "account-deletion.in-app", "--format", "json"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect((rules.first?["severity_reason"] as? String)?.hasPrefix("Error: App Store Guideline 5.1.1(v)") == true)
    }

    /// `count --field` with nothing to count, on a terminal (a pseudo-terminal from Python's standard library):
    /// it says it is reading and how to end, then counts what was typed.
    @Test func countOnATerminalSaysItIsWaitingForTheText() throws {
        let script = """
        import os, pty, subprocess, sys, time
        master, slave = pty.openpty()
        process = subprocess.Popen([sys.argv[1], "count", "--field", "appstore.subtitle"], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.close(slave)
        time.sleep(0.5)
        os.write(master, b"hello\\n\\x04")
        out, err = process.communicate(timeout=60)
        print(process.returncode)
        print(err.decode())
        print(out.decode())
        """
        let result = try ShipcheckProcess.run(["python3", "-c", script, ShipcheckProcess.binary.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("0\n"), "\(result.stdout)")
        #expect(result.stdout.contains("note: reading the text to count from the terminal; end it with Ctrl-D"), "\(result.stdout)")
        #expect(result.stdout.contains("utf-16 units     5"), "\(result.stdout)")
        // From a pipe there is nothing to say.
        let piped = try ShipcheckProcess.run(["count"], stdin: "hello\n")
        #expect(piped.stderr.isEmpty)
    }

    @Test func theMarkdownTablePutsErrorsFirstAndLeavesOutCleanRows() throws {
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "markdown", "--date", "2026-12-01"])
        #expect(result.status == 1)
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Checklist") && !$0.hasPrefix("| ---") && !$0.hasPrefix("| Fact") && !$0.contains("<code>") }
        #expect(rows.count >= 3, "\(result.stdout.prefix(3000))")
        let cells = rows.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let counts = cells.map { (Int($0[1]) ?? -1, Int($0[2]) ?? -1, Int($0[3]) ?? -1) }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 >= $1 }, "rows not ordered errors first: \(rows)")
        // No row is all zeros: a clean checklist is named once, below the table.
        #expect(!cells.contains { $0[1] == "0" && $0[2] == "0" && $0[3] == "0" && $0[5] == "0" }, "\(rows)")
        #expect(result.stdout.contains("\nAll rules passed in "), "\(result.stdout.prefix(3000))")
        // The first checklist shown is one with errors, open (a heading, not a fold).
        let firstSection = try #require(result.stdout.components(separatedBy: "\n### ").dropFirst().first)
        #expect(firstSection.prefix(while: { $0 != "\n" }).contains("error"), "\(firstSection.prefix(200))")
    }

    /// The bash completion run as bash runs it (COMP_WORDS, COMP_CWORD, then the function): values after
    /// --format and --fail-on, not options; rule ids after --only and `rules show`.
    @Test func bashCompletesValuesAndRuleIDs() throws {
        let script = try ShipcheckProcess.run(["completions", "bash"]).stdout
        let folder = try CIHarness.temporaryFolder("completion")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shipcheck.bash")
        try Data(script.utf8).write(to: file)
        let driver = """
        source "$1"
        complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _shipcheck; echo "${COMPREPLY[*]}"; }
        echo "format: $(complete_words shipcheck check --format '')"
        echo "fail-on: $(complete_words shipcheck check --fail-on '')"
        echo "show: $(complete_words shipcheck rules show account-deletion.in)"
        echo "only: $(complete_words shipcheck check --only metadata.keywords-d)"
        echo "option: $(complete_words shipcheck check --fail)"
        """
        let result = try ShipcheckProcess.run(["bash", "-c", driver, "bash", file.path], in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("format: text json markdown sarif junit github gitlab checkstyle html xcode github-actions-logging codeclimate"), "\(lines)")
        #expect(lines.contains("fail-on: error warning note never"), "\(lines)")
        #expect(lines.contains("show: account-deletion.in-app account-deletion.in-app-sign-up-form"), "\(lines)")
        #expect(lines.contains("only: metadata.keywords-duplicates"), "\(lines)")
        #expect(lines.contains("option: --fail-on"), "\(lines)")
    }

    /// A text finding names its location once, from where the command ran; the message's copy of it (written
    /// from the project root) is left out there, and kept in JSON. Other locations in a message stay.
    @Test func aTextFindingNamesItsLocationOnce() throws {
        let text = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--color", "never", "--quiet", "--date", "2026-12-01"]).stdout
        let line = try #require(text.split(separator: "\n").first { $0.hasSuffix("[account-deletion.in-app]") })
        #expect(line.hasPrefix("Examples/TodoCloud/android/app/src/main/java/com/example/todocloud/SignUpActivity.kt:16:14: error: Accounts can be created but"), "\(line)")
        #expect(!line.contains("(android/app/src/main/java/com/example/todocloud/SignUpActivity.kt:16:14)"))
        let json = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json", "--date", "2026-12-01"]).stdout
        #expect(json.contains("Accounts can be created (android/app/src/main/java/com/example/todocloud/SignUpActivity.kt:16:14) but"))
    }
}
