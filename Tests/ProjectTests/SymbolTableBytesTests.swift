import Testing
import YAML
@testable import Project

/// SymbolPattern and SymbolTable read on bytes, with Foundation only for texts that need it; these pin the
/// answers the Character-based reading gave.
@Suite("Symbol table on bytes")
struct SymbolTableBytesTests {
    @Test func implicitMemberArgumentsAndDottedQualifiers() {
        #expect(SymbolPattern(parsing: "textContentType(.newPassword)") == SymbolPattern(identifier: "newPassword", argumentOf: "textContentType"))
        #expect(SymbolPattern(parsing: "a(b)(.c)") == nil)
        #expect(SymbolPattern(parsing: "f(.)") == nil)
        #expect(SymbolPattern(parsing: "A.B.c(label:") == SymbolPattern(identifier: "c", qualifier: "A.B", label: "label"))
        #expect(SymbolPattern(parsing: "A..c") == nil)
        #expect(SymbolPattern(parsing: "café") == nil)
        #expect(SymbolPattern(parsing: "x(.é)") == nil)
    }

    @Test func whitespaceInAFactNameIsFoundInAnyScript() {
        #expect(!SymbolTable.containsWhitespace("account.creation"))
        #expect(SymbolTable.containsWhitespace("account creation"))
        #expect(SymbolTable.containsWhitespace("account\u{0B}creation"))
        #expect(SymbolTable.containsWhitespace("compte\u{00A0}créé"))
        #expect(!SymbolTable.containsWhitespace("compte.créé"))
    }

    @Test func aPaddedSymbolIsReadAndAFactWithASpaceIsRefused() throws {
        let node = try #require(try YAMLParser.parse("""
        - fact: account.creation
          symbols: ["  Auth.signUp\t"]
        - fact: "account creation"
          symbols: [deleteUser]
        """, file: "rules/test.yml"))
        #expect(throws: SymbolTableError.self) {
            try SymbolTable.parse(SymbolTableSource(name: "t", file: "rules/test.yml", value: node))
        }
        let good = try #require(try YAMLParser.parse("- fact: account.creation\n  symbols: [\"  Auth.signUp\\t\"]\n", file: "t.yml"))
        let table = try SymbolTable.parse(SymbolTableSource(name: "t", file: "t.yml", value: good))
        #expect(table.entries.first?.symbols == [SymbolPattern(identifier: "signUp", qualifier: "Auth")])
    }
}
