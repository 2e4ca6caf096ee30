/// A syntax error in an expression, at a 0-based character offset into the expression text.
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let offset: Int

    public var description: String { "\(message) (at character \(offset + 1))" }

    /// The expression with a caret under the offending character.
    public func caret(in text: String) -> String {
        "  \(text)\n  \(String(repeating: " ", count: max(0, offset)))^"
    }
}

/// A recursive-descent parser. Precedence, loosest first: `or`, `and`, `not`, comparisons.
/// Grammar:
///     or      := and ("or" and)*
///     and     := not ("and" not)*
///     not     := "not" not | compare
///     compare := primary (("==" | "!=" | "<" | "<=" | ">" | ">=") primary)?
///     primary := "(" or ")" | number | 'text' | "text" | YYYY-MM-DD | true | false | fact.name
public struct ExpressionParser {
    enum Token: Equatable {
        case name(String), number(Double), string(String), date(String), op(Expression.Comparison)
        case open, close, and, or, not, bool(Bool), end
    }

    private var tokens: [(Token, Int)] = []
    private var index = 0
    /// Nesting bound, so a hostile `((((…` cannot overflow the stack.
    private let maxDepth = 64
    private var depth = 0
    /// Size bound: `and`/`or` chains build a tree as deep as they are long, so a 100,000-term `or` would
    /// overflow the stack when evaluated or freed. No real condition comes near it.
    static let maxTokens = 1_000

    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        var parser = ExpressionParser()
        parser.tokens = try tokenize(text)
        guard parser.tokens.count <= maxTokens + 1 else {
            throw ExpressionError(message: "expression is too long (\(parser.tokens.count - 1) terms and operators; at most \(maxTokens)); split the rule", offset: 0)
        }
        let expression = try parser.parseOr()
        let (token, offset) = parser.tokens[parser.index]
        guard token == .end else {
            throw ExpressionError(message: "unexpected \(describe(token)) after a complete expression", offset: offset)
        }
        return expression
    }

    /// Each fact name an expression reads, with the 0-based character offset where it is written (for an
    /// error at its column); empty when the text does not tokenize.
    public static func factReferences(in text: String) -> [(name: String, offset: Int)] {
        guard let tokens = try? tokenize(text) else { return [] }
        return tokens.compactMap { token, offset in
            if case .name(let name) = token { return (name, offset) }
            return nil
        }
    }

    private mutating func next() -> (Token, Int) {
        let t = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return t
    }

    private var peek: Token { tokens[index].0 }

    private mutating func parseOr() throws(ExpressionError) -> Expression {
        var left = try parseAnd()
        while peek == .or {
            _ = next()
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> Expression {
        var left = try parseNot()
        while peek == .and {
            _ = next()
            left = .and(left, try parseNot())
        }
        return left
    }

    private mutating func parseNot() throws(ExpressionError) -> Expression {
        if peek == .not {
            let (_, offset) = next()
            depth += 1
            defer { depth -= 1 }
            guard depth <= maxDepth else { throw ExpressionError(message: "expression nests too deeply", offset: offset) }
            return .not(try parseNot())
        }
        return try parseCompare()
    }

    private mutating func parseCompare() throws(ExpressionError) -> Expression {
        let left = try parsePrimary()
        if case .op(let op) = peek {
            _ = next()
            let right = try parsePrimary()
            return .compare(left, op, right)
        }
        return left
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Expression {
        let (token, offset) = next()
        switch token {
        case .open:
            depth += 1
            defer { depth -= 1 }
            guard depth <= maxDepth else { throw ExpressionError(message: "expression nests too deeply", offset: offset) }
            let inner = try parseOr()
            let (close, closeOffset) = next()
            guard close == .close else {
                throw ExpressionError(message: "expected ) to close the ( at character \(offset + 1), found \(ExpressionParser.describe(close))", offset: closeOffset)
            }
            return inner
        case .name(let name): return .fact(name)
        case .number(let n): return .literal(.number(n))
        case .string(let s): return .literal(.string(s))
        case .date(let d): return .literal(.date(d))
        case .bool(let b): return .literal(.bool(b))
        default:
            throw ExpressionError(message: "expected a fact name, a value or (, found \(ExpressionParser.describe(token))", offset: offset)
        }
    }

    static func describe(_ token: Token) -> String {
        switch token {
        case .name(let n): return "\"\(n)\""
        case .number(let n): return "number \(n)"
        case .string(let s): return "'\(s)'"
        case .date(let d): return "date \(d)"
        case .op(let op): return "\"\(op.rawValue)\""
        case .open: return "\"(\""
        case .close: return "\")\""
        case .and: return "\"and\""
        case .or: return "\"or\""
        case .not: return "\"not\""
        case .bool(let b): return b ? "true" : "false"
        case .end: return "the end of the expression"
        }
    }

    /// Offsets count Characters. An ASCII text without `\r` (every real condition) has one byte per
    /// Character, so it is read as bytes; anything else is read as Characters, with the same code.
    static func tokenize(_ text: String) throws(ExpressionError) -> [(Token, Int)] {
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return try tokenize(units: text.utf8.map(ASCIIUnit.init))
        }
        return try tokenize(units: text.map(CharacterUnit.init))
    }

    static func tokenize<Unit: ExpressionUnit>(units chars: [Unit]) throws(ExpressionError) -> [(Token, Int)] {
        var tokens: [(Token, Int)] = []
        var i = 0
        func isNameStart(_ c: Unit) -> Bool { c.isLetter || c == Unit.ascii("_") }
        func isNamePart(_ c: Unit) -> Bool { c.isLetter || c.isNumber || c == Unit.ascii("_") || c == Unit.ascii("-") || c == Unit.ascii(".") }
        while i < chars.count {
            let c = chars[i]
            let start = i
            if c.isWhitespace { i += 1; continue }
            switch c {
            case Unit.ascii("("): tokens.append((.open, i)); i += 1
            case Unit.ascii(")"): tokens.append((.close, i)); i += 1
            case Unit.ascii("="), Unit.ascii("!"), Unit.ascii("<"), Unit.ascii(">"):
                let two = i + 1 < chars.count ? Unit.text(chars[i...(i + 1)]) : Unit.text(chars[i...i])
                if let op = Expression.Comparison(rawValue: two) {
                    tokens.append((.op(op), i)); i += 2
                } else if let op = Expression.Comparison(rawValue: Unit.text(chars[i...i])) {
                    tokens.append((.op(op), i)); i += 1
                } else {
                    let hint = c == Unit.ascii("=") ? " (write == to compare)" : c == Unit.ascii("!") ? " (write `not` to negate, != to compare)" : ""
                    throw ExpressionError(message: "unexpected \"\(c.character)\"\(hint)", offset: i)
                }
            case Unit.ascii("'"), Unit.ascii("\""):
                i += 1
                while i < chars.count, chars[i] != c { i += 1 }
                guard i < chars.count else { throw ExpressionError(message: "unterminated text starting here", offset: start) }
                let value = Unit.text(chars[(start + 1)..<i])
                i += 1
                tokens.append((.string(value), start))
            case _ where c.isNumber || (c == Unit.ascii("-") && i + 1 < chars.count && chars[i + 1].isNumber):
                i += 1
                while i < chars.count, chars[i].isNumber || chars[i] == Unit.ascii(".") || chars[i] == Unit.ascii("-") { i += 1 }
                let word = Unit.text(chars[start..<i])
                if Expression.isDate(word) {
                    tokens.append((.date(word), start))
                } else if let n = Double(word), n.isFinite {
                    tokens.append((.number(n), start))
                } else {
                    throw ExpressionError(message: "\"\(word)\" is neither a number nor a date written YYYY-MM-DD", offset: start)
                }
            case _ where isNameStart(c):
                i += 1
                while i < chars.count, isNamePart(chars[i]) { i += 1 }
                let name = chars[start..<i]
                let word = Unit.text(name)
                // No trailing dot and no empty segment, checked on the units (String.contains is a slow search).
                let dot = Unit.ascii(".")
                guard name.last != dot, !zip(name, name.dropFirst()).contains(where: { $0 == dot && $1 == dot }) else {
                    throw ExpressionError(message: "\"\(word)\" is not a valid fact name", offset: start)
                }
                switch word {
                case "and": tokens.append((.and, start))
                case "or": tokens.append((.or, start))
                case "not": tokens.append((.not, start))
                case "true": tokens.append((.bool(true), start))
                case "false": tokens.append((.bool(false), start))
                default: tokens.append((.name(word), start))
                }
            case Unit.ascii("&"), Unit.ascii("|"):
                let word = c == Unit.ascii("&") ? "and" : "or"
                throw ExpressionError(message: "unexpected \"\(c.character)\" (write `\(word)`)", offset: i)
            default:
                throw ExpressionError(message: "unexpected \"\(c.character)\"", offset: i)
            }
        }
        tokens.append((.end, chars.count))
        return tokens
    }
}

/// What the tokenizer reads one at a time: a byte of an ASCII text, or a Character of any other text.
/// Both answer the Character properties the grammar uses, so one tokenizer serves both.
protocol ExpressionUnit: Equatable {
    static func ascii(_ scalar: Unicode.Scalar) -> Self
    var isWhitespace: Bool { get }
    var isLetter: Bool { get }
    var isNumber: Bool { get }
    var character: Character { get }
    static func text(_ units: ArraySlice<Self>) -> String
}

struct CharacterUnit: ExpressionUnit {
    let character: Character

    static func ascii(_ scalar: Unicode.Scalar) -> CharacterUnit { CharacterUnit(character: Character(scalar)) }
    var isWhitespace: Bool { character.isWhitespace }
    var isLetter: Bool { character.isLetter }
    var isNumber: Bool { character.isNumber }
    static func text(_ units: ArraySlice<CharacterUnit>) -> String { String(units.map(\.character)) }
}

/// A byte of an ASCII text, answering as `Character` would: whitespace is tab to carriage return and space
/// (the byte path never sees `\r`), letters are A–Z and a–z, numbers are 0–9.
struct ASCIIUnit: ExpressionUnit {
    let byte: UInt8

    static func ascii(_ scalar: Unicode.Scalar) -> ASCIIUnit { ASCIIUnit(byte: UInt8(ascii: scalar)) }
    var isWhitespace: Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    var isLetter: Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    var isNumber: Bool { (0x30...0x39).contains(byte) }
    var character: Character { Character(Unicode.Scalar(byte)) }
    static func text(_ units: ArraySlice<ASCIIUnit>) -> String { String(decoding: units.lazy.map(\.byte), as: UTF8.self) }
}
