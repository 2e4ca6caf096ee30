import Foundation
import Testing

/// fastlane-plugin-shipcheck's action, run by Debian's Ruby (`apt-get install ruby`) as a lane runs it, against
/// the minimal stand-in of fastlane's Action API in spec/stand_in (fastlane itself is not packaged by Debian):
/// the options become shipcheck's command line, findings fail the lane, a JUnit report lands where asked.
/// Skips with the reason when ruby is missing, except under CI, which installs it (.ci/run).
@Suite("fastlane plugin")
struct FastlanePluginTests {
    static let plugin = ShipcheckProcess.packageRoot.appendingPathComponent("fastlane-plugin-shipcheck")

    static let available: Bool = {
        PreCommitHookTests.required || ((try? ShipcheckProcess.run(["ruby", "--version"], executable: URL(fileURLWithPath: "/usr/bin/env")))?.status == 0)
    }()

    /// The action run in `folder` with `options` (the lane's keyword arguments); what the runner printed.
    static func lane(_ options: [String: Any], in folder: URL) throws -> [String: Any] {
        var options = options
        options["binary"] = options["binary"] ?? ShipcheckProcess.binary.path
        let json = String(decoding: try JSONSerialization.data(withJSONObject: options), as: UTF8.self)
        let result = try ShipcheckProcess.run(["ruby", "-I", plugin.appendingPathComponent("spec/stand_in").path,
                                               plugin.appendingPathComponent("spec/run_action.rb").path, json],
                                              in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "ruby: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    /// A project folder holding the Android fixture at apps/mobile.
    static func project() throws -> (folder: URL, project: URL) {
        let folder = try CIHarness.temporaryFolder("fastlane")
        let project = folder.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("apps"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CIHarness.app, to: project.appendingPathComponent("apps/mobile"))
        return (folder, project)
    }

    @Test(.enabled(if: available, "needs Ruby: apt-get install ruby"))
    func findingsFailTheLaneAndTheJUnitReportIsWritten() throws {
        let (folder, project) = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let seen = try Self.lane(["path": "apps/mobile", "formats": "text,junit:apps/mobile/fastlane/test_output/shipcheck.xml",
                                  "only": ["platform-requirements"], "skip": "metadata"], in: project)
        #expect(seen["exit_status"] as? Int == 1)
        #expect((seen["error"] as? String)?.contains("shipcheck found problems at or above 'error'") == true)
        let command = try #require(seen["command"] as? [String])
        #expect(command.dropFirst() == ["check", "apps/mobile", "--fail-on", "error", "--format", "text",
                                        "--format", "junit:apps/mobile/fastlane/test_output/shipcheck.xml",
                                        "--only", "platform-requirements", "--skip", "metadata"])
        // The report reached the lane's log, and the JUnit file its folder (created inside the project).
        let log = try #require(seen["log"] as? [[String]])
        #expect(log.contains { $0.first == "command_output" && $0.last?.contains("platform-requirements.play-target-sdk") == true })
        let junit = try String(contentsOf: project.appendingPathComponent("apps/mobile/fastlane/test_output/shipcheck.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuites") && junit.contains("play-target-sdk"))
        #expect(seen["supports"] as? [Bool] == [true, true])
    }

    @Test(.enabled(if: available, "needs Ruby: apt-get install ruby"))
    func failOnNeverReportsWithoutFailingAndTheBaselineIsPassed() throws {
        let (folder, project) = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try ShipcheckProcess.run(["check", "apps/mobile", "--write-baseline", "baseline.json", "--quiet"], in: project)
        // Writing a baseline is the adoption step: it exits 0 once the file is written (CHANGELOG, --write-baseline).
        #expect(written.status == 0, "\(written.stderr)")
        let quiet = try Self.lane(["path": "apps/mobile", "baseline": "baseline.json"], in: project)
        #expect(quiet["error"] is NSNull, "\(quiet)")
        #expect(quiet["status"] as? Int == 0 && quiet["exit_status"] as? Int == 0)
        #expect((quiet["command"] as? [String])?.suffix(2) == ["--baseline", "baseline.json"])
        let never = try Self.lane(["path": "apps/mobile", "fail_on": "never"], in: project)
        #expect(never["error"] is NSNull && never["status"] as? Int == 0)
    }

    @Test(.enabled(if: available, "needs Ruby: apt-get install ruby"))
    func badOptionsAndAMissingBinaryFailWithAdvice() throws {
        let (folder, project) = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrongLevel = try Self.lane(["fail_on": "sometimes"], in: project)
        #expect(wrongLevel["error"] as? String == "fail_on takes error, warning, note or never, not 'sometimes'")
        #expect(wrongLevel["command"] is NSNull)
        let missing = try Self.lane(["binary": "/nonexistent/shipcheck"], in: project)
        #expect((missing["error"] as? String)?.contains("shipcheck is not installed") == true)
        let unreadable = try Self.lane(["path": "apps/mobile", "config": "missing.yml"], in: project)
        #expect(unreadable["exit_status"] as? Int == 2)
        #expect((unreadable["error"] as? String)?.contains("could not check the project (exit 2)") == true)
    }
}
