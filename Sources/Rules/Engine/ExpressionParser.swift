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

    static func tokenize(_ text: String) throws(ExpressionError) -> [(Token, Int)] {
        let chars = Array(text)
        var tokens: [(Token, Int)] = []
        var i = 0
        func isNameStart(_ c: Character) -> Bool { c.isLetter || c == "_" }
        func isNamePart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." }
        while i < chars.count {
            let c = chars[i]
            let start = i
            if c.isWhitespace { i += 1; continue }
            switch c {
            case "(": tokens.append((.open, i)); i += 1
            case ")": tokens.append((.close, i)); i += 1
            case "=", "!", "<", ">":
                let two = i + 1 < chars.count ? String([c, chars[i + 1]]) : String(c)
                if let op = Expression.Comparison(rawValue: two) {
                    tokens.append((.op(op), i)); i += 2
                } else if let op = Expression.Comparison(rawValue: String(c)) {
                    tokens.append((.op(op), i)); i += 1
                } else {
                    let hint = c == "=" ? " (write == to compare)" : c == "!" ? " (write `not` to negate, != to compare)" : ""
                    throw ExpressionError(message: "unexpected \"\(c)\"\(hint)", offset: i)
                }
            case "'", "\"":
                i += 1
                var value = ""
                while i < chars.count, chars[i] != c { value.append(chars[i]); i += 1 }
                guard i < chars.count else { throw ExpressionError(message: "unterminated text starting here", offset: start) }
                i += 1
                tokens.append((.string(value), start))
            case _ where c.isNumber || (c == "-" && i + 1 < chars.count && chars[i + 1].isNumber):
                i += 1
                while i < chars.count, chars[i].isNumber || chars[i] == "." || chars[i] == "-" { i += 1 }
                let word = String(chars[start..<i])
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
                let word = String(chars[start..<i])
                guard !word.hasSuffix("."), !word.contains("..") else {
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
            case "&", "|":
                let word = c == "&" ? "and" : "or"
                throw ExpressionError(message: "unexpected \"\(c)\" (write `\(word)`)", offset: i)
            default:
                throw ExpressionError(message: "unexpected \"\(c)\"", offset: i)
            }
        }
        tokens.append((.end, chars.count))
        return tokens
    }
}
