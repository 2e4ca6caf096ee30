import Foundation
import Testing
@testable import Project

/// The app's own privacy link, found in what ships to pre-fill the console-only privacy URL.
struct PrivacyPolicyURLDetectorTests {
    func detect(_ files: [String: String]) throws -> Fact? {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("privacy-url-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var walked: [ProjectFile] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            walked.append(ProjectFile(path: path, root: root.path, size: text.utf8.count, isVendored: path.hasPrefix("Pods/")))
        }
        return PrivacyURLDetector.fact(files: walked).flatMap { $0.name == PrivacyURLDetector.factName ? $0 : nil }
    }

    @Test func stringResourcesWinOverCodeAndNameTheirLine() throws {
        let fact = try #require(try detect([
            "app/src/main/res/values/strings.xml": "<resources>\n  <string name=\"app\">Tide Log</string>\n  <string name=\"privacy_url\">https://tidelog.app/privacy</string>\n</resources>\n",
            "app/src/main/java/app/About.kt": "val policy = \"https://tidelog.app/legal/privacy-policy\"\n",
        ]))
        #expect(fact.value == .string("https://tidelog.app/privacy"))
        #expect(fact.evidence.map(\.location) == [SourceLocation(path: "app/src/main/res/values/strings.xml", line: 3)])
    }

    @Test func codeConstantsAndPlistsCount() throws {
        #expect(try detect(["Sources/Links.swift": "enum Links {\n  static let privacy = URL(string: \"https://automattic.com/privacy/\")!\n}\n"])?.value
            == .string("https://automattic.com/privacy/"))
        #expect(try detect(["App/Branding.plist": "<dict><key>privacy</key><string>https://owncloud.online/privacy-policy/</string></dict>"])?.value
            == .string("https://owncloud.online/privacy-policy/"))
    }

    @Test func documentationTestsAndVendoredCodeAreNotTheAppsPolicy() throws {
        #expect(try detect([
            "app/src/main/AndroidManifest.xml": "<!-- https://developer.android.com/guide/webapps/webview-privacy -->",
            "app/src/main/java/app/Permissions.kt": "val doc = \"https://developer.android.com/training/permissions#privacy-dashboard\"\n",
            "app/src/test/java/app/PolicyTest.kt": "val url = \"https://tidelog.app/privacy\"\n",
            "Pods/SDK/Info.swift": "let url = \"https://sdk.example/privacy\"\n",
            "fastlane/swift/Fastlane.swift": "// https://docs.fastlane.tools/uploading-app-privacy-details\n",
            "App/Terms.swift": "let terms = \"https://tidelog.app/terms\"\n",
        ]) == nil)
    }

    /// Translations are read only when the default resources hold no link: a default link decides, and the
    /// translated copies of it are not its evidence; without one, a translation's link is still found.
    @Test func translationsAreReadOnlyWhenTheDefaultResourcesHoldNoLink() throws {
        let translated = "<resources>\n  <string name=\"privacy_url\">https://tidelog.app/de/privacy</string>\n</resources>\n"
        let withDefault = try #require(try detect([
            "app/src/main/res/values/strings.xml": "<resources>\n  <string name=\"privacy_url\">https://tidelog.app/privacy</string>\n</resources>\n",
            "app/src/main/res/values-de/strings.xml": translated,
            "app/src/main/res/values-fr/strings.xml": "<resources>\n  <string name=\"privacy_url\">https://tidelog.app/privacy</string>\n</resources>\n",
        ]))
        #expect(withDefault.value == .string("https://tidelog.app/privacy"))
        #expect(withDefault.evidence.map(\.location) == [SourceLocation(path: "app/src/main/res/values/strings.xml", line: 2)])
        let withoutDefault = try #require(try detect([
            "app/src/main/res/values/strings.xml": "<resources>\n  <string name=\"help\">https://tidelog.app/help</string>\n</resources>\n",
            "app/src/main/res/values-de/strings.xml": translated,
        ]))
        #expect(withoutDefault.value == .string("https://tidelog.app/de/privacy"))
        #expect(withoutDefault.evidence.map(\.location) == [SourceLocation(path: "app/src/main/res/values-de/strings.xml", line: 2)])
    }

    /// A translation is read only when its default file holds some https link: a translation of strings with
    /// no link in them holds none. One whose default file has a link (not a policy one) is read, and one with
    /// no default file (a qualifier folder) too.
    @Test func translationsOfDefaultFilesWithoutLinksAreNotRead() throws {
        let policy = "<resources>\n  <string name=\"privacy_url\">https://tidelog.app/de/privacy</string>\n</resources>\n"
        #expect(try detect([
            "app/src/main/res/values/strings.xml": "<resources>\n  <string name=\"app\">Tide Log</string>\n</resources>\n",
            "app/src/main/res/values-de/strings.xml": policy,
        ]) == nil)
        let linked = try #require(try detect([
            "app/src/main/res/values/strings.xml": "<resources>\n  <string name=\"help\">https://tidelog.app/help</string>\n</resources>\n",
            "app/src/main/res/values-de/strings.xml": policy,
        ]))
        #expect(linked.value == .string("https://tidelog.app/de/privacy"))
        let qualifier = try #require(try detect([
            "app/src/main/res/values/strings.xml": "<resources>\n  <string name=\"app\">Tide Log</string>\n</resources>\n",
            "app/src/main/res/values-v31/links.xml": policy,
        ]))
        #expect(qualifier.value == .string("https://tidelog.app/de/privacy"))
    }
}
