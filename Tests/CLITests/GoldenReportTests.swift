import Foundation
import Testing

/// Every report format of `shipcheck check` on a fixed fixture project (Tests/Fixtures/e2e/android-app),
/// compared byte for byte with Tests/CLITests/Golden/. The project root and the tool version are written
/// as $ROOT and $VERSION there. Regenerate on purpose only: SHIPCHECK_UPDATE_GOLDEN=1 swift test --filter GoldenReportTests
/// (the run then fails, so an update is never silent). The project is copied to a temporary folder outside
/// any git repository and checked from there, so its paths do not depend on where this repository lives.
@Suite("Golden reports of a fixture project")
struct GoldenReportTests {
    static let golden = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/CLITests/Golden")
    static let project = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Fixtures/e2e/android-app").path

    @Test(arguments: ["text", "json", "markdown", "sarif", "junit", "github"])
    func formatMatchesItsGoldenFile(format: String) throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-golden-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.project), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = try ShipcheckProcess.run(["check", ".", "--format", format, "--color", "never", "--date", "2026-11-30"], in: copy)
        #expect(result.status == 1)
        let root = copy.resolvingSymlinksInPath().path
        let normalized = result.stdout
            .replacingOccurrences(of: root, with: "$ROOT")
            .replacingOccurrences(of: "0.1.0", with: "$VERSION")
        let file = Self.golden.appendingPathComponent("android-app.\(format)")
        if ProcessInfo.processInfo.environment["SHIPCHECK_UPDATE_GOLDEN"] == "1" {
            try Data(normalized.utf8).write(to: file)
            Issue.record("rewrote \(file.lastPathComponent); unset SHIPCHECK_UPDATE_GOLDEN and run again")
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(normalized == expected, "\(format) differs from \(file.lastPathComponent)")
    }
}
