import Foundation
import Testing
@testable import Rules

/// A purpose string that only an InfoPlist.strings translation sets is its own case: a warning that says so,
/// not the error of a string missing everywhere.
@Suite struct LocalizedOnlyPurposeStringTests {
    static func project(translated: Bool) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("localized-only-\(UUID().uuidString)").path
        let files: [String: String] = [
            "shipcheck.yml": "stores: [appstore]\n",
            "App/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleName</key><string>Tides</string></dict></plist>
            """,
            "App/Scanner.swift": "import AVFoundation\nlet session = AVCaptureSession()\n",
            "App/en.lproj/InfoPlist.strings": translated ? "\"NSCameraUsageDescription\" = \"Scans tide tables.\";\n" : "",
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func onlyATranslationSetsTheKey() throws {
        let root = try Self.project(translated: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let findings = try RuleExampleTests.evaluate(root).filter { $0.rule == "purpose-strings.missing" }
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("only InfoPlist.strings translations set it: App/en.lproj/InfoPlist.strings") == true)
    }

    /// The empty InfoPlist.strings beside it is an empty table, not an unreadable input; the missing key an error.
    @Test func missingEverywhereStaysAnError() throws {
        let root = try Self.project(translated: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let findings = try RuleExampleTests.evaluate(root)
        #expect(findings.filter { $0.rule == "purpose-strings.missing" }.map(\.severity) == [.error])
        #expect(!findings.contains { $0.rule == "shipcheck.unreadable-input" })
    }
}
