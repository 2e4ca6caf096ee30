import Foundation
import Testing
@testable import Reports

/// Every format on the fixed run, against its golden file, and rendered twice to the same bytes.
@Suite struct GoldenTests {
    let result = Fixture.result

    @Test func text() {
        Golden.check(TextReport.render(result), against: "report.txt")
    }

    @Test func textQuiet() {
        Golden.check(TextReport.render(result, options: .init(quiet: true)), against: "report-quiet.txt")
    }

    @Test func textColor() {
        Golden.check(TextReport.render(result, options: .init(color: true)), against: "report-color.txt")
    }

    @Test func json() {
        Golden.check(JSONReport.render(result), against: "report.json")
    }

    @Test func markdown() throws {
        Golden.check(try MarkdownReport.render(result), against: "report.md")
    }

    @Test func markdownWithLinks() throws {
        Golden.check(try MarkdownReport.render(result, linkBase: "https://github.com/acme/app/blob/abc123"), against: "report-linked.md")
    }

    @Test func markdownClean() throws {
        Golden.check(try MarkdownReport.render(Fixture.clean), against: "report-clean.md")
    }

    @Test func sarif() {
        Golden.check(SARIFReport.render(result), against: "report.sarif")
    }

    @Test func junit() {
        Golden.check(JUnitReport.render(result), against: "report.junit.xml")
    }

    @Test func github() {
        Golden.check(GitHubReport.render(result), against: "report.github.txt")
    }

    @Test func baseline() {
        Golden.check(String(decoding: Baseline.make(from: result.findings).encode(), as: UTF8.self), against: "baseline.json")
    }

    @Test func everyFormatIsDeterministic() throws {
        let second = Fixture.result
        #expect(TextReport.render(result, options: .init(color: true)) == TextReport.render(second, options: .init(color: true)))
        #expect(JSONReport.render(result) == JSONReport.render(second))
        #expect(try MarkdownReport.render(result) == MarkdownReport.render(second))
        #expect(SARIFReport.render(result) == SARIFReport.render(second))
        #expect(JUnitReport.render(result) == JUnitReport.render(second))
        #expect(GitHubReport.render(result) == GitHubReport.render(second))
        #expect(Baseline.make(from: result.findings).encode() == Baseline.make(from: second.findings.reversed()).encode())
    }
}
