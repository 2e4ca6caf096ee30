import Foundation
import Rules
import ShipcheckCore
import Testing

/// The findings of the example project and the fixture projects, as on 2026-11-30, offline, pinned line by line:
/// a refactoring that changes any finding's rule, severity, place or message fails here (issue #12: findings
/// byte-identical before and after). `SHIPCHECK_UPDATE_GOLDEN=1` rewrites Tests/FindingsGolden/ and fails
/// (an update is never silent); review the diff.
@Suite("Findings of the example and fixture projects")
struct FindingsGoldenTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Relative to the package root; each is a project a user could point shipcheck at.
    static let projects = [
        "Examples/TodoCloud",
        "Tests/Fixtures/e2e/android-app", "Tests/Fixtures/e2e/ios-app",
        "Tests/Fixtures/android/multimodule", "Tests/Fixtures/android/release", "Tests/Fixtures/android/wear",
        "Tests/Fixtures/android/convention", "Tests/Fixtures/apple/sample", "Tests/Fixtures/project/small-app",
        "Tests/Fixtures/corpus/Automattic__simplenote-ios", "Tests/Fixtures/corpus/owncloud__ios-app",
        "Tests/Fixtures/corpus/TeamNewPipe__NewPipe", "Tests/Fixtures/corpus/nextcloud__android",
    ]

    @Test(arguments: projects)
    func findingsAreAsPinned(project: String) throws {
        let root = Self.packageRoot.appendingPathComponent(project).path
        try #require(FileManager.default.fileExists(atPath: root), "\(project) is missing")
        let run = try Shipcheck.run(Shipcheck.Options(path: root, checklists: RuleExampleTests.loaded(), today: "2026-11-30"))
        let lines = run.result.findings.map { finding in
            "\(finding.rule) \(finding.severity.rawValue) \(finding.location) | \(finding.message)"
        }.sorted()
        let text = lines.joined(separator: "\n") + "\n"
        let golden = Self.packageRoot.appendingPathComponent("Tests/FindingsGolden")
            .appendingPathComponent(project.replacingOccurrences(of: "/", with: "__") + ".txt")
        if ProcessInfo.processInfo.environment["SHIPCHECK_UPDATE_GOLDEN"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(golden.lastPathComponent); review the diff, unset SHIPCHECK_UPDATE_GOLDEN and run again")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "findings of \(project) changed; diff against \(golden.path)")
    }
}
