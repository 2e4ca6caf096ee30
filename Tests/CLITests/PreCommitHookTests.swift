import Foundation
import Testing

/// `.pre-commit-hooks.yaml`, run as a user tries it: PyPI's pre-commit (`pip install pre-commit==4.7.0`),
/// `pre-commit try-repo` on a repository holding the hooks file, in a git repository with the monorepo
/// fixture. Skips with the reason when pre-commit is missing, except under CI, which installs it (.ci/run).
@Suite("pre-commit hook")
struct PreCommitHookTests {
    static var required: Bool {
        let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !ci.isEmpty && ci != "false" && ci != "0"
    }

    static let available: Bool = {
        required || ((try? ShipcheckProcess.run(["python3", "-c", "import pre_commit"], executable: URL(fileURLWithPath: "/usr/bin/env")))?.status == 0)
    }()

    /// `git` in `folder`, with an identity so that commits work on a bare machine.
    static func git(_ arguments: [String], in folder: URL) throws {
        let result = try ShipcheckProcess.run(["git"] + arguments, in: folder,
                                              environment: ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                                                            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"],
                                              executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    @Test(.enabled(if: available, "needs PyPI's pre-commit: pip install pre-commit==4.7.0"))
    func theHooksFileIsAValidPreCommitManifest() throws {
        let manifest = ShipcheckProcess.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml").path
        let result = try ShipcheckProcess.run(["python3", "-m", "pre_commit", "validate-manifest", manifest],
                                              executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The configuration docs/ci.md shows is one pre-commit accepts, naming a hook the file has.
        let config = try #require(try CIHarness.blocks("yaml", in: "docs/ci.md").first { $0.contains(".pre-commit-config.yaml") })
        #expect(config.contains("- id: shipcheck "))
        let folder = try CIHarness.temporaryFolder("pre-commit-config")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".pre-commit-config.yaml")
        try Data(config.utf8).write(to: file)
        let validated = try ShipcheckProcess.run(["python3", "-m", "pre_commit", "validate-config", file.path],
                                                 executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
    }

    @Test(.enabled(if: available, "needs PyPI's pre-commit: pip install pre-commit==4.7.0"))
    func tryRepoRunsShipcheckAndFailsTheCommitOnErrors() throws {
        let folder = try CIHarness.temporaryFolder("pre-commit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hooks = folder.appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: false)
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"),
                                         to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
        try Self.git(["init", "-q"], in: hooks)
        try Self.git(["add", "-A"], in: hooks)
        try Self.git(["commit", "-qm", "hooks"], in: hooks)
        let project = folder.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("apps"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CIHarness.app, to: project.appendingPathComponent("apps/mobile"))
        try Self.git(["init", "-q"], in: project)
        try Self.git(["add", "-A"], in: project)
        let path = ShipcheckProcess.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try ShipcheckProcess.run(["python3", "-m", "pre_commit", "try-repo", hooks.path, "shipcheck-system", "--all-files"],
                                              in: project, environment: ["PATH": path, "PRE_COMMIT_HOME": folder.appendingPathComponent("cache").path],
                                              executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("- hook id: shipcheck-system"))
        #expect(result.stdout.contains("\napps/mobile/fastlane/metadata/android/en-US/title.txt:1:8: error: "), "\(result.stdout)")
    }
}
