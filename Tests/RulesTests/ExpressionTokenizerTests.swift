import Testing
@testable import Rules

/// The tokenizer reads ASCII texts as bytes and any other text as Characters; both must give the same tokens,
/// offsets and errors, offsets always counting Characters.
@Suite("Expression tokenizer units")
struct ExpressionTokenizerTests {
    static func tokens<Unit: ExpressionUnit>(_ units: [Unit]) -> String {
        do {
            return try ExpressionParser.tokenize(units: units).map { "\($0.0)@\($0.1)" }.joined(separator: " ")
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: [
        "account.creation and not (app.name == 'x y' or n >= -3.5)",
        "release.date < 2026-08-31 and flag != true",
        "a\t\n==\u{0B}\u{0C}\"quoted ( text\"",
        "a = 3", "a && b", "x == 'open", "a.", "12-3", "a..b", "weird # thing", "-x", "not_a-name.x_1",
    ])
    func bytesAndCharactersAgree(text: String) {
        let bytes = Self.tokens(text.utf8.map(ASCIIUnit.init))
        let characters = Self.tokens(text.map(CharacterUnit.init))
        #expect(bytes == characters)
        #expect(!bytes.isEmpty)
    }

    @Test func nonASCIITextsCountCharacters() throws {
        #expect(try ExpressionParser.parse("café == 'é'") == .compare(.fact("café"), .equal, .literal(.string("é"))))
        // `é` is two bytes and `\r\n` one Character: the offset of `b` is 2 Characters in, not 4 bytes.
        #expect(throws: ExpressionError(message: "unexpected \"b\" after a complete expression", offset: 2)) {
            try ExpressionParser.parse("é\r\nb c")
        }
        #expect(throws: ExpressionError(message: "unexpected \"=\" (write == to compare)", offset: 4)) {
            try ExpressionParser.parse("'é' = 3")
        }
    }
}
