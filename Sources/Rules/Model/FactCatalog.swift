import Project
import YAML

/// The kind of value a fact holds, as `FactValue` has them.
public enum FactType: String, Sendable, Hashable, CaseIterable, Codable {
    case bool, number, string, list

    public init(_ value: FactValue) {
        switch value {
        case .bool: self = .bool
        case .number: self = .number
        case .string: self = .string
        case .list: self = .list
        }
    }
}

/// One entry of the fact catalog: a name, or a family of names with one `*` standing for one or more
/// characters (`android.permission.*`, `android.module.*.target_sdk`), its type(s) and what it means.
/// Declared in a checklist's `facts:` section, or by a `kind: symbols` table for each of its facts.
public struct FactDeclaration: Sendable, Hashable {
    public let pattern: String
    public let types: [FactType]
    public let doc: String
    /// The checklist file that declares it, and where.
    public let file: String
    public let mark: Mark?

    public init(pattern: String, types: [FactType], doc: String, file: String, mark: Mark? = nil) {
        self.pattern = pattern
        self.types = types
        self.doc = doc
        self.file = file
        self.mark = mark
    }

    /// The text before and after the `*`, or nil for a plain name.
    var wildcard: (prefix: String, suffix: String)? {
        guard let star = pattern.firstIndex(of: "*") else { return nil }
        return (String(pattern[..<star]), String(pattern[pattern.index(after: star)...]))
    }

    public func matches(_ name: String) -> Bool {
        guard let (prefix, suffix) = wildcard else { return name == pattern }
        return name.count > prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix)
    }

    /// A pattern is a dotted word (letters, digits, `_`, `-`, `.`) with at most one `*`; nil when it is, else why not.
    static func problem(with pattern: String) -> String? {
        let stars = pattern.filter { $0 == "*" }.count
        guard stars <= 1 else { return "a fact pattern has at most one *, got \"\(pattern)\"" }
        let ok = !pattern.isEmpty && !pattern.hasPrefix(".") && !pattern.hasSuffix(".") && !pattern.contains("..")
            && pattern.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-*".contains($0)) }
        return ok ? nil : "a fact name is a dotted word such as account.creation (with one * for a family), got \"\(pattern)\""
    }
}

/// Every fact a rule may read: what the inspectors emit (declared in rules/shipcheck.yml), what the `kind:
/// symbols` tables detect, and what checklists declare for facts a team states in shipcheck.yml. The
/// loader refuses an expression naming a fact outside it, so a misspelt fact is a load error, not a rule
/// that never fires.
public struct FactCatalog: Sendable {
    public let declarations: [FactDeclaration]
    private let exact: [String: Int]
    private let families: [Int]

    public init(_ declarations: [FactDeclaration]) {
        self.declarations = declarations
        var exact: [String: Int] = [:]
        var families: [Int] = []
        for (index, declaration) in declarations.enumerated() {
            if declaration.wildcard == nil {
                if exact[declaration.pattern] == nil { exact[declaration.pattern] = index }
            } else {
                families.append(index)
            }
        }
        self.exact = exact
        self.families = families
    }

    /// The catalog of loaded checklists.
    public init(checklists: [Checklist]) {
        self.init(checklists.flatMap(\.facts))
    }

    /// The declaration that covers `name`: its own, else the first family that matches it.
    public func declaration(for name: String) -> FactDeclaration? {
        if let index = exact[name] { return declarations[index] }
        return families.lazy.map { declarations[$0] }.first { $0.matches(name) }
    }

    public func contains(_ name: String) -> Bool { declaration(for: name) != nil }

    /// The known name nearest to a misspelt one: a declared name, or a family with its `*` filled from the
    /// misspelt name (`android.permision.READ_SMS` → `android.permission.READ_SMS`).
    public func nearest(to name: String) -> String? {
        var candidates = Array(exact.keys)
        for index in families {
            guard let (prefix, suffix) = declarations[index].wildcard else { continue }
            candidates.append(Self.filled(prefix: prefix, suffix: suffix, like: name))
        }
        return Spelling.nearest(to: name, in: candidates.sorted())
    }

    /// `prefix + X + suffix`, X the part of `name` between its best match of `prefix` and its best match of `suffix`.
    static func filled(prefix: String, suffix: String, like name: String) -> String {
        let characters = Array(name)
        var start = 0
        var best = Int.max
        for cut in 0...characters.count {
            let d = Spelling.distance(String(characters[..<cut]), prefix)
            if d < best { (best, start) = (d, cut) }
        }
        var end = characters.count
        best = Int.max
        for cut in stride(from: characters.count, through: start, by: -1) {
            let d = Spelling.distance(String(characters[cut...]), suffix)
            if d < best { (best, end) = (d, cut) }
        }
        let middle = start < end ? String(characters[start..<end]) : "x"
        return prefix + middle + suffix
    }
}
