import Foundation
import Testing

@Suite("Command line: check, rules, reports")
struct CheckCLITests {
    static let example = "Examples/TodoCloud"

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func exampleProjectExitsOneWithClickableFindingsAndTheManualChecklist() throws {
        let result = try ShipcheckProcess.run(["check", Self.example, "--color", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ios/TodoCloud/SignUpView.swift:28:9: error: "))
        #expect(result.stdout.contains("[purpose-strings.missing]"))
        #expect(result.stdout.contains("android/app/build.gradle.kts:13: error: "))
        #expect(result.stdout.contains("[platform-requirements.play-target-sdk]"))
        #expect(result.stdout.contains("fastlane/metadata/android/fr: error: "))
        #expect(result.stdout.contains("[metadata-locales.play-folder]"))
        #expect(result.stdout.contains(" items to confirm by hand before submitting (--manual lists them)"))
        #expect(try ShipcheckProcess.run(["check", Self.example, "--color", "never", "--manual"]).stdout.contains("Confirm by hand before submitting:"))
        #expect(!result.stdout.contains("\u{1B}["), "no colour when --color never")
    }

    @Test func failOnNeverExitsZeroWithTheSameFindings() throws {
        let result = try ShipcheckProcess.run(["check", Self.example, "--fail-on", "never"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("[purpose-strings.missing]"))
    }

    @Test func jsonReportHasTheDocumentedShape() throws {
        let result = try ShipcheckProcess.run(["check", Self.example, "--format", "json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let tool = try #require(object["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "shipcheck")
        #expect(tool["version"] as? String == "0.1.0")
        let summary = try #require(object["summary"] as? [String: Int])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(summary["errors"] == findings.filter { $0["severity"] as? String == "error" }.count)
        #expect(summary["warnings"] == findings.filter { $0["severity"] as? String == "warning" }.count)
        let camera = try #require(findings.first { $0["rule"] as? String == "purpose-strings.missing" })
        #expect(camera["checklist"] as? String == "purpose-strings")
        // Paths start at the repository root (this package), not at the checked folder.
        #expect(camera["path"] as? String == "Examples/TodoCloud/ios/TodoCloud/SignUpView.swift")
        #expect(camera["line"] as? Int == 28)
        #expect(camera["column"] as? Int == 9)
        #expect((camera["fingerprint"] as? String)?.count == 16)
        #expect((camera["references"] as? [[String: Any]])?.isEmpty == false)
        let folder = try #require(findings.first { $0["rule"] as? String == "metadata-locales.play-folder" })
        #expect(folder["line"] == nil, "unknown lines are omitted, not null")
        let manual = try #require(object["manual"] as? [[String: Any]])
        #expect(summary["manual"] == manual.count)
        #expect(manual.contains { $0["rule"] as? String == "platform-requirements.apple-xcode-26" })
        #expect(findings.allSatisfy { !($0["path"] as? String ?? "").contains("\\") })
    }

    @Test func fourFormatsInOneRunAreWrittenAndEachParses() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sarif = dir.appendingPathComponent("shipcheck.sarif").path
        let junit = dir.appendingPathComponent("report.xml").path
        let markdown = dir.appendingPathComponent("report.md").path
        let result = try ShipcheckProcess.run(["check", Self.example, "--format", "text", "--format", "sarif:\(sarif)",
                                               "--format", "junit:\(junit)", "--format", "markdown:\(markdown)"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("[purpose-strings.missing]"))
        let sarifObject = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])
        #expect(sarifObject["version"] as? String == "2.1.0")
        let runs = try #require(sarifObject["runs"] as? [[String: Any]])
        #expect((runs.first?["results"] as? [Any])?.isEmpty == false)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml"))
        #expect(xml.contains("<testsuite name=\"purpose-strings\""))
        let md = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(md.contains("- [ ] "))
        #expect(md.contains("purpose-strings.missing"))
        // Nothing is left behind but the three reports (atomic writes leave no temporary files).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["report.md", "report.xml", "shipcheck.sarif"])
    }

    @Test func runningTwiceGivesByteIdenticalReports() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs: [[Data]] = []
        for run in 0..<2 {
            var files: [Data] = []
            for format in ["json", "sarif", "junit", "markdown", "github"] {
                let path = dir.appendingPathComponent("\(run).\(format)").path
                _ = try ShipcheckProcess.run(["check", Self.example, "--format", "\(format):\(path)"])
                files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            outputs.append(files)
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func writeFailureIsExitTwoNamingThePath() throws {
        let result = try ShipcheckProcess.run(["check", Self.example, "--format", "sarif:/no/such/dir/out.sarif"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/no/such/dir/out.sarif"))
    }

    @Test func baselineHidesKnownFindingsAndReportsOnlyNewOnes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("baseline.json").path
        let first = try ShipcheckProcess.run(["check", Self.example, "--write-baseline", baseline, "--format", "json"])
        #expect(first.status == 0, "writing the baseline succeeds, whatever it records")
        let second = try ShipcheckProcess.run(["check", Self.example, "--baseline", baseline, "--format", "json"])
        #expect(second.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect((object["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func githubFormatPrintsWorkflowCommandsAndAppendsTheJobSummary() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = dir.appendingPathComponent("summary.md")
        try Data("earlier step\n".utf8).write(to: summary)
        let result = try ShipcheckProcess.run(["check", Self.example, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("::error file=Examples/TodoCloud/ios/TodoCloud/SignUpView.swift,line=28,col=9,title="))
        let written = try String(contentsOf: summary, encoding: .utf8)
        #expect(written.hasPrefix("earlier step\n"))
        #expect(written.contains("purpose-strings.missing"))
    }

    @Test func colourOnlyWhenAskedAndNeverWithNoColor() throws {
        let always = try ShipcheckProcess.run(["check", Self.example, "--color", "always"])
        #expect(always.stdout.contains("\u{1B}["))
        let auto = try ShipcheckProcess.run(["check", Self.example], environment: ["NO_COLOR": "1"])
        #expect(!auto.stdout.contains("\u{1B}["))
    }

    @Test func quietPrintsOnlyFindings() throws {
        let result = try ShipcheckProcess.run(["check", Self.example, "-q"])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("Confirm by hand"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": note: ") })
    }

    @Test func rulesListShowsEveryChecklist() throws {
        let result = try ShipcheckProcess.run(["rules", "list"])
        #expect(result.status == 0)
        for checklist in ["account-deletion", "privacy-policy", "data-safety", "demo-account", "on-demand-resources",
                          "privacy-manifest", "purpose-strings", "platform-requirements", "metadata", "metadata-locales"] {
            #expect(result.stdout.contains("\n\(checklist) — ") || result.stdout.hasPrefix("\(checklist) — "), "rules list misses \(checklist)")
        }
        #expect(result.stdout.contains("purpose-strings.missing"))
    }

    @Test func rulesShowPrintsReferences() throws {
        let result = try ShipcheckProcess.run(["rules", "show", "purpose-strings.missing"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("purpose-strings.missing: "))
        #expect(result.stdout.contains("  see:       "))
        #expect(result.stdout.contains("defined at rules/purpose-strings.yml:"))
    }

    @Test func aBrokenTeamChecklistIsExitTwoWithFileLineAndColumn() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("""
        checklist: team
        title: Team rules
        rules:
          - id: team.no-beta
            title: No beta in titles
            severity: fatal
            check: words
            given: play.locales.*.title
            message: m
            help: h

        """.utf8).write(to: dir.appendingPathComponent("team.yml"))
        let result = try ShipcheckProcess.run(["check", Self.example, "--rules", dir.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("rules[0].severity at \(dir.path)/team.yml:6:15: expected one of off, info, warning, error, got \"fatal\""))
        #expect(result.stdout.isEmpty)
    }

    @Test func malformedManifestIsExitTwoNamingTheFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("app: { name: X\nstores: [appstore\n".utf8).write(to: dir.appendingPathComponent("shipcheck.yml"))
        let result = try ShipcheckProcess.run(["check", dir.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("shipcheck.yml:"))
    }

    @Test func initWritesAManifestThatLoadsAndNeverOverwrites() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try ShipcheckProcess.run(["init", dir.path])
        #expect(first.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("shipcheck.yml").path))
        let facts = try ShipcheckProcess.run(["facts", dir.path])
        #expect(facts.status == 0, "the starter manifest must load: \(facts.stderr)")
        let second = try ShipcheckProcess.run(["init", dir.path])
        #expect(second.status == 2)
        #expect(second.stderr.contains("already exists"))
    }

    @Test func factsShowEvidenceAndStatedValues() throws {
        let result = try ShipcheckProcess.run(["facts", Self.example, "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let facts = try #require(object["facts"] as? [[String: Any]])
        let creation = try #require(facts.first { $0["name"] as? String == "account.creation" })
        #expect(creation["value"] as? Bool == true)
        #expect(creation["source"] as? String == "detected")
        let evidence = try #require(creation["evidence"] as? [[String: Any]])
        #expect(evidence.contains { $0["path"] as? String == "ios/TodoCloud/SignUpView.swift" && $0["line"] as? Int == 20 })
        let stores = try #require(facts.first { $0["name"] as? String == "store.play" })
        #expect(stores["source"] as? String == "stated")
    }

    @Test func hostileInputGivesWarningsNamingEachFileNeverACrashOrHang() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("fastlane/metadata/android/en-US"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("App/loop").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("App/outside").path, withDestinationPath: "/etc")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }).write(to: dir.appendingPathComponent("App/Info.plist"))
        try Data([0x43, 0x61, 0x66, 0xE9, 0x0A]).write(to: dir.appendingPathComponent("fastlane/metadata/android/en-US/title.txt"))
        try Data(String(repeating: "let x = UserDefaults.standard\n", count: 300_000).utf8).write(to: dir.appendingPathComponent("App/Big.swift"))
        try Data("<manifest><uses-permission android:name=\"x\"".utf8).write(to: dir.appendingPathComponent("AndroidManifest.xml"))

        let result = try ShipcheckProcess.run(["check", dir.path, "--format", "json", "--only", "shipcheck.unreadable-input,privacy-manifest"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let unreadable = findings.filter { $0["rule"] as? String == "shipcheck.unreadable-input" }.compactMap { $0["path"] as? String }
        #expect(Set(unreadable) == ["App/Info.plist", "App/Big.swift", "AndroidManifest.xml", "fastlane/metadata/android/en-US/title.txt"])
        // Nothing was read through the links: no file under /etc, no file twice through the loop.
        #expect(findings.allSatisfy { !(($0["path"] as? String) ?? "").contains("outside/") && !(($0["path"] as? String) ?? "").contains("loop/") })
        // The first 8 MB of the big file were still scanned.
        #expect(findings.contains { $0["rule"] as? String == "privacy-manifest.missing-api-declaration" && $0["path"] as? String == "App/Big.swift" })
    }

    @Test func metadataCommandReportsUnreadableListingFiles() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("fastlane/metadata/android/en-US")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data([0x43, 0x61, 0x66, 0xE9, 0x0A]).write(to: folder.appendingPathComponent("title.txt"))
        let result = try ShipcheckProcess.run(["metadata", dir.path, "--color", "never"])
        #expect(result.stdout.contains("fastlane/metadata/android/en-US/title.txt: error: not UTF-8"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("[shipcheck.unreadable-input]"))
    }

    @Test func aTeamsOwnMarkdownTemplateIsUsedAndItsErrorsNameTheLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("short.md.mustache")
        try Data("# {{verdict}}\n{{#checklists}}{{#findings}}- {{rule}}\n{{/findings}}{{/checklists}}".utf8).write(to: good)
        let result = try ShipcheckProcess.run(["check", "Tests/Fixtures/e2e/android-app", "--format", "markdown", "--template", good.path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("# ❌ 3 errors block submission\n"))
        #expect(result.stdout.contains("- platform-requirements.play-target-sdk\n"))

        let bad = dir.appendingPathComponent("bad.md.mustache")
        try Data("# {{verdict}}\n\n{{#checklists}}\n{{title}}\n".utf8).write(to: bad)
        let broken = try ShipcheckProcess.run(["check", "Tests/Fixtures/e2e/android-app", "--format", "markdown", "--template", bad.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("\(bad.path):3:"))
        #expect(broken.stdout.isEmpty)
    }
}
