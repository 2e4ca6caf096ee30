import Foundation
import Testing
import YAML

/// action.yml's "Run shipcheck" step, run with bash as GitHub runs it, on a monorepo-shaped repository:
/// the step's own script and environment, the inputs' defaults and a workflow's `with:` values.
@Suite("GitHub Action: the check step on a monorepo")
struct ActionRunTests {
    /// The step with `id: check` in action.yml, its script and its environment with `${{ inputs.X }}`
    /// filled from `with` (or the input's default) and the built shipcheck as the binary.
    static func checkStep(with: [String: String]) throws -> (script: String, environment: [String: String]) {
        let text = try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let root = try #require(try YAMLParser.parse(text, file: "action.yml"))
        var inputs: [String: String] = [:]
        for pair in root["inputs"]?.mapping ?? [] {
            inputs[pair.key.scalar ?? ""] = pair.value["default"]?.scalar ?? ""
        }
        for (key, value) in with {
            #expect(inputs[key] != nil, "action.yml has no input \(key)")
            inputs[key] = value
        }
        let step = try #require(root["runs"]?["steps"]?.sequence?.first { $0["id"]?.scalar == "check" })
        let script = try #require(step["run"]?.scalar)
        var environment: [String: String] = [:]
        for pair in step["env"]?.mapping ?? [] {
            let name = pair.key.scalar ?? "", value = pair.value.scalar ?? ""
            if name == "SHIPCHECK_BIN" {
                environment[name] = ShipcheckProcess.binary.path
            } else if value.hasPrefix("${{ inputs."), value.hasSuffix(" }}") {
                let input = String(value.dropFirst("${{ inputs.".count).dropLast(" }}".count))
                environment[name] = try #require(inputs[input], "env \(name) names a missing input \(input)")
            } else {
                Issue.record("env \(name): \(value) is not filled in by this test")
            }
        }
        return (script, environment)
    }

    struct StepRun {
        let output: ShipcheckProcess.Output
        let stepOutputs: [String: String]
        let summary: String
        let repo: URL
    }

    static func runCheckStep(with: [String: String], extraEnvironment: [String: String] = [:], in folder: URL,
                             prepare: (URL) throws -> Void = { _ in }) throws -> StepRun {
        let repo = try CIHarness.monorepo(in: folder)
        try prepare(repo)
        let (script, stepEnvironment) = try checkStep(with: with)
        let outputs = folder.appendingPathComponent("github-output.txt")
        let summary = folder.appendingPathComponent("step-summary.md")
        try Data().write(to: outputs)
        try Data().write(to: summary)
        var environment = stepEnvironment
        environment["GITHUB_OUTPUT"] = outputs.path
        environment["GITHUB_STEP_SUMMARY"] = summary.path
        environment["GITHUB_ACTIONS"] = "true"
        for (key, value) in extraEnvironment { environment[key] = value }
        let output = try CIHarness.bash(script, in: repo, standIns: nil, environment: environment)
        var stepOutputs: [String: String] = [:]
        for line in try String(contentsOf: outputs, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { stepOutputs[String(parts[0])] = String(parts[1]) }
        }
        return StepRun(output: output, stepOutputs: stepOutputs, summary: try String(contentsOf: summary, encoding: .utf8), repo: repo)
    }

    @Test func aSubfolderPathAnnotatesAndUploadsPathsFromTheRepositoryRootOnce() throws {
        let folder = try CIHarness.temporaryFolder("action-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.runCheckStep(with: ["path": CIHarness.appFolder, "formats": "github junit:shipcheck-junit.xml"], in: folder)
        #expect(run.output.status == 1, "\(run.output.stderr)")
        #expect(run.stepOutputs["exit-code"] == "1")
        let files = CIHarness.annotationFiles(run.output.stdout)
        #expect(!files.isEmpty, "no annotations in: \(run.output.stdout.prefix(2000))")
        #expect(files.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
        #expect(files.allSatisfy { $0.hasPrefix("apps/mobile/") && !$0.hasPrefix("apps/mobile/apps/") }, "\(files)")
        let sarifFile = try #require(run.stepOutputs["sarif-file"])
        let uris = try CIHarness.sarifURIs(try Data(contentsOf: run.repo.appendingPathComponent(sarifFile)))
        #expect(uris.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
        #expect(uris.allSatisfy { $0.hasPrefix("apps/mobile/") && !$0.hasPrefix("apps/mobile/apps/") }, "\(uris)")
        let junit = try String(contentsOf: run.repo.appendingPathComponent("shipcheck-junit.xml"), encoding: .utf8)
        #expect(junit.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
        #expect(!junit.contains("apps/mobile/apps/mobile"))
        #expect(run.summary.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
    }

    @Test func theRepositoryRootAsPathAnnotatesTheSameFiles() throws {
        let folder = try CIHarness.temporaryFolder("action-run-root")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.runCheckStep(with: ["path": ".", "upload-sarif": "false"], in: folder)
        #expect(run.output.status == 1, "\(run.output.stderr)")
        let files = CIHarness.annotationFiles(run.output.stdout)
        #expect(files.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
        #expect(run.stepOutputs["sarif-file"] == nil)
        #expect(!FileManager.default.fileExists(atPath: run.repo.appendingPathComponent("shipcheck.sarif").path))
    }

    @Test func theSummaryIsWrittenWithoutTheGitHubFormatAndNotWhenTurnedOff() throws {
        let folder = try CIHarness.temporaryFolder("action-summary")
        defer { try? FileManager.default.removeItem(at: folder) }
        let on = try Self.runCheckStep(with: ["path": CIHarness.appFolder, "formats": "junit:shipcheck-junit.xml", "upload-sarif": "false"],
                                       in: folder.appendingPathComponent("on"), prepare: { _ in })
        #expect(on.output.status == 1, "\(on.output.stderr)")
        #expect(on.summary.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"), "summary: \(on.summary.prefix(300))")
        let off = try Self.runCheckStep(with: ["path": CIHarness.appFolder, "formats": "github", "summary": "false", "upload-sarif": "false"],
                                        in: folder.appendingPathComponent("off"))
        #expect(off.output.status == 1)
        #expect(off.summary.isEmpty)
        #expect(!CIHarness.annotationFiles(off.output.stdout).isEmpty)
    }

    @Test func theSARIFCategoryFollowsThePathUnlessGiven() throws {
        let folder = try CIHarness.temporaryFolder("action-category")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = try Self.runCheckStep(with: ["path": "./apps/mobile/"], in: folder.appendingPathComponent("a"))
        #expect(sub.stepOutputs["sarif-category"] == "shipcheck-apps-mobile")
        let top = try Self.runCheckStep(with: ["path": "."], in: folder.appendingPathComponent("b"))
        #expect(top.stepOutputs["sarif-category"] == "shipcheck")
        let given = try Self.runCheckStep(with: ["path": CIHarness.appFolder, "sarif-category": "store-rules-ios"], in: folder.appendingPathComponent("c"))
        #expect(given.stepOutputs["sarif-category"] == "store-rules-ios")
        // The upload step reads the step's output, not a fixed name.
        let action = try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("category: ${{ steps.check.outputs.sarif-category }}"))
    }

    @Test func theRulesInputLoadsEachFolder() throws {
        let folder = try CIHarness.temporaryFolder("action-rules")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.runCheckStep(with: ["path": CIHarness.appFolder, "rules": "checklists/team"], in: folder) { repo in
            let team = repo.appendingPathComponent("checklists/team")
            try FileManager.default.createDirectory(at: team, withIntermediateDirectories: true)
            // A checklist with a bad severity: the run names its file, which proves it was loaded.
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

            """.utf8).write(to: team.appendingPathComponent("team.yml"))
        }
        #expect(run.output.status == 2)
        #expect(run.output.stderr.contains("checklists/team/team.yml:6:15"), "\(run.output.stderr)")
    }
}
