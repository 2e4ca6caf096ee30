import Foundation
import Testing

/// "What was not checked", said once in every report format's summary, read back by each format's reader:
/// no archive given (Examples/TodoCloud), a partly evaluated XcodeGen spec, Android module graphs and flavours
/// not followed (the android/graph and android/convention fixtures).
@Suite("Not checked, in every report")
struct NotCheckedReportTests {
    static func report(_ project: String, _ format: String) throws -> String {
        let result = try ShipcheckProcess.run(["check", project, "--format", format, "--color", "never", "--date", "2026-12-01"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        return result.stdout
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theJSONReportListsEachInputOnceWithItsSubjects() throws {
        let todo = try Self.json(try Self.report("Examples/TodoCloud", "json"))
        let archive = try #require((todo["not_checked"] as? [[String: Any]])?.filter { $0["input"] as? String == "archive" })
        #expect(archive.count == 1)
        #expect((archive.first?["subjects"] as? [String])?.contains("platform-requirements.apple-upload-sdk") == true)
        let spec = try Self.json(try Self.report("Tests/Fixtures/project-specs/xcodegen-partial", "json"))
        let specInputs = try #require(spec["not_checked"] as? [[String: Any]])
        // A spec that generates the Xcode project is an App Store app: its archive-only rules are listed too.
        #expect(specInputs.map { $0["input"] as? String } == ["archive", "project-spec"])
        #expect((specInputs[1]["subjects"] as? [String])?.contains("include missing.yml (not in the project)") == true)
        let graph = try Self.json(try Self.report("Tests/Fixtures/android", "json"))
        let inputs = try #require(graph["not_checked"] as? [[String: Any]]).compactMap { $0["input"] as? String }
        // An Android project has archive-only rules too (64-bit parity, APK zip alignment), so no archive is listed.
        #expect(inputs == ["archive", "android-module-graph", "android-flavors"])
        // With an archive, the archive is not listed.
        let with = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json", "--archive", "Tests/Fixtures/archive/ios-pass.ipa"])
        #expect(try Self.json(with.stdout)["not_checked"].map { ($0 as? [Any])?.isEmpty } == true)
    }

    @Test func everyOtherFormatSaysItOnce() throws {
        let project = "Tests/Fixtures/project-specs/xcodegen-partial"
        let text = try Self.report(project, "text")
        #expect(text.components(separatedBy: "Not checked: parts of the project generator's spec").count == 2, "\(text)")
        let markdown = try Self.report(project, "markdown")
        #expect(markdown.components(separatedBy: "\n- Not checked: parts of the project generator").count == 2, "\(markdown)")
        let github = try Self.report(project, "github")
        #expect(github.components(separatedBy: "::notice title=shipcheck::Not checked: parts").count == 2, "\(github)")
        let junit = try Self.report(project, "junit")
        #expect(junit.components(separatedBy: "<property name=\"shipcheck.not_checked.project-spec\" value=\"Not checked: parts").count == 2, "\(junit)")
        let sarif = try Self.json(try Self.report(project, "sarif"))
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let notifications = try #require(((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"]) as? [[String: Any]])
        #expect(notifications.count == 2)
        #expect(notifications.compactMap { ($0["descriptor"] as? [String: Any])?["id"] as? String } == ["not-checked/archive", "not-checked/project-spec"])
        #expect(((run["properties"] as? [String: Any])?["notChecked"] as? [Any])?.count == 2)
        // A project where everything was read, its built archive included, says nothing of the kind.
        let archive = ["--archive", "Tests/Fixtures/archive/android-rules-pass.apk"]
        let clean = try ShipcheckProcess.run(["check", "Tests/Fixtures/e2e/android-app", "--format", "text", "--color", "never",
                                              "--date", "2026-12-01"] + archive).stdout
        #expect(!clean.contains("Not checked"), "\(clean)")
        let cleanSARIF = try Self.json(try ShipcheckProcess.run(["check", "Tests/Fixtures/e2e/android-app", "--format", "sarif",
                                                                 "--date", "2026-12-01"] + archive).stdout)
        // The run's one invocation is there (it names the configuration when there is one), without notifications.
        let invocation = try #require(((cleanSARIF["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["toolExecutionNotifications"] == nil)
        #expect(invocation["executionSuccessful"] as? Bool == true)
    }
}
