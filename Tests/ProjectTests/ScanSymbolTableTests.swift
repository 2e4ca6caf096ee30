import Testing
import YAML
@testable import Project

@Suite struct ScanSymbolTableTests {
    static func source(_ yaml: String) throws -> SymbolTableSource {
        let node = try #require(try YAMLParser.parse(yaml, file: "rules/test.yml"))
        return SymbolTableSource(name: "signals", file: "rules/test.yml", value: node)
    }

    @Test func readsEntries() throws {
        let table = try SymbolTable.parse(Self.source("""
        - fact: account.creation
          languages: [swift, kotlin]
          symbols:
            - createUser(withEmail:
            - Auth.signUp
            - "createUserWithEmailAndPassword"
          evidence_limit: 2
        - fact: account.deletion.in_app
          symbols: deleteUser
        - fact: api.defaults
          symbols: ["UserDefaults(suiteName:", UserDefaults.standard]
        """))

        #expect(table.entries == [
            SymbolEntry(fact: "account.creation", languages: [.swift, .kotlin],
                        symbols: [SymbolPattern(identifier: "createUser", label: "withEmail"),
                                  SymbolPattern(identifier: "signUp", qualifier: "Auth"),
                                  SymbolPattern(identifier: "createUserWithEmailAndPassword")],
                        evidenceLimit: 2),
            SymbolEntry(fact: "account.deletion.in_app", languages: Set(Language.allCases),
                        symbols: [SymbolPattern(identifier: "deleteUser")], evidenceLimit: 5),
            SymbolEntry(fact: "api.defaults", symbols: [SymbolPattern(identifier: "UserDefaults", label: "suiteName"),
                                                        SymbolPattern(identifier: "standard", qualifier: "UserDefaults")]),
        ])
    }

    @Test func reportsEveryErrorWithItsMark() throws {
        let source = try Self.source("""
        - fact: account.creation
          langauges: [swift]
          symbols: [signUp]
        - fact: a.b
          languages: [swift, cobol]
          symbols: ["", "a..c", "ok"]
          evidence_limit: 0
        - symbols: [x]
        """)
        do {
            _ = try SymbolTable.parse(source)
            Issue.record("a malformed table must throw")
        } catch {
            #expect(error.table == "signals")
            #expect(error.errors.map { "\($0.mark?.description ?? "-") \($0.message)" } == [
                "2:3 unknown key \"langauges\" (did you mean \"languages\"?)",
                "5:22 expected one of swift, objc, kotlin, java, dart, javascript, c, cpp, rust, layout_xml, got \"cobol\"",
                "6:13 empty symbol",
                "6:17 bad symbol \"a..c\": write ident, Qualifier.ident, ident(label:, callee(.member) or ident=\"value\"",
                "7:19 evidence_limit must be at least 1, got 0",
                "8:3 missing required key \"fact\"",
            ])
            #expect(error.errors.allSatisfy { $0.file == "rules/test.yml" })
        }
    }

    @Test func notAListIsAnError() throws {
        #expect(throws: SymbolTableError.self) { try SymbolTable.parse(Self.source("fact: a\nsymbols: [b]\n")) }
    }
}
