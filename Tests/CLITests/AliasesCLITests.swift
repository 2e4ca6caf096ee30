import Foundation
import Testing

/// The names SwiftLint users type: `--strict`, `--reporter`, `codeclimate`, `github-actions-logging`, and a help
/// that says what each format writes and how the exit codes differ from SwiftLint's.
@Suite("Command line: SwiftLint's names")
struct AliasesCLITests {
    /// A supply tree outside any repository, read alone: its Play overruns are warnings (nobody is known to
    /// upload it), and nothing is an error.
    static func warningsOnly(_ body: (String) throws -> Void) throws {
        let folder = try CIHarness.temporaryFolder("aliases")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: CIHarness.app.appendingPathComponent("fastlane"), to: folder.appendingPathComponent("fastlane"))
        let tree = folder.appendingPathComponent("fastlane/metadata/android")
        try body(tree.path)
    }

    @Test func strictFailsOnWarningsAsFailOnWarningDoes() throws {
        try Self.warningsOnly { tree in
            let plain = try ShipcheckProcess.run(["metadata", tree, "-q"])
            #expect(plain.status == 0, "\(plain.stdout)")
            #expect(plain.stdout.contains(": warning: "))
            #expect(try ShipcheckProcess.run(["metadata", tree, "-q", "--strict"]).status == 1)
            #expect(try ShipcheckProcess.run(["metadata", tree, "-q", "--fail-on", "warning"]).status == 1)
            #expect(try ShipcheckProcess.run(["metadata", tree, "-q", "--strict", "--fail-on", "warning"]).status == 1)
            let both = try ShipcheckProcess.run(["metadata", tree, "-q", "--strict", "--fail-on", "never"])
            #expect(both.status == 2)
            #expect(both.stderr.contains("--strict means --fail-on warning"))
        }
    }

    @Test(arguments: [(["--reporter", "json"], ["--format", "json"]),
                      (["--reporter=sarif"], ["--format", "sarif"]),
                      (["--format", "codeclimate"], ["--format", "gitlab"]),
                      (["--format", "CodeClimate"], ["--format", "gitlab"]),
                      (["--reporter", "github-actions-logging"], ["--format", "github"])])
    func anAliasWritesExactlyWhatItsFormatWrites(alias: [String], format: [String]) throws {
        let common = ["check", "Examples/TodoCloud", "--date", "2026-11-30"]
        let a = try ShipcheckProcess.run(common + alias)
        let b = try ShipcheckProcess.run(common + format)
        #expect(a.status == 1 && b.status == 1, "\(a.stderr)")
        #expect(!a.stdout.isEmpty)
        #expect(a.stdout == b.stdout)
    }

    @Test func anUnknownFormatListsTheAliasesToo() throws {
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "codeclimat"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean 'codeclimate'?"))
        #expect(result.stderr.contains("github-actions-logging"))
    }

    @Test func theHelpSaysWhatEachFormatWritesAndComparesExitCodesWithSwiftLint() throws {
        let help = try ShipcheckProcess.run(["check", "--help"])
        #expect(help.status == 0)
        for (name, says) in [("text", "path:line:col"), ("json", "JSON document"), ("markdown", "Markdown report"), ("sarif", "SARIF 2.1.0"),
                             ("junit", "JUnit XML"), ("github", "workflow commands"), ("gitlab", "GitLab Code Quality JSON"),
                             ("checkstyle", "Checkstyle XML")] {
            let line = help.stdout.split(separator: "\n").first { $0.hasPrefix("  \(name) ") }
            #expect(line?.contains(says) == true, "the help's line for \(name): \(line ?? "none")")
        }
        #expect(help.stdout.contains("Also named: codeclimate."))
        #expect(help.stdout.contains("Also named: github-actions-logging."))
        #expect(help.stdout.contains("(Also: --reporter.)"))
        #expect(help.stdout.contains("--strict"))
        #expect(help.stdout.contains("SwiftLint's differ: 0 clean, 1 usage or system error, 2 errors found, 3 warnings with --strict"))
    }
}
