import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Project
import Testing
@testable import Reports
@testable import Rules

/// The HTML report read as a document (its markup is well-formed XML): what a reader sees first, what is
/// folded, the store-listing preview, and that nothing from a project becomes markup or loads anything.
@Suite("HTML report")
struct HTMLReportTests {
    static let listing = StoreListing(store: "Google Play", path: "fastlane/metadata/android", name: "main", locales: [
        StoreListing.Locale(code: "en-US", fields: [
            StoreListing.Field(name: "title", path: "fastlane/metadata/android/en-US/title.txt",
                               fitting: "TodoCloud: Tasks, Lists & Rem", over: "inders Pro", count: 39, limit: 30, unit: "UTF-16 units"),
            StoreListing.Field(name: "short_description", path: "fastlane/metadata/android/en-US/short_description.txt",
                               fitting: "Tasks <b>synced</b>", over: "", count: 19, limit: 80, unit: "UTF-16 units"),
        ], images: [StoreListing.Image(slot: "phoneScreenshots", path: "fastlane/metadata/android/en-US/images/phoneScreenshots/1.png",
                                       width: 1080, height: 1920)]),
        StoreListing.Locale(code: "fr-FR", fields: [
            StoreListing.Field(name: "title", path: "fastlane/metadata/android/fr-FR/title.txt", fitting: "TodoCloud", over: "",
                               count: 9, limit: 30, unit: "UTF-16 units"),
        ]),
    ])

    #if canImport(FoundationXML)
    static func document(_ html: String) throws -> XMLDocument {
        try XMLDocument(data: Data(html.utf8))
    }

    static func nodes(_ node: XMLNode, _ xpath: String) throws -> [XMLNode] {
        try node.nodes(forXPath: xpath)
    }

    @Test func findingsComeByChecklistErrorsFirstAndOpen() throws {
        let document = try Self.document(HTMLReport.render(Fixture.result, listings: [Self.listing]))
        #expect(try Self.nodes(document, "/html/head/title").first?.stringValue == "shipcheck: 2 errors block submission")
        let checklists = try Self.nodes(document, "//section[@id='findings']/details[@class='checklist']")
        #expect(checklists.compactMap { ($0 as? XMLElement)?.attribute(forName: "data-checklist")?.stringValue } == ["metadata", "account-deletion"])
        // Both hold an error: open. Rules inside are errors first.
        for checklist in checklists { #expect((checklist as? XMLElement)?.attribute(forName: "open") != nil) }
        let rules = try Self.nodes(document, "//details[@data-checklist='metadata']/article/@data-rule").map { $0.stringValue ?? "" }
        #expect(rules == ["metadata.keywords-length", "metadata.copyright-year", "metadata.other-platforms"])
        let help = try Self.nodes(document, "//article[@data-rule='account-deletion.in-app']/p[@class='help']").first?.stringValue
        #expect(help == "Fix: Add a delete-account action that removes the account and its data.")
        let link = try #require(try Self.nodes(document, "//article[@data-rule='account-deletion.in-app']//a").first as? XMLElement)
        #expect(link.attribute(forName: "href")?.stringValue == Fixture.appleDeletion.url)
    }

    @Test func manualItemsAreFoldedAndCounted() throws {
        let document = try Self.document(HTMLReport.render(Fixture.result))
        let manual = try #require(try Self.nodes(document, "//section[@id='manual']/details").first as? XMLElement)
        #expect(manual.attribute(forName: "open") == nil)
        #expect(try Self.nodes(document, "//section[@id='manual']/details/summary").first?.stringValue == "Confirm by hand before submitting (2)")
        #expect(try Self.nodes(document, "//section[@id='manual']//li").count == 2)
        #expect(try Self.nodes(document, "//section[@id='listings']").isEmpty, "no listings given, no section")
    }

    @Test func theListingPreviewMarksWhatIsOverTheLimit() throws {
        let document = try Self.document(HTMLReport.render(Fixture.result, listings: [Self.listing]))
        let locales = try Self.nodes(document, "//article[@data-tree='fastlane/metadata/android']/details")
        #expect(locales.count == 2)
        // The locale with a field over its limit is open, the other folded.
        let english = try #require(locales.first as? XMLElement)
        #expect(english.attribute(forName: "data-locale")?.stringValue == "en-US" && english.attribute(forName: "open") != nil)
        #expect((locales.last as? XMLElement)?.attribute(forName: "open") == nil)
        let title = try #require(try Self.nodes(document, "//details[@data-locale='en-US']//tr[@data-field='title']").first as? XMLElement)
        #expect(title.attribute(forName: "class")?.stringValue == "field over")
        #expect(try Self.nodes(title, "td[@class='text']/mark[@class='over-limit']").first?.stringValue == "inders Pro")
        #expect(try Self.nodes(title, "td[@class='text']").first?.stringValue == "TodoCloud: Tasks, Lists & Reminders Pro")
        #expect(try Self.nodes(title, "td[@class='count']").first?.stringValue == "39/30 UTF-16 units")
        // Markup in a listing is text, not elements.
        let short = try #require(try Self.nodes(document, "//tr[@data-field='short_description']/td[@class='text']").first as? XMLElement)
        #expect(short.stringValue == "Tasks <b>synced</b>" && (short.children ?? []).allSatisfy { $0.kind == .text })
        #expect(try Self.nodes(document, "//li[@data-slot='phoneScreenshots']/span[@class='size']").first?.stringValue == "1080×1920")
    }

    @Test func nothingLoadsAndNoScriptRuns() throws {
        var findings = Fixture.findings
        findings.append(Finding(rule: "metadata.other-platforms", checklist: "metadata", severity: .info, title: "x",
                                message: "<script>alert(1)</script><img src=\"https://example.com/x.png\"/>",
                                location: Project.SourceLocation(path: "a\"onmouseover=\"x.txt"), evidence: nil, help: nil,
                                references: [Reference(title: "bad", url: "javascript:alert(1)")]))
        let result = RunResult(toolVersion: "1", root: "/r", findings: findings, manual: [], rules: [], checklists: [], facts: [])
        let html = HTMLReport.render(result)
        let document = try Self.document(html)
        #expect(try Self.nodes(document, "//script").isEmpty)
        #expect(try Self.nodes(document, "//img").isEmpty)
        #expect(try Self.nodes(document, "//link").isEmpty)
        #expect(try Self.nodes(document, "//*[@onmouseover]").isEmpty)
        #expect(try Self.nodes(document, "//a[starts-with(@href, 'javascript')]").isEmpty)
        #expect(try Self.nodes(document, "//@src | //@style | //@srcset").isEmpty)
        #expect(!html.contains("url("))
        // The only attributes that hold a URL are links to http(s) references.
        for href in try Self.nodes(document, "//@href") { #expect(href.stringValue?.hasPrefix("https://") == true) }
    }
    #endif
}
