import Foundation
import Testing

/// `shipcheck init` end to end, on a copy of the example app and on an empty folder: the starter it writes
/// loads, names only rules that exist, and its workflow is one GitHub accepts.
@Suite("Command line: init")
struct InitTests {
    static func copyOfExample() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-init-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud"), to: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("shipcheck.yml"))
        return dir
    }

    static func emptyFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The starter with every commented key switched on (the header comment lines stay comments).
    static func uncommented(_ starter: String) -> String {
        starter.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line -> String in
            guard index > 2, let hash = line.firstIndex(of: "#") else { return String(line) }
            let indent = line[..<hash]
            guard indent.allSatisfy({ $0 == " " }), line[hash...].hasPrefix("# ") else { return String(line) }
            return String(indent) + String(line[line.index(hash, offsetBy: 2)...])
        }.joined(separator: "\n")
    }

    @Test func starterIsFilledInFromTheProjectAndLoads() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ShipcheckProcess.run(["init", dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        let starter = try Self.read(dir.appendingPathComponent("shipcheck.yml"))
        #expect(starter.hasPrefix("# yaml-language-server: $schema=https://"))
        #expect(starter.split(separator: "\n")[0].hasSuffix("/schemas/shipcheck.schema.json"))
        #expect(starter.contains("  name: \"TodoCloud\"   # from fastlane/metadata/en-US/name.txt"))
        #expect(starter.contains("  developer: \"Example Labs GmbH\"   # from fastlane/metadata/copyright.txt"))
        #expect(starter.contains("stores: [appstore, play]"))
        #expect(starter.contains("  appstore_metadata: \"fastlane/metadata\""))
        #expect(starter.contains("  play_metadata: \"fastlane/metadata/android\""))
        #expect(starter.contains("#   account.creation: true   # detected true at "))
        // Undetected facts are named with their type, never given a value (#27: they were written as true).
        #expect(starter.contains("#   # app.login_required (bool): not detected; "))
        #expect(!starter.contains("true   # not detected"))
        #expect(!starter.contains("Pods/**"), "Pods are read for SDK privacy manifests; the starter must not exclude them")

        let check = try ShipcheckProcess.run(["check", dir.path, "--fail-on", "never"])
        #expect(check.status == 0)
        // Nothing but the line naming the configuration read: the starter loads without a warning.
        #expect(check.stderr == "note: configuration: \(dir.path)/shipcheck.yml\n" || check.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("note: configuration: ") },
                "the starter must load: \(check.stderr)")
        #expect(check.stdout.contains("[purpose-strings.missing]"))
    }

    @Test(arguments: [true, false])
    func everyCommentedKeyOfTheStarterLoadsWhenSwitchedOn(exampleProject: Bool) throws {
        let dir = exampleProject ? try Self.copyOfExample() : try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ShipcheckProcess.run(["init", dir.path]).status == 0)
        let manifest = dir.appendingPathComponent("shipcheck.yml")
        let full = Self.uncommented(try Self.read(manifest))
        #expect(full.contains("\nfacts:"))
        #expect(full.contains("\nignore:   #") && full.contains("\n  - rule: "))
        try Data(full.utf8).write(to: manifest)
        let check = try ShipcheckProcess.run(["check", dir.path, "--fail-on", "never", "--format", "json"])
        #expect(check.status == 0, "\(full)\n\(check.stderr)")
        #expect(check.stderr.isEmpty, "\(check.stderr)")
        #expect(!check.stdout.contains("shipcheck.unknown-suppression"), "the starter's ignore: example names a rule that exists")
    }

    @Test func starterNamesOnlyRulesThatExist() throws {
        let dir = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ShipcheckProcess.run(["init", dir.path]).status == 0)
        let starter = try Self.read(dir.appendingPathComponent("shipcheck.yml"))
        let rules = try ShipcheckProcess.run(["rules", "list", "--format", "json"])
        let checklists = try #require(try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [[String: Any]])
        var known = Set(checklists.compactMap { $0["checklist"] as? String })
        for checklist in checklists { known.formUnion((checklist["rules"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) }
        var named: [String] = []
        for line in starter.split(separator: "\n") {
            for marker in ["skip: [", "severity: { ", "- rule: "] {
                guard let range = line.range(of: marker) else { continue }
                let rest = line[range.upperBound...]
                named.append(String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }))
            }
        }
        #expect(named.count == 3)
        for name in named { #expect(known.contains(name), "the starter names \(name), which is no rule or checklist") }
    }

    @Test func initThenInitGitHubAddsOnlyTheWorkflowAndNeverOverwritesWithoutForce() throws {
        let dir = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ShipcheckProcess.run(["init", dir.path]).status == 0)
        let manifest = dir.appendingPathComponent("shipcheck.yml")
        try Data("# ours\nstores: [play]\n".utf8).write(to: manifest)

        let second = try ShipcheckProcess.run(["init", dir.path, "--github"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("shipcheck.yml already exists; kept"))
        #expect(try Self.read(manifest) == "# ours\nstores: [play]\n")
        let workflowURL = dir.appendingPathComponent(".github/workflows/shipcheck.yml")
        let workflow = try Self.read(workflowURL)
        let (actionProblems, inputs) = ActionValidator.validateAction(
            text: try Self.read(ShipcheckProcess.packageRoot.appendingPathComponent("action.yml")), file: "action.yml")
        #expect(actionProblems.isEmpty)
        let problems = ActionValidator.validateWorkflow(text: workflow, file: "shipcheck.yml", localActionInputs: inputs,
                                                        actionName: "shipcheck/shipcheck")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(workflow.contains("uses: shipcheck/shipcheck@main"))
        #expect(workflow.contains("security-events: write"))

        let third = try ShipcheckProcess.run(["init", dir.path, "--github"])
        #expect(third.status == 2)
        #expect(third.stderr.contains("already exists"))

        let forced = try ShipcheckProcess.run(["init", dir.path, "--force"])
        #expect(forced.status == 0)
        #expect(try Self.read(manifest).hasPrefix("# yaml-language-server: "))
    }

    @Test func theWorkflowGoesToTheRepositoryRootAndChecksTheProjectFolder() throws {
        let repository = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: repository) }
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let project = repository.appendingPathComponent("apps/ios")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        #expect(try ShipcheckProcess.run(["init", project.path, "--github"]).status == 0)
        let workflow = try Self.read(repository.appendingPathComponent(".github/workflows/shipcheck.yml"))
        #expect(workflow.contains("path: \"apps/ios\""))
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("shipcheck.yml").path))
    }

    /// An iOS-only project is offered no Android facts; one with both stores is (#27).
    @Test func anIOSOnlyStarterNamesNoAndroidFacts() throws {
        let folder = try CIHarness.temporaryFolder("init-ios")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("ios-app")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Fixtures/e2e/ios-app"), to: app)
        try? FileManager.default.removeItem(at: app.appendingPathComponent("shipcheck.yml"))
        #expect(try ShipcheckProcess.run(["init", app.path]).status == 0)
        let starter = try Self.read(app.appendingPathComponent("shipcheck.yml"))
        #expect(starter.contains("stores: [appstore]"))
        #expect(starter.contains("#   account.deletion.in_app: true   # detected true at "))
        #expect(!starter.contains("android."), "\(starter)")
        let both = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: both) }
        #expect(try ShipcheckProcess.run(["init", both.path]).status == 0)
        #expect(try Self.read(both.appendingPathComponent("shipcheck.yml")).contains("android."))
    }
}
