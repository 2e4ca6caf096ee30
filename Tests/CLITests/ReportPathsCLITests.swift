import Foundation
import Testing

/// Paths from the repository root in a monorepo, and the command line's refusals before any work.
@Suite("Command line: report paths and early refusals")
struct ReportPathsCLITests {
    static let fixture = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Fixtures/e2e/android-app")

    /// A repository (a `.git` folder, no git needed) with the Android fixture app at apps/mobile.
    func monorepo() throws -> URL {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-mono-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("apps"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: repo.appendingPathComponent("apps/mobile"))
        return repo
    }

    @Test func annotationsAndSARIFStartAtTheRepositoryRoot() throws {
        let repo = try monorepo()
        defer { try? FileManager.default.removeItem(at: repo) }
        let github = try ShipcheckProcess.run(["check", "apps/mobile", "--format", "github", "--date", "2026-11-30"], in: repo)
        #expect(github.status == 1)
        #expect(github.stdout.contains("::error file=apps/mobile/fastlane/metadata/android/en-US/title.txt,line=1,col=8,"))
        // A finding about a folder is placed on a file in it: GitHub annotates files only.
        #expect(github.stdout.contains("::error file=apps/mobile/fastlane/metadata/android/de/title.txt,title="))
        // From inside the app folder the base is still the repository root.
        let sarif = try ShipcheckProcess.run(["check", ".", "--format", "sarif", "--date", "2026-11-30"], in: repo.appendingPathComponent("apps/mobile"))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let base = ((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String
        #expect(base == "file://" + repo.resolvingSymlinksInPath().path + "/")
        let uris = (run["results"] as? [[String: Any]] ?? []).compactMap {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(!uris.isEmpty)
        #expect(uris.allSatisfy { $0.hasPrefix("apps/mobile/") })
        #expect(!uris.contains("apps/mobile/fastlane/metadata/android/de"))
    }

    @Test func textPathsAreClickableFromWhereTheCommandRan() throws {
        let repo = try monorepo()
        defer { try? FileManager.default.removeItem(at: repo) }
        let inside = try ShipcheckProcess.run(["check", ".", "-q", "--date", "2026-11-30"], in: repo.appendingPathComponent("apps/mobile"))
        #expect(inside.stdout.contains("\nfastlane/metadata/android/en-US/title.txt:1:8: error: "))
        let atTop = try ShipcheckProcess.run(["check", "apps/mobile", "-q", "--date", "2026-11-30"], in: repo)
        #expect(atTop.stdout.contains("\napps/mobile/fastlane/metadata/android/en-US/title.txt:1:8: error: "))
    }

    @Test func twoFormatsForTheTerminalAreRefusedBeforeAnyReport() throws {
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "sarif", "--format", "markdown"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("only one --format may go to the terminal; give 'markdown:PATH'"))
    }

    @Test func nothingToCheckIsExitTwoSayingWhy() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let check = try ShipcheckProcess.run(["check", empty.path])
        #expect(check.status == 2)
        #expect(check.stderr.contains("nothing to check: no app project"))
        let metadata = try ShipcheckProcess.run(["metadata", empty.path])
        #expect(metadata.status == 2)
        #expect(metadata.stderr.contains("no store metadata found"))
        let none = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--only", "metadata", "--skip", "metadata"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no rule is left to run (--only metadata with --skip metadata)"))
    }

    @Test func jobSummaryOnlyWhenAskedAndAWriteFailureOnlyWarns() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = dir.appendingPathComponent("summary.md")
        let text = try ShipcheckProcess.run(["check", "Examples/TodoCloud"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(text.status == 1)
        #expect(!FileManager.default.fileExists(atPath: summary.path))
        let asked = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--summary"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(asked.status == 1)
        #expect(try String(contentsOf: summary, encoding: .utf8).contains("## shipcheck:"))
        let unwritable = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "github"],
                                                  environment: ["GITHUB_STEP_SUMMARY": "/no/such/folder/summary.md"])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("warning: cannot write the job summary"))
    }

    @Test func markdownLinksLinesWhenGitHubActionsSaysWhere() throws {
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "markdown"], environment: [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "abc123",
        ])
        #expect(result.stdout.contains("](https://github.com/acme/app/blob/abc123/Examples/TodoCloud/ios/TodoCloud/SignUpView.swift#L28)"))
    }
}
