import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Project
import Rules
import Testing
@testable import Reports

/// A big repository: many findings of few rules, or findings of very many rules. Reports stay readable
/// (a rule's help once) and the Markdown fits where GitHub puts it.
@Suite struct ReportsAtScaleTests {
    static func result(rules: Int, findingsPerRule: Int) -> RunResult {
        var findings: [Finding] = []
        for r in 0..<rules {
            for f in 0..<findingsPerRule {
                findings.append(Finding(rule: "metadata.rule-\(r)", checklist: "metadata", severity: r % 3 == 0 ? .error : .info,
                                        title: "Rule \(r)", message: "Changelog \(f) is \(600 + f) characters, \(100 + f) over the limit of 500: "
                                            + String(repeating: "x", count: 80),
                                        location: SourceLocation(path: "fastlane/metadata/android/xx-\(f)/changelogs/\(f).txt", line: 1, column: 1),
                                        evidence: nil, help: "Shorten rule \(r)'s text; this help is long enough to matter when repeated.",
                                        references: [Reference(title: "Play help", url: "https://support.google.com/googleplay/\(r)")]))
            }
        }
        return RunResult(toolVersion: "1", root: "/r", findings: findings, manual: [], rules: [], checklists: Fixture.checklists, facts: [])
    }

    @Test func textPrintsEachRulesHelpOnceAfterItsLocations() {
        let text = TextReport.render(Self.result(rules: 2, findingsPerRule: 74))
        #expect(text.components(separatedBy: "help: Shorten rule 0's").count - 1 == 1)
        #expect(text.components(separatedBy: "help: Shorten rule 1's").count - 1 == 1)
        #expect(text.components(separatedBy: "see: Play help <https://support.google.com/googleplay/0>").count - 1 == 1)
        #expect(text.components(separatedBy: ": error: Changelog").count - 1 == 74)
        // Errors come first: rule 0 is an error, rule 1 a note.
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasSuffix("[metadata.rule-0]") == true)
    }

    @Test func markdownCapsLocationsPerRuleAndSaysHowManyMore() throws {
        let markdown = try MarkdownReport.render(Self.result(rules: 2, findingsPerRule: 74))
        #expect(markdown.contains("- … and 54 more"))
        #expect(markdown.components(separatedBy: "**Fix:** Shorten rule 0").count - 1 == 1)
        // The checklist holds an error: it is open (a heading), not folded.
        #expect(markdown.contains("\n### "))
        #expect(!markdown.contains("<summary><b>"))
    }

    @Test func markdownStaysUnderGitHubsCommentLimitForThousandsOfFindings() throws {
        let markdown = try MarkdownReport.render(Self.result(rules: 40, findingsPerRule: 500))
        #expect(markdown.utf8.count <= MarkdownReport.defaultSizeLimit)
        #expect(markdown.utf16.count < 65_536)
        #expect(!markdown.contains("This report was cut"))
    }

    @Test func markdownThatCannotFitEvenWithoutLocationsIsCutWithANote() throws {
        let markdown = try MarkdownReport.render(Self.result(rules: 3_000, findingsPerRule: 1))
        #expect(markdown.utf8.count <= MarkdownReport.defaultSizeLimit)
        #expect(markdown.hasSuffix("the JSON or SARIF report has every finding.**\n"))
        let opened = markdown.components(separatedBy: "<details").count - 1
        #expect(opened == markdown.components(separatedBy: "</details>").count - 1)
    }

    @Test func controlCharactersInPathsAndMessagesAreVisibleInText() {
        let finding = Finding(rule: "r.x", checklist: "r", severity: .error, title: "T",
                              message: "name \"a\n::error file=x::owned\" \u{1B}[31mred",
                              location: SourceLocation(path: "a\n::error file=b::pwn.txt", line: 1), evidence: nil, help: nil, references: [])
        let result = RunResult(toolVersion: "1", root: "/r", findings: [finding], manual: [], rules: [], checklists: [], facts: [])
        let text = TextReport.render(result)
        #expect(!text.split(separator: "\n").contains { $0.trimmingPrefix(while: { $0 == " " }).hasPrefix("::") })
        #expect(text.hasPrefix("a\\n::error file=b::pwn.txt:1: error: name \"a\\n::error file=x::owned\" \\e[31mred [r.x]\n"))
        #expect(!text.contains("\u{1B}"))
        let markdown = (try? MarkdownReport.render(result)) ?? ""
        #expect(!markdown.contains("\u{1B}"))
    }
}

private extension Substring {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring { drop(while: predicate) }
}

/// The reporters other CIs read, and GitHub's annotation cap.
@Suite struct OtherCIReportTests {
    @Test func gitLabCodeQualityHasTheFieldsGitLabReads() throws {
        let data = Data(GitLabReport.render(Fixture.result).utf8)
        let issues = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(issues.count == Fixture.findings.count)
        let keywords = try #require(issues.first { $0["check_name"] as? String == "metadata.keywords-length" })
        #expect(keywords["description"] as? String == Fixture.trickyMessage)
        #expect(keywords["severity"] as? String == "critical")
        #expect((keywords["fingerprint"] as? String)?.isEmpty == false)
        let location = try #require(keywords["location"] as? [String: Any])
        #expect(location["path"] as? String == "fastlane/metadata/en-US/keywords.txt")
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 1)
        #expect(Set(issues.compactMap { $0["severity"] as? String }) == ["critical", "major", "info"])
    }

    @Test func checkstyleGroupsErrorsByFile() throws {
        let xml = CheckstyleReport.render(Fixture.result)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "checkstyle")
        let files = root.elements(forName: "file")
        #expect(files.count == 4)
        let keywords = try #require(files.first { $0.attribute(forName: "name")?.stringValue == "fastlane/metadata/en-US/keywords.txt" })
        let error = try #require(keywords.elements(forName: "error").first)
        #expect(error.attribute(forName: "severity")?.stringValue == "error")
        #expect(error.attribute(forName: "line")?.stringValue == "1")
        #expect(error.attribute(forName: "message")?.stringValue == Fixture.trickyMessage)
        #expect(error.attribute(forName: "source")?.stringValue == "shipcheck.metadata.keywords-length")
    }

    @Test func githubAnnotatesTenOfEachTypeThenSaysHowManyMore() {
        let result = ReportsAtScaleTests.result(rules: 3, findingsPerRule: 12)
        let lines = GitHubReport.render(result).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::notice file=") }.count == 9)
        #expect(lines.last == "::notice title=shipcheck::17 more findings not shown as annotations (GitHub shows 10 of each type per step): they are listed in this log, the job summary and the SARIF report")
        #expect(lines.filter { $0.contains(": error: Changelog") || $0.contains(": note: Changelog") }.count == 17)
    }

    @Test func junitFailsOnlyAtOrAboveFailOn() throws {
        let never = JUnitReport.render(Fixture.result, failOn: nil)
        #expect(never.contains("failures=\"0\""))
        let notes = JUnitReport.render(Fixture.result, failOn: .info)
        #expect(notes.contains("<testsuites name=\"shipcheck\" tests=\"7\" failures=\"4\""))
    }

    @Test func sarifRulesCarryTagsAndPrecision() throws {
        let sarif = SARIFReport.render(Fixture.result)
        #expect(sarif.contains("\"tags\": [\n"))
        #expect(sarif.contains("\"precision\": \"high\""))
        #expect(sarif.contains("\"precision\": \"low\""))
    }
}
