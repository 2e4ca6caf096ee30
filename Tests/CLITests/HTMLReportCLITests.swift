import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `--format html:PATH` on the example app, as a user writes it: read back as a document (its markup is
/// well-formed XML) and, where Chromium is installed, rendered by headless Chromium to a screenshot.
@Suite("Command line: the HTML report")
struct HTMLReportCLITests {
    static func copyOfExample() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-html-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud"), to: dir)
        return dir
    }

    #if canImport(FoundationXML)
    @Test func theHTMLPageHoldsTheFindingsAndEachListingAsTheStoreShowsIt() throws {
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ShipcheckProcess.run(["check", ".", "--format", "text", "--format", "html:reports/shipcheck.html", "--date", "2026-12-01"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("reports/shipcheck.html"), encoding: .utf8)
        let document = try XMLDocument(data: Data(html.utf8))
        let errors = try document.nodes(forXPath: "//section[@id='findings']//li[@class='error']").count
        #expect(errors >= 10, "\(errors) error locations")
        #expect(try document.nodes(forXPath: "//details[@class='checklist'][1]/@open").count == 1, "the first checklist (errors) is open")
        #expect(try document.nodes(forXPath: "//section[@id='manual']/details[not(@open)]").count == 1)
        // The Play title over 30 UTF-16 units: its tail is marked, its count says so.
        let over = try document.nodes(forXPath: "//article[@data-tree='fastlane/metadata/android']//tr[@data-field='title' and contains(@class, 'over')]")
        let title = try #require(over.first as? XMLElement, "\(html.prefix(3000))")
        let count = try title.nodes(forXPath: "td[@class='count']").first?.stringValue ?? ""
        #expect(count.hasSuffix("/30 UTF-16 units"), "\(count)")
        let marked = try title.nodes(forXPath: "td[@class='text']/mark").first?.stringValue ?? ""
        #expect(!marked.isEmpty)
        let text = try title.nodes(forXPath: "td[@class='text']").first?.stringValue ?? ""
        let onDisk = try String(contentsOf: dir.appendingPathComponent("fastlane/metadata/android/en-US/title.txt"), encoding: .utf8)
        #expect(onDisk.hasPrefix(text) && text.hasSuffix(marked))
        #expect(text.utf16.count - marked.utf16.count <= 30)
        // The App Store tree is there too, and nothing is loaded from anywhere.
        #expect(try document.nodes(forXPath: "//article[@data-tree='fastlane/metadata']").count == 1)
        #expect(try document.nodes(forXPath: "//script | //img | //link | //iframe").isEmpty)
        #expect(!html.contains("src=") && !html.contains("url("))
    }
    #endif

    static let chromium: String? = {
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            if let found = try? ShipcheckProcess.run(["which", name], executable: URL(fileURLWithPath: "/usr/bin/env")), found.status == 0 {
                return found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return nil
    }()

    /// The page in headless Chromium: it renders to a screenshot, and the DOM Chromium builds (from HTML,
    /// not XML) has the open error checklists, the folded manual items and the marked title.
    @Test(.enabled(if: chromium != nil, "needs Chromium (apt-get install chromium); CI installs it"))
    func chromiumRendersThePage() throws {
        let browser = try #require(Self.chromium)
        let dir = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ShipcheckProcess.run(["check", ".", "--format", "html:shipcheck.html", "--date", "2026-12-01"], in: dir).status == 1)
        let page = "file://" + dir.appendingPathComponent("shipcheck.html").path
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir.appendingPathComponent(".chromium").path)"]
        let screenshot = dir.appendingPathComponent("shot.png")
        let shot = try ShipcheckProcess.run(flags + ["--window-size=1280,2000", "--screenshot=\(screenshot.path)", page],
                                            executable: URL(fileURLWithPath: browser))
        #expect(shot.status == 0, "\(shot.stderr.suffix(1000))")
        let png = try Data(contentsOf: screenshot)
        #expect(png.count > 10_000 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(png.count) bytes")
        let dom = try ShipcheckProcess.run(flags + ["--dump-dom", page], executable: URL(fileURLWithPath: browser))
        #expect(dom.status == 0)
        #expect(dom.stdout.contains("<details class=\"checklist\""))
        #expect(dom.stdout.contains("open=\"open\""))
        #expect(dom.stdout.contains("<mark class=\"over-limit\""))
        #expect(dom.stdout.contains("<summary>Confirm by hand before submitting ("))
    }
}
