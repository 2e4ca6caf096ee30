import Project

/// A `when`/`expect` expression over facts: `account.creation and not account.deletion.in_app`,
/// `android.target_sdk < 36`, `(a or b) and c.d == 'x'`. Parsed once at load; evaluated per run.
public indirect enum Expression: Sendable, Equatable, CustomStringConvertible {
    case fact(String)
    case literal(Literal)
    case not(Expression)
    case and(Expression, Expression)
    case or(Expression, Expression)
    case compare(Expression, Comparison, Expression)

    public enum Literal: Sendable, Equatable {
        case bool(Bool)
        case number(Double)
        case string(String)
        /// `YYYY-MM-DD`, compared as a date (text order is date order in that form).
        case date(String)
    }

    public enum Comparison: String, Sendable, Equatable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// Every fact name the expression reads, in order of appearance.
    public var factNames: [String] {
        switch self {
        case .fact(let name): return [name]
        case .literal: return []
        case .not(let e): return e.factNames
        case .and(let a, let b), .or(let a, let b), .compare(let a, _, let b): return a.factNames + b.factNames
        }
    }

    public var description: String {
        switch self {
        case .fact(let name): return name
        case .literal(.bool(let b)): return b ? "true" : "false"
        case .literal(.number(let n)): return n == n.rounded() ? String(Int(n)) : String(n)
        case .literal(.string(let s)): return "'\(s)'"
        case .literal(.date(let d)): return d
        case .not(let e): return "not \(e.parenthesized)"
        case .and(let a, let b): return "\(a.parenthesized) and \(b.parenthesized)"
        case .or(let a, let b): return "\(a.parenthesized) or \(b.parenthesized)"
        case .compare(let a, let op, let b): return "\(a) \(op.rawValue) \(b)"
        }
    }

    private var parenthesized: String {
        switch self {
        case .and, .or: return "(\(description))"
        default: return description
        }
    }
}

// MARK: - Evaluation

extension Expression {
    /// A value during evaluation. `missing` is a fact nobody stated or detected: falsy, and every
    /// comparison with it is false (so `android.target_sdk < 36` does not fire when the SDK is unknown).
    enum Value: Equatable {
        case bool(Bool), number(Double), string(String), date(String), list([String]), missing

        var isTruthy: Bool {
            switch self {
            case .bool(let b): return b
            case .number(let n): return n != 0
            case .string(let s), .date(let s): return !s.isEmpty
            case .list(let l): return !l.isEmpty
            case .missing: return false
            }
        }
    }

    public func evaluate(_ facts: FactStore) -> Bool {
        value(facts).isTruthy
    }

    func value(_ facts: FactStore) -> Value {
        switch self {
        case .fact(let name):
            guard let fact = facts[name] else { return .missing }
            switch fact.value {
            case .bool(let b): return .bool(b)
            case .number(let n): return .number(n)
            case .string(let s): return Expression.isDate(s) ? .date(s) : .string(s)
            case .list(let l): return .list(l)
            }
        case .literal(.bool(let b)): return .bool(b)
        case .literal(.number(let n)): return .number(n)
        case .literal(.string(let s)): return Expression.isDate(s) ? .date(s) : .string(s)
        case .literal(.date(let d)): return .date(d)
        case .not(let e): return .bool(!e.value(facts).isTruthy)
        case .and(let a, let b): return .bool(a.value(facts).isTruthy && b.value(facts).isTruthy)
        case .or(let a, let b): return .bool(a.value(facts).isTruthy || b.value(facts).isTruthy)
        case .compare(let a, let op, let b): return .bool(Expression.compare(a.value(facts), op, b.value(facts)))
        }
    }

    static func compare(_ a: Value, _ op: Comparison, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return apply(op, x, y)
        case (.string(let x), .string(let y)), (.date(let x), .date(let y)): return apply(op, x, y)
        case (.string(let x), .number(let y)):
            guard let x = Double(x) else { return false }
            return apply(op, x, y)
        case (.number(let x), .string(let y)):
            guard let y = Double(y) else { return false }
            return apply(op, x, y)
        case (.bool(let x), .bool(let y)):
            switch op {
            case .equal: return x == y
            case .notEqual: return x != y
            default: return false
            }
        case (.list(let l), .string(let s)):
            switch op {
            case .equal: return l.contains(s)
            case .notEqual: return !l.contains(s)
            default: return false
            }
        default:
            return false
        }
    }

    static func apply<T: Comparable>(_ op: Comparison, _ x: T, _ y: T) -> Bool {
        switch op {
        case .equal: return x == y
        case .notEqual: return x != y
        case .less: return x < y
        case .lessOrEqual: return x <= y
        case .greater: return x > y
        case .greaterOrEqual: return x >= y
        }
    }

    static func isDate(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-") else { return false }
        return u.enumerated().allSatisfy { i, c in i == 4 || i == 7 || (c >= 48 && c <= 57) }
    }
}
