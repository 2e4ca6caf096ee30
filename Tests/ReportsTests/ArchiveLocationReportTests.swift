import Foundation
import Project
import Testing
@testable import Reports
@testable import Rules

/// Findings inside a built archive (`build/App.ipa!/Payload/App.app/App`) are placed on the archive file by
/// the formats that need a repository file (SARIF, GitHub, GitLab), keep the entry, and are not linked.
@Suite struct ArchiveLocationReportTests {
    static let entry = "Payload/App.app/Frameworks/X.framework/X"
    static let finding = Finding(
        rule: "privacy-manifest.binary-missing-api-declaration", checklist: "privacy-manifest", severity: .error,
        title: "Each binary declares its required-reason APIs", message: "build/App.ipa!/\(entry) imports _stat",
        location: SourceLocation(path: "build/App.ipa!/" + entry), evidence: "_stat", help: nil, references: [])

    static var result: RunResult {
        RunResult(toolVersion: "1", root: "/work/app", findings: [finding], manual: [], rules: [], checklists: Fixture.checklists, facts: [])
    }

    @Test func sarifPutsTheResultOnTheArchiveFileWithTheEntryAsAPropertyAndLogicalLocation() throws {
        let document = try JSONSerialization.jsonObject(with: Data(SARIFReport.render(Self.result).utf8)) as? [String: Any]
        let run = try #require((document?["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first)
        let artifact = try #require((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "build/App.ipa")
        #expect((artifact["properties"] as? [String: Any])?["archiveEntry"] as? String == Self.entry)
        let logical = try #require((location["logicalLocations"] as? [[String: Any]])?.first)
        #expect(logical["fullyQualifiedName"] as? String == Self.entry)
        #expect(logical["name"] as? String == "X")
    }

    @Test func githubAndGitLabAnnotateTheArchiveFile() throws {
        let github = GitHubReport.render(Self.result)
        #expect(github.hasPrefix("::error file=build/App.ipa,title="))
        #expect(github.contains("build/App.ipa!/\(Self.entry) imports _stat"))
        let gitlab = GitLabReport.render(Self.result)
        let issues = try JSONSerialization.jsonObject(with: Data(gitlab.utf8)) as? [[String: Any]]
        #expect((issues?.first?["location"] as? [String: Any])?["path"] as? String == "build/App.ipa")
    }

    @Test func markdownNamesTheEntryWithoutALinkIntoTheRepository() throws {
        let markdown = try MarkdownReport.render(Self.result, linkBase: "https://github.com/o/r/blob/abc")
        #expect(markdown.contains("build/App.ipa!/\(Self.entry)"))
        #expect(!markdown.contains("https://github.com/o/r/blob/abc/build/App.ipa"))
    }

    @Test func textShowsTheFullPlace() throws {
        let text = TextReport.render(Self.result)
        #expect(text.contains("build/App.ipa!/\(Self.entry): error:"))
    }

    @Test func aSourceFindingIsUnchanged() throws {
        let source = Finding(rule: "r.x", checklist: "r", severity: .warning, title: "t", message: "m",
                             location: SourceLocation(path: "ios/Info.plist", line: 3), evidence: nil, help: nil, references: [])
        let result = RunResult(toolVersion: "1", root: "/work/app", findings: [source], manual: [], rules: [], checklists: Fixture.checklists, facts: [])
        #expect(GitHubReport.render(result).hasPrefix("::warning file=ios/Info.plist,line=3,"))
        #expect(!SARIFReport.render(result).contains("archiveEntry"))
    }
}
