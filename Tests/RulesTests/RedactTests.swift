import Foundation
import Project
import ShipcheckCore
import Testing
@testable import Rules

/// `redact: true`: a rule over secrets reports where and how long, never the secret or a piece of it.
@Suite("redact: on a check rule")
struct RedactTests {
    static func team(redact: String = "redact: true", given: String = "given: apple.plists.*.ServiceKey") -> String {
        """
        checklist: team
        title: Team rules
        rules:
          - id: team.live-key
            title: No live key in the Info.plist
            severity: warning
            severity_reason: "team policy"
            check: pattern
            \(given)
            \(redact)
            with: { must_not_match: "sk_live_[A-Za-z0-9]+" }
            message: "{{file}} holds a live key {{value}} (matched {{match}})"
            help: Move it to the keychain.
        """
    }

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.app</string>
        <key>ServiceKey</key><string>sk_live_4eC39HqLyjWDarjtT1zdp7dc</string>
        </dict></plist>
        """

    @Test func theSecretIsNamedByLengthOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-redact-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try Self.plist.write(toFile: root + "/App/Info.plist", atomically: true, encoding: .utf8)
        func findings(_ text: String) throws -> [Finding] {
            try Shipcheck.run(Shipcheck.Options(path: root, checklists: try FactCatalogTests.loadWithBuiltins(text), only: ["team"],
                                                today: "2026-11-30")).result.findings.filter { $0.rule == "team.live-key" }
        }
        let redacted = try #require(try findings(Self.team()).first)
        #expect(redacted.message == "App/Info.plist holds a live key [redacted, 32 characters] (matched [redacted, 32 characters])", "\(redacted.message)")
        #expect(!(redacted.evidence ?? "").contains("sk_live"))
        #expect(!redacted.message.contains("sk_live"))
        // The same rule without redact: quotes the key: redact: is what hid it.
        let plain = try #require(try findings(Self.team(redact: "")).first)
        #expect(plain.message.contains("sk_live_4eC39HqLyjWDarjtT1zdp7dc"))
    }

    @Test func redactNeedsSelectedValues() {
        let errors = FactCatalogTests.errors(Self.team(given: "")).map(\.message)
        #expect(errors.contains { $0.hasPrefix("redact: hides the values") } || errors.contains { $0.contains("needs given:") }, "\(errors)")
    }
}
