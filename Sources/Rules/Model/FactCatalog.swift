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
    /// For a family: the names its `*` may stand for (`names:` in `facts:`, a `kind: names` table), so that a
    /// misspelt member is a load error too; nil for an open family (module names, folders).
    public var vocabulary: NameVocabulary?

    public init(pattern: String, types: [FactType], doc: String, file: String, mark: Mark? = nil, vocabulary: NameVocabulary? = nil) {
        self.pattern = pattern
        self.types = types
        self.doc = doc
        self.file = file
        self.mark = mark
        self.vocabulary = vocabulary
    }

    /// What the `*` of a family stands for in `name` (`READ_SMS` of `android.permission.READ_SMS`), or nil.
    public func member(of name: String) -> String? {
        guard let (prefix, suffix) = wildcard, matches(name) else { return nil }
        return String(name.dropFirst(prefix.count).dropLast(suffix.count))
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
        // Nearly every pattern is plain ASCII: judged on its bytes (each one a Character), the same answer as below
        // without Character-by-Character tests and Foundation's `contains` for every fact at every start-up.
        let bytes = Array(pattern.utf8)
        if !bytes.isEmpty, bytes.allSatisfy(isPatternByte) {
            let dot = UInt8(ascii: "."), star = UInt8(ascii: "*")
            if bytes.lazy.filter({ $0 == star }).count > 1 { return "a fact pattern has at most one *, got \"\(pattern)\"" }
            let ok = bytes.first != dot && bytes.last != dot && !zip(bytes, bytes.dropFirst()).contains { $0 == dot && $1 == dot }
            return ok ? nil : "a fact name is a dotted word such as account.creation (with one * for a family), got \"\(pattern)\""
        }
        let stars = pattern.filter { $0 == "*" }.count
        guard stars <= 1 else { return "a fact pattern has at most one *, got \"\(pattern)\"" }
        let ok = !pattern.isEmpty && !pattern.hasPrefix(".") && !pattern.hasSuffix(".") && !pattern.contains("..")
            && pattern.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-*".contains($0)) }
        return ok ? nil : "a fact name is a dotted word such as account.creation (with one * for a family), got \"\(pattern)\""
    }

    /// A–Z, a–z, 0–9, `.`, `_`, `-`, `*`: the bytes a pattern is made of.
    private static func isPatternByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "*"):
            return true
        default:
            return false
        }
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
    /// Each family's text around its `*` as bytes, in `families`' order: a name that lacks them is no member, found
    /// without building the family's prefix and suffix strings for every family at every fact a checklist reads.
    private let familyBytes: [FamilyBytes]

    private struct FamilyBytes: Sendable {
        let prefix: [UInt8]
        let suffix: [UInt8]
        /// An ASCII pattern (all the loader admits): only then does a byte mismatch rule a name out.
        let ascii: Bool

        /// False only when `name` cannot match (`FactDeclaration.matches` decides the rest).
        func mayMatch(_ name: String.UTF8View) -> Bool {
            guard ascii else { return true }
            guard name.count > prefix.count + suffix.count else { return false }
            return name.starts(with: prefix) && name.reversed().starts(with: suffix.reversed())
        }
    }

    public init(_ declarations: [FactDeclaration]) {
        self.declarations = declarations
        var exact: [String: Int] = [:]
        var families: [Int] = []
        var familyBytes: [FamilyBytes] = []
        for (index, declaration) in declarations.enumerated() {
            if let (prefix, suffix) = declaration.wildcard {
                families.append(index)
                familyBytes.append(FamilyBytes(prefix: Array(prefix.utf8), suffix: Array(suffix.utf8),
                                               ascii: declaration.pattern.utf8.allSatisfy { $0 < 0x80 }))
            } else {
                if exact[declaration.pattern] == nil { exact[declaration.pattern] = index }
            }
        }
        self.exact = exact
        self.families = families
        self.familyBytes = familyBytes
    }

    /// The catalog of loaded checklists.
    public init(checklists: [Checklist]) {
        self.init(checklists.flatMap(\.facts))
    }

    /// The declaration that covers `name`: its own, else the first family that matches it.
    public func declaration(for name: String) -> FactDeclaration? {
        if let index = exact[name] { return declarations[index] }
        let utf8 = name.utf8
        for (position, index) in families.enumerated() where familyBytes[position].mayMatch(utf8) && declarations[index].matches(name) {
            return declarations[index]
        }
        return nil
    }

    public func contains(_ name: String) -> Bool { declaration(for: name) != nil }

    /// Why a rule or shipcheck.yml may not name `name`, or nil when it may: no declaration covers it, or the
    /// family that does is closed and its `*` stands for no name of the family's table. An exact declaration
    /// always wins, so a team names a platform permission newer than the table by declaring it in `facts:`.
    public func problem(naming name: String) -> String? {
        guard let declaration = declaration(for: name) else {
            var message = "unknown fact \"\(name)\""
            if let near = nearest(to: name) { message += " (did you mean \"\(near)\"?)" }
            return message
        }
        guard let vocabulary = declaration.vocabulary, let member = declaration.member(of: name),
              let (prefix, suffix) = declaration.wildcard, !vocabulary.admits(member) else { return nil }
        var message = "unknown fact \"\(name)\": \(declaration.pattern) is a closed family and \"\(member)\" is not a name of its table \(vocabulary.table) (\(vocabulary.file))"
        if let near = vocabulary.nearest(to: member) { message += " (did you mean \"\(prefix + near + suffix)\"?)" }
        message += "; a name the table lacks is declared exactly in a checklist's facts:"
        return message
    }

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

    /// Why shipcheck.yml may not state `fact` (`facts:`), or nil: a name no rule can read (as `problem(naming:)`),
    /// or a value of a type the declaration does not allow (a rule comparing it would never see what was meant).
    public func problem(stating fact: Fact) -> String? {
        if let problem = problem(naming: fact.name) {
            return contains(fact.name) ? problem : problem + ": no rule reads it (shipcheck facts --catalog lists the facts rules read)"
        }
        guard let declaration = declaration(for: fact.name), !declaration.types.contains(FactType(fact.value)) else { return nil }
        let expected = declaration.types.map(\.rawValue).joined(separator: " or ")
        return "fact \"\(fact.name)\" is a \(expected) (\(declaration.pattern) in \(declaration.file)), not a \(FactType(fact.value).rawValue)"
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

/// The names a closed fact family's `*` may stand for, from a `kind: names` table: `names` (Android platform
/// permissions, iOS purpose keys…) and the explicit escape `open`, patterns (each `*` one or more characters) of
/// members that stay open because others name them (a vendor's permission, written in full with its dots), less those `closed`
/// keeps in the table (`health.*`: Health Connect's own namespace).
public struct NameVocabulary: Sendable, Hashable {
    public let table: String
    public let file: String
    public let names: Set<String>
    public let open: [String]
    public let closed: [String]

    public init(table: String, file: String, names: Set<String>, open: [String] = [], closed: [String] = []) {
        self.table = table
        self.file = file
        self.names = names
        self.open = open
        self.closed = closed
    }

    public func admits(_ member: String) -> Bool {
        if names.contains(member) { return true }
        return open.contains { Self.matches(member, $0) } && !closed.contains { Self.matches(member, $0) }
    }

    /// The table's name nearest to a misspelt member, if it is a likely typo.
    public func nearest(to member: String) -> String? {
        Spelling.nearest(to: member, in: names.sorted())
    }

    /// `pattern` with each `*` standing for one or more characters (`*.*`: a name with a dot inside).
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let t = Array(text.unicodeScalars), p = Array(pattern.unicodeScalars)
        // reach[j]: the first i characters of the text match the first j of the pattern.
        var reach = [Bool](repeating: false, count: p.count + 1)
        reach[0] = true
        for i in 0...t.count {
            var next = [Bool](repeating: false, count: p.count + 1)
            for j in 0..<p.count where reach[j] {
                if p[j] == "*" {
                    if i < t.count { next[j + 1] = true; next[j] = true }  // the star takes t[i], and may take more
                } else if i < t.count, t[i] == p[j] {
                    next[j + 1] = true
                }
            }
            if i == t.count { return reach[p.count] }
            reach = next
        }
        return false
    }
}
