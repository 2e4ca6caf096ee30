import Foundation
import TestSupport
import Testing

/// The fact catalog from the command line: a team checklist with a misspelt fact does not load, and
/// `shipcheck facts --catalog` lists what rules may read.
@Suite("Fact catalog (command line)")
struct FactCatalogCLITests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aTeamChecklistWithAMisspeltFactIsExitTwoWithACaretAndTheNearestName() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("""
        checklist: team
        title: Team rules
        rules:
          - id: team.sms
            title: No SMS permission
            severity: warning
            when: android.permision.READ_SMS
            expect: not android.permission.READ_SMS
            message: The app requests READ_SMS ({{evidence}})
            help: Remove the permission.

        """.utf8).write(to: dir.appendingPathComponent("team.yml"))
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--rules", dir.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("rules[0].when at \(dir.path)/team.yml:7:11: unknown fact \"android.permision.READ_SMS\" (did you mean \"android.permission.READ_SMS\"?)"), "\(result.stderr)")
        #expect(result.stderr.contains("      when: android.permision.READ_SMS\n            ^"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func factsCatalogListsTheInspectorsAndTheSymbolTablesFactsWithTheirDocs() throws {
        let result = try ShipcheckProcess.run(["facts", "--catalog"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("android.permission.*"))
        #expect(result.stdout.contains("a <uses-permission> of the release module's merged release manifest"))
        #expect(result.stdout.contains("account.creation"))
        #expect(result.stdout.contains("(rules/account-deletion.yml)"))
        let json = try ShipcheckProcess.run(["facts", "--catalog", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let facts = try #require(object?["facts"] as? [[String: Any]])
        let sdk = try #require(facts.first { $0["name"] as? String == "sdk.*" })
        #expect(sdk["type"] as? [String] == ["string", "bool"])
        #expect(sdk["declared_in"] as? String == "rules/shipcheck.yml")
    }
}
