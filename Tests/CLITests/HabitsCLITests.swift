import Foundation
import Testing

/// What SwiftLint users type and what CI scripts read, run as they run them: `version`, `lint`,
/// `--reporter xcode`, `--write-baseline` as an adoption step that succeeds, the configuration read named in
/// text (stderr), JSON (`root`, `config`) and SARIF (`invocations`), and silenced findings kept in SARIF
/// with `suppressions` (SARIF 2.1.0 §3.27.23).
@Suite("Command line: SwiftLint habits and what scripts read")
struct HabitsCLITests {
    static func copyOfExample() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-habits-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud"), to: dir)
        return dir
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(500))")
    }

    @Test func versionIsACommandToo() throws {
        let command = try ShipcheckProcess.run(["version"])
        let option = try ShipcheckProcess.run(["--version"])
        #expect(command.status == 0)
        #expect(command.stdout == option.stdout)
        #expect(command.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(command.stdout)")
        #expect(try ShipcheckProcess.run(["--help"]).stdout.contains("\n  version "))
    }

    @Test func lintIsCheckUnderSwiftLintsName() throws {
        let arguments = ["Examples/TodoCloud", "--color", "never", "--date", "2026-12-01"]
        let lint = try ShipcheckProcess.run(["lint"] + arguments)
        let check = try ShipcheckProcess.run(["check"] + arguments)
        #expect(lint.status == 1)
        #expect(lint.stdout == check.stdout)
        #expect(lint.stdout.contains(": error: "))
        let help = try ShipcheckProcess.run(["lint", "--help"])
        #expect(help.stdout.contains("USAGE: shipcheck lint [<path>] [<options>]"), "\(help.stdout.prefix(300))")
        // A typo still meets a suggestion, now among both names.
        #expect(try ShipcheckProcess.run(["lnit"]).stderr.contains("did you mean"))
    }

    @Test func reporterXcodeIsTheTextFormat() throws {
        let arguments = ["check", "Examples/TodoCloud", "--color", "never", "--date", "2026-12-01"]
        let xcode = try ShipcheckProcess.run(arguments + ["--reporter", "xcode"])
        let text = try ShipcheckProcess.run(arguments + ["--format", "text"])
        #expect(xcode.status == 1)
        #expect(xcode.stdout == text.stdout)
        #expect(xcode.stdout.contains("ios/TodoCloud/Info.plist:"))
        #expect(try ShipcheckProcess.run(["check", "--help"]).stdout.contains("Also named: xcode."))
    }

    @Test func writingABaselineSucceedsAndTheNextRunReportsOnlyNewFindings() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        let written = try ShipcheckProcess.run(["check", ".", "--write-baseline", ".shipcheck-baseline.json", "--color", "never"], in: dir)
        #expect(written.status == 0, "writing a baseline is the adoption step: it must not fail the job\n\(written.stderr)")
        #expect(written.stdout.contains(": error: "), "the report is still printed")
        #expect(written.stderr.contains("note: wrote "), "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".shipcheck-baseline.json").path))
        let next = try ShipcheckProcess.run(["check", ".", "--baseline", ".shipcheck-baseline.json", "--color", "never"], in: dir)
        #expect(next.status == 0, "\(next.stdout)")
        #expect(!next.stdout.contains(": error: "))
        #expect(next.stdout.contains("hidden by the baseline"))
    }

    @Test func theConfigurationReadIsNamedInTextJSONAndSARIF() throws {
        let text = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--color", "never"])
        #expect(text.stderr.components(separatedBy: "\n").filter { $0.contains("configuration") } == ["note: configuration: Examples/TodoCloud/shipcheck.yml"],
                "\(text.stderr)")
        // -q and a machine format on stdout keep stderr quiet.
        #expect(!(try ShipcheckProcess.run(["check", "Examples/TodoCloud", "-q"]).stderr.contains("configuration")))

        let json = try Self.object(try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json"]).stdout)
        let root = try #require(json["root"] as? String)
        #expect(root == ShipcheckProcess.packageRoot.resolvingSymlinksInPath().path || root == ShipcheckProcess.packageRoot.path, "\(root)")
        #expect(json["config"] as? String == "Examples/TodoCloud/shipcheck.yml")
        let keys = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json"]).stdout
        #expect(keys.range(of: "\"tool\"")!.lowerBound < keys.range(of: "\"root\"")!.lowerBound)

        let sarif = try Self.object(try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "sarif"]).stdout)
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        #expect((invocation["properties"] as? [String: Any])?["config"] as? String == "Examples/TodoCloud/shipcheck.yml")

        // Without a configuration file, nothing is named and JSON leaves `config` out.
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.removeItem(at: dir.appendingPathComponent("shipcheck.yml"))
        let bare = try ShipcheckProcess.run(["check", dir.path, "--format", "json"])
        #expect(try Self.object(bare.stdout)["config"] == nil)
        #expect(!(try ShipcheckProcess.run(["check", dir.path]).stderr.contains("configuration")))
    }

    @Test func sarifKeepsSilencedFindingsAsSuppressedResults() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SuppressionCLITests.insert("        // shipcheck:disable:next purpose-strings.missing", before: 28,
                                       in: dir.appendingPathComponent("ios/TodoCloud/SignUpView.swift"))
        try SuppressionCLITests.append("""
        ignore:
          - rule: metadata-locales.play-folder
            paths: ["fastlane/metadata/android/*"]
            reason: "fr is a work-in-progress translation supply does not upload yet."

        """, to: dir.appendingPathComponent("shipcheck.yml"))
        // The baseline records one more rule's findings: they come back as external suppressions.
        let only = ["--only", "metadata.play-title-length"]
        #expect(try ShipcheckProcess.run(["check", ".", "--write-baseline", "baseline.json"] + only, in: dir).status == 0)

        let sarif = try Self.object(try ShipcheckProcess.run(["check", ".", "--format", "sarif", "--baseline", "baseline.json"], in: dir).stdout)
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        func suppressions(_ rule: String) -> [[String: Any]] {
            results.filter { $0["ruleId"] as? String == rule }.flatMap { ($0["suppressions"] as? [[String: Any]]) ?? [] }
        }
        let inSource = suppressions("purpose-strings.missing")
        #expect(inSource.map { $0["kind"] as? String } == ["inSource"])
        let ignored = suppressions("metadata-locales.play-folder")
        #expect(!ignored.isEmpty && ignored.allSatisfy { $0["kind"] as? String == "external" })
        #expect(ignored.first?["justification"] as? String == "fr is a work-in-progress translation supply does not upload yet.")
        let baselined = suppressions("metadata.play-title-length")
        #expect(!baselined.isEmpty && baselined.allSatisfy { $0["kind"] as? String == "external" })
        // Open findings carry none; each result's ruleIndex names its own rule.
        #expect(results.contains { $0["ruleId"] as? String == "privacy-manifest.missing-api-declaration" && $0["suppressions"] == nil })
        let rules = try #require((((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]) as? [[String: Any]])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        // The text report still counts them and shows none.
        let text = try ShipcheckProcess.run(["check", ".", "--color", "never", "--baseline", "baseline.json"], in: dir)
        #expect(!text.stdout.contains("[purpose-strings.missing]") && !text.stdout.contains("[metadata.play-title-length]"))
    }
}
