import Foundation
import Testing
import YAML

/// Every snippet in docs/ci.md, run the way its CI runs it, on a monorepo-shaped repository (the app at
/// apps/mobile): the shell it runs with the built shipcheck, stand-ins for the network and toolchain steps
/// (CIHarness), and the report paths asserted. A clone of shipcheck inside the checked project would
/// show as findings outside apps/mobile (the stand-in clone holds the example app).
@Suite("docs/ci.md snippets on a monorepo")
struct CISnippetTests {
    static let document = "docs/ci.md"

    static func yamlBlock(containing marker: String) throws -> String {
        try #require(try CIHarness.blocks("yaml", in: document).first { $0.contains(marker) }, "no yaml block with \(marker) in \(document)")
    }

    static func parse(_ text: String) throws -> Node {
        try #require(try YAMLParser.parse(text, file: document))
    }

    /// The `location.path` of every GitLab Code Quality entry.
    static func codeQualityPaths(_ url: URL) throws -> [String] {
        let entries = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [[String: Any]])
        return entries.compactMap { ($0["location"] as? [String: Any])?["path"] as? String }
    }

    static func expectMonorepoPaths(_ paths: [String], _ what: String) {
        #expect(!paths.isEmpty, "\(what): no paths")
        #expect(paths.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"), "\(what): \(paths)")
        #expect(paths.allSatisfy { $0.hasPrefix("apps/mobile/") && !$0.hasPrefix("apps/mobile/apps/") }, "\(what): \(paths)")
    }

    static func expectClonesOutside(_ standIns: URL, _ repo: URL) {
        let clones = CIHarness.clones(standIns)
        #expect(!clones.isEmpty, "the snippet cloned nothing")
        for clone in clones {
            let absolute = URL(fileURLWithPath: clone, relativeTo: repo).standardizedFileURL.path
            #expect(!ReportPathsForTests.contains(repo.path, absolute), "shipcheck is cloned into the project: \(clone)")
        }
    }

    // MARK: GitHub Actions

    @Test func theWorkflowIsValidAndNamesOnlyInputsTheActionHas() throws {
        let workflow = try Self.yamlBlock(containing: "uses: shipcheck/shipcheck@")
        let (problems, inputs) = ActionValidator.validateAction(text: try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8), file: "action.yml")
        #expect(problems.isEmpty)
        let workflowProblems = ActionValidator.validateWorkflow(text: workflow, file: Self.document, localActionInputs: inputs, actionName: "shipcheck/shipcheck")
        #expect(workflowProblems.isEmpty, "\(workflowProblems)")
    }

    // MARK: GitLab CI

    @Test func gitLabCachesInsideTheProjectAndReportsCodeQualityFromTheRepositoryRoot() throws {
        let text = try Self.yamlBlock(containing: ".gitlab-ci.yml")
        let job = try #require(try Self.parse(text)["shipcheck"])
        // GitLab caches only paths inside $CI_PROJECT_DIR, given relative to it.
        let cachePaths = (job["cache"]?["paths"]?.sequence ?? []).compactMap(\.scalar)
        #expect(!cachePaths.isEmpty)
        for path in cachePaths {
            #expect(!path.hasPrefix("/") && !path.hasPrefix("$") && !path.split(separator: "/").contains(".."), "cache path \(path) is outside $CI_PROJECT_DIR")
        }
        let report = try #require(job["artifacts"]?["reports"]?["codequality"]?.scalar)
        let script = ((job["before_script"]?.sequence ?? []) + (job["script"]?.sequence ?? [])).compactMap(\.scalar)
        #expect(script.joined().contains("--format gitlab:\(report)"))

        let folder = try CIHarness.temporaryFolder("gitlab")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let standIns = try CIHarness.standIns(in: folder)
        var environment = ["CI_PROJECT_DIR": repo.path]
        for pair in job["variables"]?.mapping ?? [] { environment[pair.key.scalar ?? ""] = pair.value.scalar }
        environment["SHIPCHECK_PATH"] = CIHarness.appFolder
        // GitLab runs each line in one shell, stopping at the first failure.
        let result = try CIHarness.bash(script.joined(separator: "\n"), in: repo, standIns: standIns, environment: environment)
        #expect(result.status == 1, "\(result.stderr)")
        Self.expectMonorepoPaths(try Self.codeQualityPaths(repo.appendingPathComponent(report)), "gl-code-quality-report")
        let junitName = try #require(job["artifacts"]?["reports"]?["junit"]?.scalar)
        let junit = try String(contentsOf: repo.appendingPathComponent(junitName), encoding: .utf8)
        #expect(junit.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
        for path in cachePaths {
            #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent(path).appendingPathComponent("shipcheck").path), "nothing to cache at \(path)")
        }
        Self.expectClonesOutside(standIns, repo)
        // A second run takes the binary from the cache: no clone, no build.
        let callsBefore = CIHarness.clones(standIns).count
        let again = try CIHarness.bash(script.joined(separator: "\n"), in: repo, standIns: standIns, environment: environment)
        #expect(again.status == 1)
        #expect(CIHarness.clones(standIns).count == callsBefore)
    }

    // MARK: Bitrise

    @Test func bitriseClonesOutsideTheProjectAndDeploysJUnitFromTheRepositoryRoot() throws {
        let text = try Self.yamlBlock(containing: "script@1")
        let steps = try #require(try Self.parse(text).sequence)
        let content = try #require(steps.first?["script@1"]?["inputs"]?.sequence?.first?["content"]?.scalar)
        #expect(steps.contains { $0["deploy-to-bitrise-io@2"]?["is_always_run"]?.scalar == "true" })

        let folder = try CIHarness.temporaryFolder("bitrise")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let standIns = try CIHarness.standIns(in: folder)
        let deploy = folder.appendingPathComponent("test-deploy")
        try FileManager.default.createDirectory(at: deploy, withIntermediateDirectories: true)
        let tmp = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        for path in [nil, CIHarness.appFolder] as [String?] {
            try? FileManager.default.removeItem(at: tmp.appendingPathComponent("shipcheck-src"))
            var environment = ["BITRISE_SOURCE_DIR": repo.path, "BITRISE_TEST_DEPLOY_DIR": deploy.path, "TMPDIR": tmp.path]
            environment["SHIPCHECK_PATH"] = path
            let result = try CIHarness.bash(content, in: folder, standIns: standIns, environment: environment)
            #expect(result.status == 1, "\(result.stderr)")
            let junit = try String(contentsOf: deploy.appendingPathComponent("shipcheck/shipcheck.xml"), encoding: .utf8)
            #expect(junit.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
            // Only the app's findings: none from a clone of shipcheck (its Examples) in the project.
            #expect(!junit.contains("Examples/"), "shipcheck checked a clone of itself")
            let info = try Data(contentsOf: deploy.appendingPathComponent("shipcheck/test-info.json"))
            #expect((try JSONSerialization.jsonObject(with: info) as? [String: String])?["test-name"] == "shipcheck")
        }
        Self.expectClonesOutside(standIns, repo)
    }

    // MARK: Xcode Cloud

    @Test func xcodeCloudClonesOutsideTheRepositoryAndFailsOnErrors() throws {
        let script = try #require(try CIHarness.blocks("sh", in: Self.document).first { $0.contains("ci_post_clone.sh") })
        let folder = try CIHarness.temporaryFolder("xcode-cloud")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = folder.appendingPathComponent("workspace")
        let repo = try CIHarness.monorepo(in: workspace, name: "repository")
        let standIns = try CIHarness.standIns(in: folder)
        let tmp = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let result = try CIHarness.bash(script, in: repo.appendingPathComponent("ci_scripts", isDirectory: true).deletingLastPathComponent(),
                                        standIns: standIns,
                                        environment: ["CI_WORKSPACE": workspace.path, "CI_PRIMARY_REPOSITORY_PATH": repo.path,
                                                      "TMPDIR": tmp.path, "SHIPCHECK_PATH": CIHarness.appFolder])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt:1:8: error:"), "\(result.stdout.prefix(1500))")
        #expect(!result.stdout.contains("Examples/"))
        Self.expectClonesOutside(standIns, repo)
    }

    // MARK: Xcode build phase

    @Test func theXcodeBuildPhasePrintsClickableIssuesOnReleaseOnly() throws {
        let script = try #require(try CIHarness.blocks("sh", in: Self.document).first { $0.contains("CONFIGURATION") })
        let folder = try CIHarness.temporaryFolder("xcode-phase")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let app = repo.appendingPathComponent(CIHarness.appFolder)
        let release = try CIHarness.bash(script, in: app, standIns: nil, environment: ["CONFIGURATION": "Release", "SRCROOT": app.path])
        #expect(release.status == 1)
        #expect(release.stdout.contains("\nfastlane/metadata/android/en-US/title.txt:1:8: error: "), "\(release.stdout.prefix(1500))")
        let debug = try CIHarness.bash(script, in: app, standIns: nil, environment: ["CONFIGURATION": "Debug", "SRCROOT": app.path])
        #expect(debug.status == 0 && debug.stdout.isEmpty)
    }

    // MARK: fastlane

    /// Each `sh("…")` of the documented Fastfile, run as fastlane's `sh` runs it: with /bin/sh in ./fastlane.
    @Test func theFastlaneLanesRunFromTheFastlaneFolderAndWriteJUnitIntoAMissingFolder() throws {
        let fastfile = try #require(try CIHarness.blocks("ruby", in: Self.document).first { $0.contains("Fastfile") })
        let commands = fastfile.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "sh(\""), let end = line.range(of: "\")", range: start.upperBound..<line.endIndex) else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
        #expect(commands.count == 2)
        let folder = try CIHarness.temporaryFolder("fastlane")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let fastlane = repo.appendingPathComponent(CIHarness.appFolder).appendingPathComponent("fastlane")
        #expect(!FileManager.default.fileExists(atPath: fastlane.appendingPathComponent("test_output").path))
        for command in commands {
            let result = try CIHarness.bash(command, in: fastlane, standIns: nil)
            // 1: the fixture has errors, so the lane stops before deliver/supply; never 2 (a usage error).
            #expect(result.status == 1, "\(command): \(result.stderr)")
        }
        let junit = try String(contentsOf: fastlane.appendingPathComponent("test_output/shipcheck.xml"), encoding: .utf8)
        #expect(junit.contains("apps/mobile/fastlane/metadata/android/en-US/title.txt"))
    }
}

/// `ReportPaths.contains` without importing ShipcheckCore into the CLI tests.
enum ReportPathsForTests {
    static func contains(_ folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}

/// `--format FORMAT:PATH` into missing folders: made inside the project, refused outside it.
@Suite("Report files in missing folders")
struct ReportFolderTests {
    @Test func missingFoldersInsideTheProjectAreCreated() throws {
        let folder = try CIHarness.temporaryFolder("report-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let result = try ShipcheckProcess.run(["check", CIHarness.appFolder, "-q", "--format", "junit:apps/mobile/reports/ci/shipcheck.xml"], in: repo)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("apps/mobile/reports/ci/shipcheck.xml").path))
    }

    @Test func missingFoldersOutsideTheProjectAreRefusedWithTheCommandToMakeThem() throws {
        let folder = try CIHarness.temporaryFolder("report-folder-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let result = try ShipcheckProcess.run(["check", CIHarness.appFolder, "-q", "--format", "junit:reports/shipcheck.xml"], in: repo)
        #expect(result.status == 2)
        #expect(result.stderr.contains("does not exist and is outside the project"))
        #expect(result.stderr.contains("mkdir -p '\(repo.path)/reports'"))
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("reports").path))
        // An existing folder outside the project is written to as before.
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("reports"), withIntermediateDirectories: false)
        let again = try ShipcheckProcess.run(["check", CIHarness.appFolder, "-q", "--format", "junit:reports/shipcheck.xml"], in: repo)
        #expect(again.status == 1)
    }

    @Test func aLinkOutOfTheProjectIsNotFollowedToMakeFolders() throws {
        let folder = try CIHarness.temporaryFolder("report-folder-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        let outside = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(at: repo.appendingPathComponent("apps/mobile/out"), withDestinationURL: outside)
        let result = try ShipcheckProcess.run(["check", CIHarness.appFolder, "-q", "--format", "junit:apps/mobile/out/new/shipcheck.xml"], in: repo)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("new").path))
    }
}
