import Project
import Rules
import Testing
@testable import Reports

@Suite struct TextReportTests {
    @Test func quietPrintsFindingsOnly() {
        let lines = TextReport.render(Fixture.result, options: .init(quiet: true)).split(separator: "\n", omittingEmptySubsequences: false)
        // Grouped by rule, errors first.
        #expect(lines.first == "ios/App/SignUpView.swift:42:9: error: Accounts can be created (Auth.auth().createUser) but no in-app deletion was found [account-deletion.in-app]")
        #expect(lines.contains("fastlane/metadata/copyright.txt: warning: Copyright \"2024 Acme, Inc.\" does not name 2026 [metadata.copyright-year]"))
        #expect(!lines.contains { $0.contains("help:") || $0.contains("[ ]") || $0.contains("errors") })
    }

    @Test func cleanRunSaysSoAndMentionsTheBaseline() {
        let result = RunResult(toolVersion: "1", root: "/r", findings: [], manual: [], rules: [], checklists: [], facts: [],
                               hiddenByBaseline: 3, fixedBaselineEntries: 1)
        #expect(TextReport.render(result) == "No problems found (3 findings hidden by the baseline; 1 baseline entry no longer found)\n")
        #expect(TextReport.render(result, options: .init(quiet: true)) == "")
    }

    @Test func colorMarksSeveritiesAndSummary() {
        let text = TextReport.render(Fixture.result, options: .init(color: true))
        #expect(text.contains("\u{1B}[31merror:\u{1B}[0m"))
        #expect(text.contains("\u{1B}[33mwarning:\u{1B}[0m"))
        #expect(text.contains("\u{1B}[36mnote:\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1m2 errors, 1 warning, 1 note in 4 files"))
        #expect(!TextReport.render(Fixture.result).contains("\u{1B}"))
    }
}

@Suite struct GitHubReportTests {
    @Test func escapesDataAndProperties() {
        #expect(GitHubReport.escapeData("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad")
        #expect(GitHubReport.escapeProperty("50% a:b,c\nd") == "50%25 a%3Ab%2Cc%0Ad")
    }

    @Test func commandPerSeverityWithoutUnknownLine() {
        let finding = Finding(rule: "r.x", checklist: "r", severity: .info, title: "T: a, b", message: "m",
                              location: SourceLocation(path: "a,b.txt"), evidence: nil, help: nil, references: [])
        #expect(GitHubReport.command(finding) == "::notice file=a%2Cb.txt,title=T%3A a%2C b [r.x]::m")
    }

    @Test func jobSummaryIsTheMarkdownReport() throws {
        #expect(try GitHubReport.jobSummary(Fixture.result) == MarkdownReport.render(Fixture.result))
    }
}
