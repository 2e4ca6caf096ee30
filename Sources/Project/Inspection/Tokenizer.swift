import Foundation
import Support

/// Splits source bytes into identifier words, stepping over comments and string literals.
///
/// Cheap rather than complete: it knows `//` and `/* */` (nested where the language nests them),
/// `"…"` and `'…'` with backslash escapes (ended at a newline when unterminated), `"""…"""` (and Dart
/// `'''…'''`, raw `r"…"`), Swift `#"…"#` raw strings and JS template literals. Interpolations are
/// code: Swift `\(…)`, Kotlin/Dart `${…}` and JS template `${…}` are read as code and the string resumes
/// at their closing bracket. Numbers are consumed whole so that `0xFF` never yields a word `xFF`.
///
/// Code that does not ship yields no words: in Swift and the C family, `#if DEBUG` and
/// `#if targetEnvironment(simulator)` regions (their `#else` branches are kept; `#if !DEBUG` the other way
/// round; nesting followed), and in Swift the body of `#Preview { … }` and of a type conforming to
/// `PreviewProvider`. Lines numbers still count every line. In the C family an `#include`/`#import` line yields
/// nothing either: a header's name (`<sys/stat.h>`) is not a call.
struct Tokenizer {
    struct Word {
        let start: Int
        let end: Int
        let line: Int
        let lineStart: Int
        /// `WordHash` of the word's bytes.
        let hash: UInt64
    }

    private let b: UnsafeBufferPointer<UInt8>
    private let language: Language
    // The language's lexical traits, read once: the loop below runs per byte.
    private let nestedComments: Bool
    private let singleQuotes: Bool
    private let tripleQuotes: Bool
    private let tripleEscapes: Bool
    private let rawHashStrings: Bool
    private let backticks: Bool
    private let tripleApostrophes: Bool
    /// Rust `'a`: an apostrophe before a name, not closed after one character, is a lifetime.
    private let lifetimes: Bool
    /// `(` for Swift's `\(…)`, `{` for `${…}`, 0 for languages without interpolation (Java, Objective-C).
    private let interpolationOpener: UInt8
    private let interpolationCloser: UInt8
    /// Strings left for an interpolation, innermost last; each resumes when its interpolation closes.
    private var open: [OpenString] = []
    /// Deeper interpolation than this is read as string text (bounds the stack on hostile input).
    private static let maxOpenStrings = 32
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// `#if`/`#else`/`#endif` are read (Swift, C family).
    private let directives: Bool
    /// `#Preview` and `PreviewProvider` bodies are passed over (Swift).
    private let previews: Bool
    private var conditions = ConditionStack()
    /// `{` minus `}` in code so far.
    private var braceDepth = 0
    /// The next `{` opens a preview body.
    private var previewPending = false
    /// The brace depth outside the preview body being passed over, if any.
    private var previewDepth: Int?

    /// The words a caller looks up, told apart cheaply: by length (bit n set when some wanted word has n bytes; bit
    /// 63: longer) and by hash (bit `hash & 0xFFFF` of `hashBits`, 1,024 words). A word the filter rules out is passed
    /// over, not returned: most words of a source file name no symbol, and a return and the caller's look cost more
    /// than the test.
    struct WordFilter {
        let lengths: UInt64
        let hashBits: [UInt64]

        @inline(__always)
        func admits(length: Int, hash: UInt64) -> Bool {
            lengths & (1 << UInt64(min(length, 63))) != 0 && hashBits[Int((hash >> 6) & 1023)] & (1 << (hash & 63)) != 0
        }
    }

    private let filter: WordFilter?

    /// `filter`: nil returns every word.
    init(bytes: UnsafeBufferPointer<UInt8>, language: Language, filter: WordFilter? = nil) {
        self.b = bytes
        self.language = language
        self.filter = filter
        nestedComments = language.hasNestedComments
        singleQuotes = language.hasSingleQuotedLiterals
        tripleQuotes = language.hasTripleQuotedStrings
        tripleEscapes = language.tripleQuotedHasEscapes
        rawHashStrings = language.hasRawHashStrings
        backticks = language.hasBacktickStrings
        tripleApostrophes = language == .dart
        directives = language.hasDirectives
        lifetimes = language.hasLifetimes
        previews = language == .swift
        switch language {
        case .swift: (interpolationOpener, interpolationCloser) = (UInt8(ascii: "("), UInt8(ascii: ")"))
        case .kotlin, .dart, .javascript: (interpolationOpener, interpolationCloser) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        case .java, .objc, .c, .cpp, .rust, .layoutXML: (interpolationOpener, interpolationCloser) = (0, 0)
        }
    }

    private struct OpenString {
        let delimiter: UInt8
        let triple: Bool
        let multiline: Bool
        let escapes: Bool
        /// Brackets of the interpolation's own kind opened inside it and not yet closed.
        var depth = 0
    }

    /// A byte that continues an identifier: ASCII letter, digit, `_`, or any byte of a non-ASCII character.
    @inline(__always)
    static func isWordByte(_ c: UInt8) -> Bool {
        WordBytes.isWordByte(c)
    }

    private static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'"), backtick = UInt8(ascii: "`"), hash = UInt8(ascii: "#")
    private static let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), dollar = UInt8(ascii: "$")

    private func at(_ k: Int) -> UInt8 { k < b.count ? b[k] : 0 }

    /// An ASCII byte that is not a word byte, a blank, a newline, or one of `/ " ' ` # { }`: in code, one that
    /// starts no comment, string, directive, block or word (`!$%&()*+,-.:;<=>?@[\]^|~` and control bytes). One bit
    /// per byte, 0–63 and 64–127.
    @inline(__always)
    static func isPlainPunctuation(_ c: UInt8) -> Bool {
        guard c < 0x80 else { return false }
        let bits: UInt64 = c < 64 ? 0xFC00_7F72_FFFF_F9FF : 0xD000_0000_7800_0001
        return (bits >> UInt64(c & 63)) & 1 != 0
    }

    private mutating func newline(at k: Int) {
        line += 1
        lineStart = k + 1
    }

    mutating func nextWord() -> Word? {
        let count = b.count
        while i < count {
            let c = b[i]
            // Blanks first, and the byte before the interpolation stack: this loop runs once per byte of source.
            if c == Self.space || c == Self.tab {
                // A run of blanks (indentation) in one tight loop, on a local index.
                var k = i + 1
                while k < count, b[k] == Self.space || b[k] == Self.tab { k += 1 }
                i = k
                continue
            }
            // Punctuation that starts nothing (`.`, `(`, `,`, `=`…) is passed without the dispatch below, whose default
            // case it would reach; an interpolation's own bracket only while no interpolation is open.
            if Self.isPlainPunctuation(c), open.isEmpty || (c != interpolationOpener && c != interpolationCloser) {
                i += 1
                continue
            }
            if c == interpolationOpener || c == interpolationCloser, !open.isEmpty {
                i += 1
                if c == interpolationOpener {
                    open[open.count - 1].depth += 1
                } else if open[open.count - 1].depth > 0 {
                    open[open.count - 1].depth -= 1
                } else {
                    let string = open.removeLast()
                    if string.triple {
                        skipTriple(string.delimiter, escapes: string.escapes, resume: true)
                    } else {
                        skipQuoted(string.delimiter, multiline: string.multiline, escapes: string.escapes, resume: true)
                    }
                }
                continue
            }
            switch c {
            case Self.newline:
                newline(at: i)
                i += 1
            case Self.slash where at(i + 1) == Self.slash:
                // To the newline (left for the case above, which counts it), by `memchr`.
                if let base = b.baseAddress, let end = memchr(base + i, Int32(Self.newline), count - i) {
                    i = base.distance(to: end.assumingMemoryBound(to: UInt8.self))
                } else {
                    i = count
                }
            case Self.slash where at(i + 1) == Self.star:
                skipBlockComment()
            case Self.quote:
                if tripleQuotes, at(i + 1) == Self.quote, at(i + 2) == Self.quote {
                    skipTriple(Self.quote, escapes: tripleEscapes)
                } else {
                    skipQuoted(Self.quote, multiline: false)
                }
            case Self.apostrophe where singleQuotes:
                if lifetimes, Self.isWordByte(at(i + 1)), at(i + 2) != Self.apostrophe {
                    i += 1
                } else if tripleApostrophes, at(i + 1) == Self.apostrophe, at(i + 2) == Self.apostrophe {
                    skipTriple(Self.apostrophe, escapes: true)
                } else {
                    skipQuoted(Self.apostrophe, multiline: false)
                }
            case Self.backtick where backticks:
                skipQuoted(Self.backtick, multiline: true)
            case Self.hash where directives:
                if onlySpaceBefore(i), directive() || skipInclude() { continue }
                if previews, startsWord(at: i + 1, "Preview") {
                    previewPending = true
                    i += 8
                } else if rawHashStrings {
                    skipRawString()
                } else {
                    i += 1
                }
            case Self.openBrace:
                braceDepth += 1
                if previewPending, previewDepth == nil { previewDepth = braceDepth - 1 }
                previewPending = false
                i += 1
            case Self.closeBrace:
                braceDepth -= 1
                if let depth = previewDepth, braceDepth <= depth { previewDepth = nil }
                i += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                i = wordEnd(from: i)
            default:
                if Self.isWordByte(c) {
                    let start = i
                    // The word's bytes on a local index (a stored one is written back on every byte); `high`
                    // has bit 7 set when one of them is not ASCII.
                    var high = c
                    var hash = WordHash.adding(c, to: WordHash.offset)
                    var k = i + 1
                    while k < count {
                        let d = b[k]
                        guard Self.isWordByte(d) else { break }
                        high |= d
                        hash = WordHash.adding(d, to: hash)
                        k += 1
                    }
                    i = k
                    if tripleApostrophes, i == start + 1, c == UInt8(ascii: "r"), at(i) == Self.quote || at(i) == Self.apostrophe {
                        skipDartRawString()
                        continue
                    }
                    if previews, i - start == 15, conformsToPreviewProvider(start) { previewPending = true }
                    if high < 0x80, previewDepth == nil, filter?.admits(length: i - start, hash: hash) ?? true {
                        return Word(start: start, end: i, line: line, lineStart: lineStart, hash: hash)
                    }
                } else {
                    i += 1
                }
            }
        }
        return nil
    }

    /// The end of the identifier bytes starting at `k`.
    private func wordEnd(from k: Int) -> Int {
        var k = k
        while k < b.count, Self.isWordByte(b[k]) { k += 1 }
        return k
    }

    /// From `i` to the next byte that may end, escape or interpolate a string (its delimiter, a backslash, `$`) or
    /// start a line, or to the end: the plain text between, most of a string, needs no other test.
    private mutating func skipStringText(_ delimiter: UInt8) {
        i = StopBytes(delimiter, Self.backslash, Self.newline, Self.dollar).first(in: b, from: i)
    }

    /// The bytes that may open or close a block comment or start a line.
    private static let commentStops = StopBytes(slash, star, newline, newline)

    private mutating func skipBlockComment() {
        var depth = 0
        while i < b.count {
            // To the next byte that may open or close a comment or start a line.
            i = Self.commentStops.first(in: b, from: i)
            guard i < b.count else { return }
            if b[i] == Self.slash, at(i + 1) == Self.star {
                if depth == 0 || nestedComments { depth += 1 }
                i += 2
            } else if b[i] == Self.star, at(i + 1) == Self.slash {
                depth -= 1
                i += 2
                if depth == 0 { return }
            } else {
                if b[i] == Self.newline { newline(at: i) }
                i += 1
            }
        }
    }

    /// From an opening delimiter to its closing one; a backslash escapes the next byte.
    private mutating func skipQuoted(_ delimiter: UInt8, multiline: Bool, escapes: Bool = true, resume: Bool = false) {
        if !resume { i += 1 }
        while i < b.count {
            skipStringText(delimiter)
            guard i < b.count else { return }
            let c = b[i]
            if interpolates(delimiter, escapes: escapes) {
                open.append(OpenString(delimiter: delimiter, triple: false, multiline: multiline, escapes: escapes))
                i += 2
                return
            }
            if escapes, c == Self.backslash {
                if at(i + 1) == Self.newline { newline(at: i + 1) }
                i += 2
            } else if c == delimiter {
                i += 1
                return
            } else if c == Self.newline {
                if !multiline { return }
                newline(at: i)
                i += 1
            } else {
                i += 1
            }
        }
    }

    private mutating func skipTriple(_ delimiter: UInt8, escapes: Bool, resume: Bool = false) {
        if !resume { i += 3 }
        while i < b.count {
            skipStringText(delimiter)
            guard i < b.count else { return }
            let c = b[i]
            if interpolates(delimiter, escapes: escapes) {
                open.append(OpenString(delimiter: delimiter, triple: true, multiline: true, escapes: escapes))
                i += 2
                return
            }
            if escapes, c == Self.backslash {
                if at(i + 1) == Self.newline { newline(at: i + 1) }
                i += 2
            } else if c == delimiter, at(i + 1) == delimiter, at(i + 2) == delimiter {
                i += 3
                while i < b.count, b[i] == delimiter { i += 1 }
                return
            } else {
                if c == Self.newline { newline(at: i) }
                i += 1
            }
        }
    }

    /// Whether an interpolation opens at `i` inside a string with this delimiter: `\(` in Swift strings,
    /// `${` in Kotlin strings, Dart strings that are not raw, and JS template literals.
    private func interpolates(_ delimiter: UInt8, escapes: Bool) -> Bool {
        guard interpolationOpener != 0, open.count < Self.maxOpenStrings, at(i + 1) == interpolationOpener else { return false }
        switch language {
        case .swift: return b[i] == Self.backslash
        case .kotlin: return b[i] == UInt8(ascii: "$")
        case .dart: return escapes && b[i] == UInt8(ascii: "$")
        case .javascript: return delimiter == Self.backtick && b[i] == UInt8(ascii: "$")
        case .java, .objc, .c, .cpp, .rust, .layoutXML: return false
        }
    }

    /// Dart `r"…"`, `r'…'`, `r"""…"""`: no escapes. `i` is at the opening quote.
    private mutating func skipDartRawString() {
        let delimiter = b[i]
        if at(i + 1) == delimiter, at(i + 2) == delimiter {
            skipTriple(delimiter, escapes: false)
        } else {
            skipQuoted(delimiter, multiline: false, escapes: false)
        }
    }

    /// Swift `#"…"#`, `##"…"##`, `#"""…"""#`: ends at a quote followed by as many hashes. Escapes need
    /// `\#`, so a plain backslash is text. A `#` not opening a raw string (`#if`, `#selector`) is skipped.
    private mutating func skipRawString() {
        var k = i
        while k < b.count, b[k] == Self.hash { k += 1 }
        let hashes = k - i
        guard at(k) == Self.quote else {
            i = k
            return
        }
        i = k + 1
        while i < b.count {
            if b[i] == Self.quote {
                var m = i + 1
                while m < b.count, m - i - 1 < hashes, b[m] == Self.hash { m += 1 }
                if m - i - 1 == hashes {
                    i = m
                    return
                }
            }
            if b[i] == Self.newline { newline(at: i) }
            i += 1
        }
    }

    // MARK: code that does not ship

    private func onlySpaceBefore(_ k: Int) -> Bool {
        var m = lineStart
        while m < k {
            if b[m] != Self.space, b[m] != Self.tab { return false }
            m += 1
        }
        return true
    }

    /// `word` at `k`, not followed by another identifier byte.
    private func startsWord(at k: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard k + count <= b.count else { return false }
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for n in 0..<count where b[k + n] != bytes[n] { return false }
        return k + count == b.count || !Self.isWordByte(b[k + count])
    }

    /// The word `PreviewProvider` just read at `start`, after `:` or `,` (a conformance list).
    private func conformsToPreviewProvider(_ start: Int) -> Bool {
        guard startsWord(at: start, "PreviewProvider") else { return false }
        var k = start - 1
        while k >= 0, b[k] == Self.space || b[k] == Self.tab || b[k] == Self.newline { k -= 1 }
        return k >= 0 && (b[k] == UInt8(ascii: ":") || b[k] == UInt8(ascii: ","))
    }

    /// At a `#` that starts a line: reads a conditional-compilation directive and, while the conditions say
    /// the code does not ship, passes over whole lines until a directive says otherwise. Leaves `i` at the end
    /// of the last line read (its newline is counted by the caller). False when the `#` starts no such directive.
    private mutating func directive() -> Bool {
        guard let first = Self.readDirective(b, at: i) else { return false }
        conditions.apply(first)
        // A `#define` line of shipping code is read as code: its body can call what it names.
        if case .define = first.kind { return false }
        i = first.lineEnd
        while conditions.skipping, i < b.count {
            newline(at: i)
            i += 1
            var k = i
            while k < b.count, b[k] == Self.space || b[k] == Self.tab { k += 1 }
            if k < b.count, b[k] == Self.hash, let next = Self.readDirective(b, at: k) {
                conditions.apply(next)
                i = next.lineEnd
                continue
            }
            while i < b.count, b[i] != Self.newline { i += 1 }
        }
        return true
    }

    /// At a `#` that starts a line: an `#include`, `#include_next` or `#import` line names a header, and a header's
    /// name is no use of what it declares (`#include <sys/stat.h>` calls no `stat`): the line yields no words.
    /// Leaves `i` at the line's newline. False when the `#` starts no such line (or in Swift, which has none).
    private mutating func skipInclude() -> Bool {
        guard !previews else { return false }
        var k = i + 1
        while k < b.count, b[k] == Self.space || b[k] == Self.tab { k += 1 }
        guard startsWord(at: k, "include") || startsWord(at: k, "include_next") || startsWord(at: k, "import") else { return false }
        while k < b.count, b[k] != Self.newline { k += 1 }
        i = k
        return true
    }

    /// `#if COND`, `#ifdef X`, `#ifndef X`, `#elif`/`#elseif COND`, `#else`, `#endif` at `k` (C allows `# if`).
    static func readDirective(_ b: UnsafeBufferPointer<UInt8>, at k: Int) -> Directive? {
        var m = k + 1
        while m < b.count, b[m] == space || b[m] == tab { m += 1 }
        let wordStart = m
        while m < b.count, isWordByte(b[m]) { m += 1 }
        let keyword = String(decoding: UnsafeBufferPointer(rebasing: b[wordStart..<m]), as: UTF8.self)
        var lineEnd = m
        while lineEnd < b.count, b[lineEnd] != newline { lineEnd += 1 }
        // The condition ends at a comment (`ShippingCondition` reads it, spaces and all).
        var condition = ""
        var n = m
        while n < lineEnd {
            if b[n] == slash, n + 1 < lineEnd, b[n + 1] == slash || b[n + 1] == star { break }
            condition.unicodeScalars.append(UnicodeScalar(b[n]))
            n += 1
        }
        let kind: Directive.Kind
        switch keyword {
        case "if": kind = .if(condition)
        case "ifdef": kind = .if("defined(\(condition))")
        case "ifndef": kind = .if("!defined(\(condition))")
        case "elif", "elseif": kind = .elseIf(condition)
        case "else": kind = .else
        case "endif": kind = .endIf
        case "define":
            // Only the macro's name matters: where it is defined says whether `#ifdef NAME` can ship.
            let name = condition.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty else { return nil }
            kind = .define(String(name))
        default: return nil
        }
        return Directive(kind: kind, lineEnd: lineEnd)
    }

    struct Directive {
        enum Kind {
            /// The condition's text after the keyword.
            case `if`(String), elseIf(String), `else`, endIf
            /// `#define NAME …` (C family).
            case define(String)
        }
        let kind: Kind
        /// The newline ending the directive's line, or the end of the bytes.
        let lineEnd: Int
    }
}

/// The `#if` blocks open at a point of a file, and whether the code there is compiled in the build that ships
/// (`ShippingCondition`): a branch whose condition never holds there is passed over, and once a branch's
/// condition always holds, so are the branches after it (`#if !DEBUG … #else …`). Undecided conditions
/// (`os(iOS)`, `canImport(X)`) keep every branch: either may ship.
struct ConditionStack {
    struct Frame {
        var skipsNow: Bool
        /// An earlier branch always holds in the shipping build, so this and later ones never run.
        var taken: Bool
    }

    private var frames: [Frame] = []
    private(set) var skipping = false
    /// Macros this file defines only inside code that does not ship, and those it defines in code that does:
    /// `#ifdef NAME` is false in the shipping build when `NAME` is only in the first (LMDB's
    /// `#if defined(__linux) … #define BROKEN_FDATASYNC`).
    private var definedWhenSkipping: Set<String> = []
    private var definedWhenShipping: Set<String> = []

    private func evaluate(_ condition: String) -> ShippingCondition {
        ShippingCondition.evaluate(condition, notShipped: definedWhenSkipping.subtracting(definedWhenShipping))
    }

    mutating func apply(_ directive: Tokenizer.Directive) {
        switch directive.kind {
        case .if(let condition):
            let value = skipping ? .undecided : evaluate(condition)
            frames.append(Frame(skipsNow: value == .alwaysFalse, taken: value == .alwaysTrue))
        case .elseIf(let condition):
            guard let last = frames.indices.last else { break }
            let value = frames[last].taken ? .undecided : evaluate(condition)
            frames[last].skipsNow = frames[last].taken || value == .alwaysFalse
            if value == .alwaysTrue { frames[last].taken = true }
        case .else:
            if let last = frames.indices.last { frames[last].skipsNow = frames[last].taken }
        case .endIf:
            if !frames.isEmpty { frames.removeLast() }
        case .define(let name):
            if skipping { definedWhenSkipping.insert(name) } else { definedWhenShipping.insert(name) }
        }
        skipping = frames.contains { $0.skipsNow }
    }
}
