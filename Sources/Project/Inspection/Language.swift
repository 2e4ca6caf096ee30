/// A source language the symbol scan reads, known by file extension.
public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
    case swift, objc, kotlin, java, dart, javascript

    /// The language of a file name, or nil when the scan does not read that kind of file.
    public init?(fileName: some StringProtocol) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objc
        case "kt", "kts": self = .kotlin
        case "java": self = .java
        case "dart": self = .dart
        case "js", "jsx", "ts", "tsx", "mjs", "cjs": self = .javascript
        default: return nil
        }
    }

    /// Block comments nest in Swift and Kotlin (`/* a /* b */ c */`), not in the C family or Dart/JS.
    var hasNestedComments: Bool { self == .swift || self == .kotlin || self == .dart }

    /// Single quotes delimit a literal (char or string) everywhere but Swift, where they do not occur in code.
    var hasSingleQuotedLiterals: Bool { self != .swift }

    /// `"""` strings: Swift, Kotlin, Java text blocks, Dart (also `'''`).
    var hasTripleQuotedStrings: Bool { self != .objc && self != .javascript }

    /// Swift raw strings `#"…"#`.
    var hasRawHashStrings: Bool { self == .swift }

    /// Template literals in backticks (JS/TS).
    var hasBacktickStrings: Bool { self == .javascript }

    /// Kotlin's `"""` strings take no escapes; Dart's `r"…"` neither.
    var tripleQuotedHasEscapes: Bool { self == .swift || self == .java || self == .dart }

    fileprivate var bit: UInt8 { 1 << UInt8(Language.allCases.firstIndex(of: self) ?? 0) }
}

/// A set of languages as bits, cheap to test per hit.
struct LanguageSet: Sendable, Hashable {
    var bits: UInt8

    static let all = LanguageSet(Language.allCases)

    init(_ languages: some Sequence<Language>) {
        bits = languages.reduce(0) { $0 | $1.bit }
    }

    func contains(_ language: Language) -> Bool { bits & language.bit != 0 }

    mutating func formUnion(_ other: LanguageSet) { bits |= other.bits }
}
