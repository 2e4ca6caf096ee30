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
        // Asked of every walked file: the names are found from the end, on bytes, not by splitting the path. A path that
        // ends in neither `/` nor `l` (no `.xml`) needs only its name, after the last slash: no array of names.
        let utf8 = path.utf8
        if let last = utf8.last, last != UInt8(ascii: "/"), last != UInt8(ascii: "l"),
           case let found?? = utf8.withContiguousStorageIfAvailable(Self.byASCIIExtension) {
            guard let found else { return nil }
            self = found
            return
        }
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
        let lower = written.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? written.lowercased() : written
        guard let language = Self.extensions.first(where: { $0.name == lower })?.language else { return nil }
        self = language
    }

    /// The extensions the scan reads, lower-cased, and their language.
    static let extensions: [(name: String, language: Language)] = [
        ("swift", .swift), ("m", .objc), ("mm", .objc), ("h", .objc), ("kt", .kotlin), ("kts", .kotlin), ("java", .java),
        ("dart", .dart), ("js", .javascript), ("jsx", .javascript), ("ts", .javascript), ("tsx", .javascript),
        ("mjs", .javascript), ("cjs", .javascript), ("c", .c), ("cc", .cpp), ("cpp", .cpp), ("cxx", .cpp), ("c++", .cpp),
        ("hpp", .cpp), ("hh", .cpp), ("hxx", .cpp), ("rs", .rust),
    ]

    /// By the extension of the path's name when it is ASCII (nearly always): `.some(nil)` for none the scan reads, nil
    /// when the extension is not ASCII (`init(fileName:)` lower-cases it by Unicode then). On the bytes, from the end.
    static func byASCIIExtension(_ path: UnsafeBufferPointer<UInt8>) -> Language?? {
        var dot = path.count - 1
        while dot >= 0, path[dot] != UInt8(ascii: "."), path[dot] != UInt8(ascii: "/") { dot -= 1 }
        guard dot >= 0, path[dot] == UInt8(ascii: ".") else { return .some(nil) }
        let count = path.count - dot - 1
        // Longer than any extension below (and not ASCII-checked further: the answer is none either way).
        guard count <= 5 else { return .some(nil) }
        var key: UInt64 = 0
        for byte in path[(dot + 1)...] {
            guard byte < 0x80 else { return nil }
            key = key << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return .some(extensionKeys.first { $0.key == key }?.language)
    }

    /// `extensions`, each name's bytes packed into an integer (first byte highest).
    static let extensionKeys: [(key: UInt64, language: Language)] = extensions.map { name, language in
        (key: name.utf8.reduce(UInt64(0)) { key, byte in key << 8 | UInt64(byte) }, language: language)
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
