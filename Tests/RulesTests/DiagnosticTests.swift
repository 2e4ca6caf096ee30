import Foundation
import Project
import Rules
import ShipcheckCore
import Testing

/// The front door's errors are typed: a code, a place when there is one, a message; the CLI's line is their
/// description, unchanged. The working folder is an input, not read behind the caller's back.
@Suite("Typed diagnostics and the working directory")
struct DiagnosticTests {
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-diag-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    static func diagnostics(_ body: () throws(SessionError) -> Void) -> [Diagnostic] {
        do { try body() } catch { return error.diagnostics }
        return []
    }

    @Test func aMissingFolderIsNotABadChecklist() throws {
        let checklists = try RuleExampleTests.loaded()
        let missing: [Diagnostic] = Self.diagnostics { () throws(SessionError) in
            _ = try Session.open(path: "/nonexistent/shipcheck-app", checklists: checklists)
        }
        #expect(missing.map { $0.code } == [Diagnostic.Code.folderMissing])
        #expect(missing.first?.location == SourceLocation(path: "/nonexistent/shipcheck-app"))
        #expect(missing.first?.description == "/nonexistent/shipcheck-app: no such folder; give the path of the app project (or metadata folder) to check")

        let rules = try Self.folder(["team.yml": """
            checklist: team
            title: Team
            rules:
              - id: team.sms
                title: No SMS
                severity: warning
                when: android.permision.READ_SMS
                expect: not android.permission.READ_SMS
                message: SMS ({{evidence}})
                help: Remove it.
            """])
        defer { try? FileManager.default.removeItem(atPath: rules) }
        do {
            _ = try ChecklistCatalog.load(rulesDirectories: [rules], root: rules)
            Issue.record("a misspelt fact loaded")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.code == .checklistInvalid)
            #expect(diagnostic.location?.line == 7 && diagnostic.location?.column == 11)
            #expect(diagnostic.keyPath == "rules[0].when")
            #expect(diagnostic.message.hasPrefix("unknown fact \"android.permision.READ_SMS\""))
            #expect(diagnostic.description.hasPrefix("rules[0].when at \(rules)/team.yml:7:11: unknown fact"))
        }
    }

    @Test func anUnknownRuleInTheManifestHasItsLineAndIsShownFromTheWorkingDirectory() throws {
        let root = try Self.folder(["app/shipcheck.yml": "rules:\n  skip: [metadata.no-such-rule]\n", "app/Info.plist": "<plist><dict/></plist>"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Opened as "app" from the folder above it: the path and the message are read against that folder.
        let session = try Session.open(path: "app", checklists: try RuleExampleTests.loaded(), workingDirectory: root)
        #expect(session.root == URL(fileURLWithPath: root).appendingPathComponent("app").standardizedFileURL.path)
        let diagnostic = try #require(session.unknownManifestRuleNames())
        #expect(diagnostic.code == .unknownRule)
        #expect(diagnostic.location?.path == "app/shipcheck.yml")
        #expect(diagnostic.location?.line == 2)
        #expect(diagnostic.description.hasPrefix("app/shipcheck.yml:2:"))
    }

    @Test func diagnosticsEncodeAsJSON() throws {
        let diagnostic = Diagnostic(.unknownRule, at: SourceLocation(path: "shipcheck.yml", line: 2, column: 11), "rules.skip: no rule")
        let data = try JSONEncoder().encode(diagnostic)
        let decoded = try JSONDecoder().decode(Diagnostic.self, from: data)
        #expect(decoded == diagnostic)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["code"] as? String == "unknown-rule")
        #expect(object["message"] as? String == "rules.skip: no rule")
    }
}
