import Foundation
import Project
import Testing

@Suite("Privacy policy text")
struct PrivacyPolicyTextTests {
    @Test func htmlLosesMarkupScriptsAndEntities() {
        let html = """
        <html><head><title>Privacy</title><style>.brand { color: red }</style>
        <script>var app = "Other App";</script></head>
        <body><!-- Other App --><h1>Privacy&nbsp;Policy</h1><p>This policy covers <b>Caf&eacute;</b> Fl&#246;w by K&amp;B&#x20;Ltd.</p></body></html>
        """
        let text = PrivacyPolicyText.extract(html, format: .html)
        #expect(!text.contains("<"))
        #expect(!text.contains("Other App"))
        #expect(!text.contains("color"))
        #expect(text.contains("Flöw by K&B Ltd."))
        // Unknown named entities stay as written rather than being guessed.
        #expect(text.contains("Caf&eacute;"))
    }

    @Test func markdownKeepsLinkLabelsAndDropsEmphasis() {
        let text = PrivacyPolicyText.extract("# Privacy\n\nThe **Tide Log** app by [Example Inc.](https://example.com) ...", format: .markdown)
        #expect(text.contains("Tide Log app by Example Inc. ..."))
        #expect(!text.contains("https://"))
        #expect(!text.contains("#"))
    }

    @Test func formatFollowsTheExtension() {
        #expect(PrivacyPolicyText.Format(path: "docs/privacy.HTML") == .html)
        #expect(PrivacyPolicyText.Format(path: "PRIVACY.md") == .markdown)
        #expect(PrivacyPolicyText.Format(path: "privacy.txt") == .plain)
    }

    @Test func namesMatchFoldingCaseAccentsAndWhitespaceOnWordBoundaries() {
        let text = "This Privacy Policy applies to CAFE   FLOW, made by Example Inc."
        #expect(NameMatcher.firstNamed(in: text, names: ["Café Flow"]) == "Café Flow")
        #expect(NameMatcher.firstNamed(in: text, names: ["Example inc."]) == "Example inc.")
        #expect(NameMatcher.firstNamed(in: "Notes and more", names: ["Note"]) == nil)
        #expect(NameMatcher.firstNamed(in: "anything", names: ["", "  "]) == nil)
    }

    @Test func unreadableOrNonUTF8FilesAreErrorsNamingTheFile() throws {
        let missing = LoadedDocument.load(root: "/nonexistent", path: "docs/privacy.html", maxBytes: PrivacyPolicyText.maxBytes)
        #expect(throws: PrivacyPolicyText.ReadError.self) {
            _ = try PrivacyPolicyText.text(of: missing)
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data([0x50, 0xE9, 0xFF]).write(to: root.appendingPathComponent("docs/privacy.txt"))
        let document = LoadedDocument.load(root: root.path, path: "docs/privacy.txt", maxBytes: PrivacyPolicyText.maxBytes)
        do {
            _ = try PrivacyPolicyText.text(of: document)
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "docs/privacy.txt")
            #expect(error.message == "not UTF-8 text")
        }
    }
}
