import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// Consumers per file (Tests/Fixtures/metadata/sent-to-play): an F-Droid tree's release note that a workflow,
/// a script or a Gradle Play Publisher task sends to Google Play is judged by Play's 500-character limit as an
/// error; the listing (a 40-character title) stays F-Droid's, and the same note not sent to Play is F-Droid's only.
struct ReleaseNotesSentToPlayTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/metadata/sent-to-play").path
    static let note = "fastlane/metadata/android/en-US/changelogs/42.txt"

    static func findings(_ path: String) throws -> [Finding] {
        try Shipcheck.run(Shipcheck.Options(path: "\(fixtures)/\(path)", checklists: RuleExampleTests.loaded(), today: "2026-11-30")).result.findings
    }

    @Test(arguments: [("workflow", ".github/workflows/release.yml:12"), ("script", "scripts/play-release.sh:6"), ("gpp", "app/build.gradle.kts:16")])
    func aNoteSentToPlayIsAPlayError(shape: String, sender: String) throws {
        let found = try Self.findings("\(shape)/trigger")
        let play = found.filter { $0.rule == "metadata.play-changelog-length" }
        #expect(play.map { "\($0.location.path):\($0.location.line ?? 0)" } == ["\(Self.note):1"])
        #expect(play.first?.severity == .error)
        #expect(play.first?.message.contains("sent to Google Play by \(sender)") == true, "\(play.map(\.message))")
        // F-Droid still reads the tree: its own warning for the note, and the listing is F-Droid's alone.
        #expect(found.contains { $0.rule == "metadata-fdroid.changelog-length" && $0.severity == .warning })
        #expect(!found.contains { $0.rule == "metadata.play-title-length" })
    }

    @Test(arguments: ["workflow", "script", "gpp"])
    func theSameNoteNotSentToPlayIsFDroidsOnly(shape: String) throws {
        let found = try Self.findings("\(shape)/pass")
        #expect(!found.contains { $0.rule.hasPrefix("metadata.play-") })
        #expect(found.filter { $0.rule == "metadata-fdroid.changelog-length" }.map(\.location.path) == [Self.note])
    }
}
