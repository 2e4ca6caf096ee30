import Foundation
import YAML
import Support

/// One symbol to look for, parsed from its written form:
/// `ident`, `Qualifier.ident`, `ident(label:` or `Qualifier.ident(label:`. A qualifier may itself be
/// dotted (`Amplify.Auth.signUp`): every segment must then stand before the identifier. `.ident` is a Swift
/// implicit member (`picker.sourceType = .camera`): a dot with no name, call or subscript before it.
/// Another form, `callee(.member)`, finds an implicit member passed to `callee` or assigned to it:
/// `.textContentType(.newPassword)` and `field.textContentType = .newPassword`, not `focus = .newPassword`.
/// A sixth, `ident="value"`, finds a string-valued attribute or prop: `textContentType="newPassword"` in JSX,
/// `android:autofillHints="newPassword"` in a layout (`=` or `:`, any quote, JSX braces, and the value as one
/// item of a comma- or `|`-separated list). A seventh, `callee(_.member)`, finds a member of any value passed to
/// `callee` as its first argument: `queue.start(transaction.downloads)` (a method name too generic alone, made
/// specific by what it is given). An eighth, `ident(_:`, finds a call whose first argument has no label: how Swift
/// calls a C function (`stat(path, &info)`, `mach_absolute_time()`), never a function of the app's own that shares
/// the name (`stat(page: .home)`, `func stat(_ page: Page)`).
public struct SymbolPattern: Sendable, Hashable, CustomStringConvertible {
    /// The identifier the scanner's dictionary is keyed by.
    public let identifier: String
    /// Must stand right before the identifier, joined by a dot (whitespace and `?`/`!` optional chaining allowed);
    /// empty for an implicit member (`.camera`).
    public let qualifier: String?
    /// Must follow the identifier as `(label:`; `_` (`ident(_:`): a call whose first argument has no label.
    public let label: String?
    /// The identifier is an implicit member (`.member`) that must stand right after `callee(` or `callee =`.
    public let argumentOf: String?
    /// The identifier must be given this string: `ident="value"`.
    public let stringValue: String?
    /// With `argumentOf`: the identifier is a member of some value (`callee(value.member`), not an implicit member.
    public let memberOfArgument: Bool

    public init(identifier: String, qualifier: String? = nil, label: String? = nil, argumentOf: String? = nil, stringValue: String? = nil,
                memberOfArgument: Bool = false) {
        self.identifier = identifier
        self.qualifier = qualifier
        self.label = label
        self.argumentOf = argumentOf
        self.stringValue = stringValue
        self.memberOfArgument = memberOfArgument
    }

    /// Parses the written form; nil when it is not one of the five shapes. Works on the UTF-8 bytes: every
    /// separator is ASCII and every name must be ASCII (`isIdentifier`), so no Character is ever needed.
    public init?(parsing text: String) {
        let utf8 = text.utf8
        if utf8.last == UInt8(ascii: "\""), let equals = SymbolPattern.firstIndex(of: UInt8(ascii: "="), UInt8(ascii: "\""), in: utf8) {
            let name = utf8[..<equals]
            let value = utf8[utf8.index(equals, offsetBy: 2)..<utf8.index(before: utf8.endIndex)]
            guard SymbolPattern.isIdentifier(name), !value.isEmpty, value.count <= 64,
                  value.allSatisfy({ SymbolPattern.isIdentifierByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else { return nil }
            self.init(identifier: String(Substring(name)), stringValue: String(Substring(value)))
            return
        }
        if utf8.last == UInt8(ascii: ")"), let open = SymbolPattern.firstIndex(of: UInt8(ascii: "("), UInt8(ascii: "_"), in: utf8),
           utf8.index(open, offsetBy: 2) < utf8.endIndex, utf8[utf8.index(open, offsetBy: 2)] == UInt8(ascii: ".") {
            let callee = utf8[..<open]
            let member = utf8[utf8.index(open, offsetBy: 3)..<utf8.index(before: utf8.endIndex)]
            guard SymbolPattern.isIdentifier(callee), SymbolPattern.isIdentifier(member) else { return nil }
            self.init(identifier: String(Substring(member)), argumentOf: String(Substring(callee)), memberOfArgument: true)
            return
        }
        if utf8.last == UInt8(ascii: ")"), let open = SymbolPattern.firstIndex(of: UInt8(ascii: "("), UInt8(ascii: "."), in: utf8) {
            let callee = utf8[..<open]
            let member = utf8[utf8.index(open, offsetBy: 2)..<utf8.index(before: utf8.endIndex)]
            guard SymbolPattern.isIdentifier(callee), SymbolPattern.isIdentifier(member) else { return nil }
            self.init(identifier: String(Substring(member)), argumentOf: String(Substring(callee)))
            return
        }
        var rest = utf8[...]
        var label: String?
        if let paren = rest.firstIndex(of: UInt8(ascii: "(")) {
            let tail = rest[rest.index(after: paren)...]
            guard tail.last == UInt8(ascii: ":") else { return nil }
            let name = tail.dropLast()
            guard SymbolPattern.isIdentifier(name) else { return nil }
            label = String(Substring(name))
            rest = rest[..<paren]
        }
        var qualifier: String?
        if let dot = rest.lastIndex(of: UInt8(ascii: ".")) {
            let head = rest[..<dot]
            // `.camera`: a Swift implicit member (an empty qualifier), matched only where no name stands before the dot.
            guard head.isEmpty || head.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy(SymbolPattern.isIdentifier) else { return nil }
            qualifier = String(Substring(head))
            rest = rest[rest.index(after: dot)...]
        }
        guard SymbolPattern.isIdentifier(rest) else { return nil }
        self.init(identifier: String(Substring(rest)), qualifier: qualifier, label: label)
    }

    /// Where the two-byte sequence `a b` first starts.
    private static func firstIndex(of a: UInt8, _ b: UInt8, in utf8: String.UTF8View) -> String.Index? {
        var index = utf8.startIndex
        while let found = utf8[index...].firstIndex(of: a) {
            let next = utf8.index(after: found)
            if next < utf8.endIndex, utf8[next] == b { return found }
            index = next
        }
        return nil
    }

    public var description: String {
        if let argumentOf { return memberOfArgument ? "\(argumentOf)(_.\(identifier))" : "\(argumentOf)(.\(identifier))" }
        if let stringValue { return "\(identifier)=\"\(stringValue)\"" }
        return (qualifier.map { "\($0)." } ?? "") + identifier + (label.map { "(\($0):" } ?? "")
    }

    /// ASCII letters, digits and `_`, not starting with a digit: what the scanner tokenizes as a word.
    static func isIdentifier(_ text: Substring) -> Bool {
        isIdentifier(text.utf8)
    }

    static func isIdentifier(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return bytes.allSatisfy(isIdentifierByte)
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

/// One entry of a `kind: symbols` table: finding any of `symbols` in a file of one of `languages`
/// makes the detected fact `fact` true.
public struct SymbolEntry: Sendable, Hashable {
    public let fact: String
    public let languages: Set<Language>
    public let symbols: [SymbolPattern]
    /// Evidence kept for the fact at most (the hits themselves are all kept).
    public let evidenceLimit: Int
    /// How much a hit says (`strong`, `medium`, `weak`), shown with the signal in `shipcheck facts`; nil when
    /// the table does not grade it.
    public let weight: String?
    /// Lower-cased words of a path (`webdav`, `design_system`, `/android/`) where a hit is no evidence of this
    /// fact: a password field of a server connection or of a component library is not the app's login. Matched
    /// against `/` + the path, so `/android/` also finds a top-level `android/` folder.
    public let excludedPathWords: [String]
    /// Lower-cased path words one of which a hit's path must hold to count (empty: any path): a Custom Tab or a
    /// WebView is a login only on a login screen (`login`, `oauth`, `signin`), not when it opens a help page.
    /// Matched like `excludedPathWords`.
    public let requiredPathWords: [String]
    /// Lower-cased words that, written near a hit (its line, the \(SymbolEntry.nearLinesBefore) lines before it and the
    /// \(SymbolEntry.nearLinesAfter) after it, in code, strings or comments, any case), make it no evidence of this fact:
    /// a new-password field whose label or variable says `passphrase` or `backup` protects a local secret, not an account.
    public let excludedNearWords: [String]
    /// Lower-case fragments found anywhere in a file's text, in any case (identifiers, strings and comments alike):
    /// a screen, string key or URL path named after what it does (`AccountDeletionWebview`, `"account_delete"`,
    /// `https://example.com/account/delete` all hold a fragment such as `accountdeletion`, `account_delete` or
    /// `account/delete`). Weaker than a symbol, for signals that are names rather than calls.
    public let textFragments: [String]

    public static let defaultEvidenceLimit = 5
    public static let nearLinesBefore = 6
    public static let nearLinesAfter = 3
    public static let weights = ["strong", "medium", "weak"]

    public init(fact: String, languages: Set<Language> = Set(Language.allCases), symbols: [SymbolPattern],
                evidenceLimit: Int = SymbolEntry.defaultEvidenceLimit, weight: String? = nil, excludedPathWords: [String] = [],
                excludedNearWords: [String] = [], textFragments: [String] = [], requiredPathWords: [String] = []) {
        self.fact = fact
        self.languages = languages
        self.symbols = symbols
        self.evidenceLimit = evidenceLimit
        self.weight = weight
        self.excludedPathWords = excludedPathWords
        self.requiredPathWords = requiredPathWords
        self.excludedNearWords = excludedNearWords
        self.textFragments = textFragments
    }
}

/// A checklist's `kind: symbols` table, read and checked.
///
/// ```yaml
/// value:
///   - fact: account.creation
///     languages: [swift, kotlin]      # optional, default all
///     symbols: [createUser(withEmail:, Auth.signUp, createUserWithEmailAndPassword]
///     evidence_limit: 3               # optional, default 5
///     weight: strong                  # optional: strong, medium or weak (shown in `shipcheck facts`)
///     not_in_paths: [webdav]          # optional: path words (lower case) where a hit is no evidence
///     in_paths: [login, oauth]        # optional: path words (lower case) one of which a hit's path must hold
///     not_near: [passphrase, backup]  # optional: words (lower case) that, near a hit, make it no evidence
///     in_text: [account_delete]       # optional: fragments (lower case) found anywhere in the text, any case
/// ```
/// An entry has `symbols`, `in_text` or both.
public struct SymbolTable: Sendable {
    public let name: String
    public let file: String
    public let entries: [SymbolEntry]

    public init(name: String, file: String, entries: [SymbolEntry]) {
        self.name = name
        self.file = file
        self.entries = entries
    }

    /// Reads a table, reporting every problem (unknown keys, unknown language, empty or malformed symbol)
    /// with the checklist's file:line:column.
    public static func parse(_ source: SymbolTableSource) throws(SymbolTableError) -> SymbolTable {
        let diagnostics = Diagnostics(file: source.file)
        let root = NodeReader(node: source.value, path: "tables.\(source.name).value", diagnostics: diagnostics)
        var entries: [SymbolEntry] = []
        for item in root.sequence() ?? [] {
            if let entry = readEntry(item) { entries.append(entry) }
        }
        if !diagnostics.errors.isEmpty { throw SymbolTableError(table: source.name, errors: diagnostics.errors) }
        return SymbolTable(name: source.name, file: source.file, entries: entries)
    }

    /// A symbol's text. In a block list `- createUser(withEmail:` is YAML for a one-key mapping with a null
    /// value; that is read back as the symbol it was meant to be, so the quotes are optional there.
    private static func symbolText(_ node: NodeReader) -> String? {
        if let pairs = node.node.mapping, pairs.count == 1, let key = pairs[0].key.scalar, pairs[0].value.isNull,
           key.contains("(") {
            return key + ":"
        }
        return node.string()
    }

    /// `text.contains(where: \.isWhitespace)`, on the bytes when the text is ASCII.
    static func containsWhitespace(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return true }
        }
        return ascii ? false : text.contains(where: \.isWhitespace)
    }

    private static func readEntry(_ item: NodeReader) -> SymbolEntry? {
        guard let map = item.mapping(allowed: ["fact", "languages", "symbols", "evidence_limit", "weight", "not_in_paths", "in_paths", "not_near", "in_text"],
                                     required: ["fact"]) else { return nil }
        let fact = map["fact"]?.string()
        if let fact, fact.isEmpty || containsWhitespace(fact) {
            map["fact"]?.error("a fact name is a dotted word such as account.creation, got \"\(fact)\"")
        }
        var languages = Set(Language.allCases)
        if let node = map["languages"] {
            let names = Language.allCases.map(\.rawValue)
            let items = node.node.scalar != nil ? [node] : (node.sequence() ?? [])
            let read = items.compactMap { $0.oneOf(names).flatMap(Language.init(rawValue:)) }
            if items.isEmpty { node.error("expected at least one language") }
            languages = Set(read)
        }
        var symbols: [SymbolPattern] = []
        if let node = map["symbols"] {
            let items = node.node.scalar != nil ? [node] : (node.sequence() ?? [])
            if items.isEmpty { node.error("expected at least one symbol") }
            for symbolNode in items {
                guard let text = symbolText(symbolNode) else { continue }
                let trimmed = text.trimmingBlanks()
                if trimmed.isEmpty {
                    symbolNode.error("empty symbol")
                } else if let pattern = SymbolPattern(parsing: trimmed) {
                    symbols.append(pattern)
                } else {
                    symbolNode.error("bad symbol \"\(text)\": write ident, Qualifier.ident, ident(label:, callee(.member) or ident=\"value\"")
                }
            }
        }
        var limit = SymbolEntry.defaultEvidenceLimit
        if let node = map["evidence_limit"], let value = node.int() {
            if value < 1 { node.error("evidence_limit must be at least 1, got \(value)") } else { limit = value }
        }
        let weight = map["weight"]?.oneOf(SymbolEntry.weights)
        var excluded: [String] = []
        if let node = map["not_in_paths"] {
            let items = node.node.scalar != nil ? [node] : (node.sequence() ?? [])
            for wordNode in items {
                guard let word = wordNode.string() else { continue }
                if word.isEmpty || word != word.lowercased() || containsWhitespace(word) {
                    wordNode.error("a path word is lower case without spaces, got \"\(word)\"")
                } else {
                    excluded.append(word)
                }
            }
        }
        var required: [String] = []
        if let node = map["in_paths"] {
            let items = node.node.scalar != nil ? [node] : (node.sequence() ?? [])
            if items.isEmpty { node.error("expected at least one path word") }
            for wordNode in items {
                guard let word = wordNode.string() else { continue }
                if word.isEmpty || word != word.lowercased() || containsWhitespace(word) {
                    wordNode.error("a path word is lower case without spaces, got \"\(word)\"")
                } else {
                    required.append(word)
                }
            }
        }
        var near: [String] = []
        if let node = map["not_near"] {
            let items = node.node.scalar != nil ? [node] : (node.sequence() ?? [])
            for wordNode in items {
                guard let word = wordNode.string() else { continue }
                if word.isEmpty || word != word.lowercased() || word.utf8.contains(where: { $0 >= 0x80 || $0 == 0x0A }) {
                    wordNode.error("a near word is lower-case ASCII on one line, got \"\(word)\"")
                } else {
                    near.append(word)
                }
            }
        }
        var fragments: [String] = []
        if let node = map["in_text"] {
            let items = node.node.scalar != nil ? [node] : (node.sequence() ?? [])
            if items.isEmpty { node.error("expected at least one text fragment") }
            for fragmentNode in items {
                guard let fragment = fragmentNode.string() else { continue }
                if fragment.utf8.count < 6 || fragment != fragment.lowercased() || fragment.utf8.contains(where: { $0 >= 0x80 || $0 <= 0x20 }) {
                    fragmentNode.error("a text fragment is lower-case ASCII without spaces, at least 6 characters, got \"\(fragment)\"")
                } else {
                    fragments.append(fragment)
                }
            }
        }
        if map["symbols"] == nil && map["in_text"] == nil { item.error("an entry needs symbols, in_text or both") }
        guard let fact, !symbols.isEmpty || !fragments.isEmpty else { return nil }
        return SymbolEntry(fact: fact, languages: languages, symbols: symbols, evidenceLimit: limit, weight: weight,
                           excludedPathWords: excluded, excludedNearWords: near, textFragments: fragments,
                           requiredPathWords: required)
    }
}

/// Every problem found in one symbol table.
public struct SymbolTableError: Error, Sendable, CustomStringConvertible {
    public let table: String
    public let errors: [YAMLError]

    public init(table: String, errors: [YAMLError]) {
        self.table = table
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
