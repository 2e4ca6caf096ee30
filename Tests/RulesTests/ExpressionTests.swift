import Project
import Testing
@testable import Rules

@Suite("Expressions over facts")
struct ExpressionTests {
    let facts = FactStore([
        Fact(name: "account.creation", value: .bool(true), source: .detected),
        Fact(name: "account.deletion.in_app", value: .bool(false), source: .detected),
        Fact(name: "android.target_sdk", value: .number(34), source: .detected),
        Fact(name: "app.name", value: .string("Simplenote"), source: .stated),
        Fact(name: "release.date", value: .string("2026-09-01"), source: .stated),
        Fact(name: "android.permissions", value: .list(["CAMERA", "INTERNET"]), source: .detected),
    ])

    func eval(_ text: String) throws -> Bool {
        try ExpressionParser.parse(text).evaluate(facts)
    }

    @Test func bareFactsAreTruthy() throws {
        #expect(try eval("account.creation"))
        #expect(try !eval("account.deletion.in_app"))
        #expect(try eval("android.target_sdk"))
    }

    @Test func unknownFactsAreFalseAndNeverCompareTrue() throws {
        #expect(try !eval("no.such.fact"))
        #expect(try eval("not no.such.fact"))
        #expect(try !eval("no.such.fact < 36"))
        #expect(try !eval("no.such.fact >= 36"))
        #expect(try !eval("no.such.fact == 'x'"))
    }

    @Test func andBindsTighterThanOr() throws {
        // true or (false and false) = true; (true or false) and false would be false.
        #expect(try eval("account.creation or account.deletion.in_app and account.deletion.in_app"))
        #expect(try !eval("(account.creation or account.deletion.in_app) and account.deletion.in_app"))
        #expect(try ExpressionParser.parse("a or b and c") == .or(.fact("a"), .and(.fact("b"), .fact("c"))))
    }

    @Test func notBindsTighterThanAnd() throws {
        #expect(try ExpressionParser.parse("not a and b") == .and(.not(.fact("a")), .fact("b")))
        #expect(try eval("account.creation and not account.deletion.in_app"))
        #expect(try eval("not not account.creation"))
    }

    @Test func numberComparisons() throws {
        #expect(try eval("android.target_sdk < 36"))
        #expect(try eval("android.target_sdk <= 34"))
        #expect(try !eval("android.target_sdk > 34"))
        #expect(try eval("android.target_sdk >= 34"))
        #expect(try eval("android.target_sdk == 34"))
        #expect(try eval("android.target_sdk != 35"))
        #expect(try eval("android.target_sdk > -1"))
    }

    @Test func stringAndDateComparisons() throws {
        #expect(try eval("app.name == 'Simplenote'"))
        #expect(try eval("app.name != \"Other\""))
        #expect(try eval("release.date >= 2026-08-31"))
        #expect(try !eval("release.date < 2026-08-31"))
        #expect(try eval("2026-01-02 > 2025-12-31"))
    }

    @Test func mismatchedTypesCompareFalse() throws {
        #expect(try !eval("app.name < 3"))
        #expect(try !eval("account.creation < 3"))
    }

    @Test func listsContainWithEquals() throws {
        #expect(try eval("android.permissions == 'CAMERA'"))
        #expect(try !eval("android.permissions == 'RECORD_AUDIO'"))
    }

    @Test func statedFactsWinOverDetected() throws {
        var store = facts
        store.add(Fact(name: "account.creation", value: .bool(false), source: .stated))
        #expect(try !ExpressionParser.parse("account.creation").evaluate(store))
    }

    @Test func factNamesInOrder() throws {
        #expect(try ExpressionParser.parse("a.b and (c or not d.e) and f < 3").factNames == ["a.b", "c", "d.e", "f"])
    }

    @Test(arguments: [
        ("account.creation and", "expected a fact name, a value or (, found the end of the expression", 20),
        ("(a or b", "expected ) to close the ( at character 1, found the end of the expression", 7),
        ("a = 3", "unexpected \"=\" (write == to compare)", 2),
        ("a && b", "unexpected \"&\" (write `and`)", 2),
        ("a b", "unexpected \"b\" after a complete expression", 2),
        ("x == 'open", "unterminated text starting here", 5),
        ("a.", "\"a.\" is not a valid fact name", 0),
        ("12-3", "\"12-3\" is neither a number nor a date written YYYY-MM-DD", 0),
    ])
    func syntaxErrorsSayWhatAndWhere(input: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(message: message, offset: offset)) { try ExpressionParser.parse(input) }
    }

    @Test func caretPointsAtTheOffendingCharacter() {
        let error = ExpressionError(message: "x", offset: 4)
        #expect(error.caret(in: "a b c") == "  a b c\n      ^")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(deep) }
        let nots = String(repeating: "not ", count: 10_000) + "a"
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(nots) }
    }

    @Test func descriptionRoundTrips() throws {
        let e = try ExpressionParser.parse("a and (b or not c) and d >= 2026-08-31")
        #expect(try ExpressionParser.parse(e.description) == e)
    }
}
