/// The comparisons of an expression checked against the declared types of the facts they read, at load: a
/// comparison that `Expression.compare` could never find true (`android.target_sdk == 'high'`, a bool ordered
/// with `<`, a list compared with a number) is a rule that never fires, so it is an error, not a silent false.
enum FactTypeCheck {
    /// The kinds of value a side of a comparison may have when it is evaluated (`Expression.Value`).
    enum Kind: Hashable {
        case bool, number, string, date, list
    }

    /// `(fact, message)` for each comparison no pair of the sides' possible kinds makes meaningful; the fact is
    /// the one the message is placed at (the first fact of the comparison).
    static func problems(in expression: Expression, catalog: FactCatalog) -> [(String, String)] {
        switch expression {
        case .fact, .literal: return []
        case .not(let e): return problems(in: e, catalog: catalog)
        case .and(let a, let b), .or(let a, let b): return problems(in: a, catalog: catalog) + problems(in: b, catalog: catalog)
        case .compare(let a, let op, let b):
            let inner = problems(in: a, catalog: catalog) + problems(in: b, catalog: catalog)
            guard let fact = (a.factNames + b.factNames).first,
                  let left = kinds(of: a, catalog: catalog), let right = kinds(of: b, catalog: catalog) else { return inner }
            if left.contains(where: { x in right.contains { y in comparable(x, op, y) } }) { return inner }
            let how = op == .equal || op == .notEqual ? "compared with" : "ordered against"
            return inner + [(fact, "\(a) \(op.rawValue) \(b) is never true: a \(typeName(a, catalog: catalog)) \(how) a \(typeName(b, catalog: catalog))"
                + " (the fact's type is declared in \(catalog.declaration(for: fact)?.file ?? "the catalog"))")]
        }
    }

    /// What a side may evaluate to; nil when it is not known (an undeclared fact, reported on its own).
    static func kinds(of expression: Expression, catalog: FactCatalog) -> Set<Kind>? {
        switch expression {
        case .fact(let name):
            guard let declaration = catalog.declaration(for: name) else { return nil }
            // A string fact may hold a date or a number's text; both are compared as such.
            return declaration.types.reduce(into: Set<Kind>()) { kinds, type in
                switch type {
                case .bool: kinds.insert(.bool)
                case .number: kinds.insert(.number)
                case .string: kinds.formUnion([.string, .date, .number])
                case .list: kinds.insert(.list)
                }
            }
        case .literal(.bool): return [.bool]
        case .literal(.number): return [.number]
        case .literal(.date): return [.date]
        case .literal(.string(let text)):
            if Expression.isDate(text) { return [.date] }
            return Double(text) == nil ? [.string] : [.string, .number]
        case .not, .and, .or, .compare: return [.bool]
        }
    }

    /// The pairs `Expression.compare` can answer true for.
    static func comparable(_ a: Kind, _ op: Expression.Comparison, _ b: Kind) -> Bool {
        let equality = op == .equal || op == .notEqual
        switch (a, b) {
        case (.number, .number), (.string, .string), (.date, .date): return true
        case (.bool, .bool), (.list, .string): return equality
        default: return false
        }
    }

    /// The declared type(s) of a fact, else the kind of the literal or expression.
    static func typeName(_ expression: Expression, catalog: FactCatalog) -> String {
        switch expression {
        case .fact(let name): return catalog.declaration(for: name)?.types.map(\.rawValue).joined(separator: " or ") ?? "value"
        case .literal(.bool): return "bool"
        case .literal(.number): return "number"
        case .literal(.date): return "date"
        case .literal(.string(let text)): return Expression.isDate(text) ? "date" : "string"
        case .not, .and, .or, .compare: return "bool"
        }
    }
}
