import Support

/// A source language the symbol scan reads, known by file extension.
public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
    case swift, objc, kotlin, java, dart, javascript
    /// C and C++ (with their headers; `.h` stays Objective-C, which is a superset), and Rust: read only for
    /// the required-reason APIs that Flutter plugins, native cores and React Native modules call.
    case c, cpp, rust
    /// Android layout XML (`res/layout*/*.xml`): attributes such as `android:autofillHints="newPassword"`.
    case layoutXML = "layout_xml"

    /// The language of a file at `path` (relative to the root): by extension, and an `.xml` file only in a
    /// `res/layout…` folder (other XML is not source code).
    public init?(path: some StringProtocol) {
        self.init(path: String(path))
    }

    public init?(path: String) {
        // Asked of every walked file: the names are found from the end, on bytes, not by splitting the path.
        let parts = PathComponents.last(3, of: path)
        guard let name = parts.first else { return nil }
        if name.hasSuffix(".xml") {
            guard parts.count >= 3, parts[1].hasPrefix("layout"), parts[2] == "res" else { return nil }
            self = .layoutXML
            return
        }
        self.init(fileName: name)
    }

    /// The language of a file name, or nil when the scan does not read that kind of file.
    public init?(fileName: some StringProtocol) {
        // Every walked file's name is asked: the extension is found on the bytes, and is a small string (no
        // allocation), lower-cased only when it has an upper-case letter.
        let name = Substring(fileName)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let written = String(name[name.utf8.index(after: dot)...])
        switch written.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? written.lowercased() : written {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objc
        case "kt", "kts": self = .kotlin
        case "java": self = .java
        case "dart": self = .dart
        case "js", "jsx", "ts", "tsx", "mjs", "cjs": self = .javascript
        case "c": self = .c
        case "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx": self = .cpp
        case "rs": self = .rust
        default: return nil
        }
    }

    /// Block comments nest in Swift and Kotlin (`/* a /* b */ c */`), not in the C family or Dart/JS.
    var hasNestedComments: Bool { self == .swift || self == .kotlin || self == .dart || self == .rust }

    /// Rust's `'a` lifetimes: an apostrophe before a name not closed right after it is no literal.
    var hasLifetimes: Bool { self == .rust }

    /// `#if` / `#else` / `#endif` (Swift and the C family).
    var hasDirectives: Bool { self == .swift || self == .objc || self == .c || self == .cpp }

    /// Single quotes delimit a literal (char or string) everywhere but Swift, where they do not occur in code.
    var hasSingleQuotedLiterals: Bool { self != .swift }

    /// `"""` strings: Swift, Kotlin, Java text blocks, Dart (also `'''`).
    var hasTripleQuotedStrings: Bool { self == .swift || self == .kotlin || self == .java || self == .dart }

    /// Swift raw strings `#"…"#`.
    var hasRawHashStrings: Bool { self == .swift }

    /// Template literals in backticks (JS/TS).
    var hasBacktickStrings: Bool { self == .javascript }

    /// Kotlin's `"""` strings take no escapes; Dart's `r"…"` neither.
    var tripleQuotedHasEscapes: Bool { self == .swift || self == .java || self == .dart }

    fileprivate var bit: UInt16 { 1 << UInt16(Language.allCases.firstIndex(of: self) ?? 0) }
}

/// A set of languages as bits, cheap to test per hit.
struct LanguageSet: Sendable, Hashable {
    var bits: UInt16

    static let all = LanguageSet(Language.allCases)

    init(_ languages: some Sequence<Language>) {
        bits = languages.reduce(0) { $0 | $1.bit }
    }

    func contains(_ language: Language) -> Bool { bits & language.bit != 0 }

    mutating func formUnion(_ other: LanguageSet) { bits |= other.bits }
}
