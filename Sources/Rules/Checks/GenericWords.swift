import Foundation
import Project
import Support

/// `words`: none of a table's words or phrases may appear, compared case-insensitively on word boundaries
/// (so German "Notizen" does not match "tizen", unlike precheck's substring match), except where an
/// allowed phrase covers the match ("Google Drive" for "google"). One result per word and value, at its
/// first occurrence.
enum GenericWords {
    static let function = CheckFunction(
        name: "words", summary: "No listed word or phrase appears (case-insensitive, on word boundaries, with an allow list)",
        options: [
            OptionSpec("table", .table, required: true, tableShape: .init(required: ["words"], optional: ["allow"]),
                       decode: WordList.decoder, doc: "A table whose value has `words` (and optionally `allow`) lists"),
        ],
        subjects: .required, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let list = invocation.decoded("table", as: WordList.self) else { return [] }
        var results: [CheckResult] = []
        var compiled = WordList.Compiled()
        // A file holding only a path (a git symlink checked out as text) is reported once, by
        // metadata.path-instead-of-text; its path is no listing text to judge word by word.
        for subject in invocation.subjects where !WordList.isLinkPath(subject.value) {
            for hit in list.hits(in: subject.value, compiled: &compiled) {
                results.append(GenericSubjects.result(
                    subject, at: TextPosition.location(of: hit.range, in: subject.value, base: subject.location),
                    evidence: String(subject.value[hit.range]),
                    values: ["word": hit.word, "match": String(subject.value[hit.range]), "count": String(hit.count)]))
            }
        }
        return results
    }
}

/// A compiled word list: `{ words: [...], allow: [...] }`.
struct WordList: Sendable {
    struct Hit {
        let word: String
        let range: Range<String.Index>
        let count: Int
    }

    /// Each phrase and its longest part lowercased: a text that does not contain that part (after
    /// lowercasing) cannot match, so the regex is compiled and run only where it might. Compiling is the
    /// costly step (ICU builds a Unicode set per word class): done up front for every word of every list,
    /// it was an eighth of a whole `check` on a small repository, where nearly no text holds any probe.
    let words: [(String, [UInt8])]
    let allow: [String]

    /// Blank words are left out: they would match everywhere. (Read from a table at load: `WordList.decoder`.)
    init(words: [String], allow: [String]) {
        self.words = words.filter { !$0.split(whereSeparator: \.isWhitespace).isEmpty }.map { ($0, WordList.probe($0)) }
        self.allow = allow
    }

    /// `../../ios/en-US/name.txt`: the whole value is a relative path to a text file.
    static func isLinkPath(_ value: String) -> Bool {
        (value.hasPrefix("./") || value.hasPrefix("../")) && value.hasSuffix(".txt") && !value.contains(where: \.isWhitespace)
    }

    static func probe(_ phrase: String) -> [UInt8] {
        Array((phrase.split(whereSeparator: \.isWhitespace).max { $0.count < $1.count }.map { $0.lowercased() } ?? "").utf8)
    }

    /// A plain byte search (`StringSearch.occurs`: `memchr`, then `memcmp`): the string-level `contains` is far
    /// slower here, and this runs for every word of every list on every text. An empty word occurs everywhere.
    static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        return needle.withUnsafeBufferPointer { n in haystack.withUnsafeBufferPointer { StringSearch.occurs(n, in: $0) } }
    }

    /// A phrase between non-word characters; inner spaces match any run of whitespace. For a Latin-script
    /// phrase only Latin letters count as word characters, so "Android" is found in Arabic "وAndroid" or
    /// Korean "Android에서", where another script is written against it, but not in "Androidu" or "Notizen".
    static func regex(_ phrase: String) -> NSRegularExpression? {
        let parts = phrase.split(whereSeparator: \.isWhitespace).map { NSRegularExpression.escapedPattern(for: String($0)) }
        guard !parts.isEmpty else { return nil }
        let body = parts.joined(separator: "\\s+")
        let latin = phrase.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic || $0.isASCII || (0x00C0...0x024F).contains($0.value) }
        let word = latin ? "[\\p{Script=Latin}\\p{M}\\p{N}_]" : "[\\p{L}\\p{M}\\p{N}_]"
        return try? NSRegularExpression(pattern: "(?<!\(word))\(body)(?!\(word))", options: [.caseInsensitive])
    }

    /// The regexes compiled so far, by phrase, shared by the texts of one run.
    struct Compiled {
        var regexes: [String: NSRegularExpression?] = [:]

        mutating func regex(_ phrase: String) -> NSRegularExpression? {
            if let known = regexes[phrase] { return known }
            let regex = WordList.regex(phrase)
            regexes[phrase] = regex
            return regex
        }
    }

    func hits(in text: String, compiled: inout Compiled) -> [Hit] {
        // ASCII probes (nearly all) search ASCII-lowercased bytes; others the fully lowercased text.
        // Lowered in place in one loop: `utf8.map(StringSearch.asciiLowercased)` ran a call per byte (17M
        // instructions on simplenote-ios's listings, where every word list lowers every text).
        var asciiLowered = Array(text.utf8)
        asciiLowered.withUnsafeMutableBufferPointer { bytes in
            for i in bytes.indices where bytes[i] &- 0x41 < 26 { bytes[i] |= 0x20 }
        }
        var fullyLowered: [UInt8]?
        let candidates = words.filter { word in
            if word.1.allSatisfy({ $0 < 128 }) { return WordList.occurs(word.1, in: asciiLowered) }
            if fullyLowered == nil { fullyLowered = Array(text.lowercased().utf8) }
            return WordList.occurs(word.1, in: fullyLowered ?? [])
        }
        guard !candidates.isEmpty else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        // The allowed phrases' places, found only once some word is found (most candidate texts hold none).
        var allowedRanges: [NSRange]?
        var hits: [Hit] = []
        for (word, _) in candidates {
            guard let regex = compiled.regex(word) else { continue }
            let found = regex.matches(in: text, range: whole).map(\.range)
            guard !found.isEmpty else { continue }
            if allowedRanges == nil {
                allowedRanges = allow.compactMap { compiled.regex($0) }.flatMap { $0.matches(in: text, range: whole).map(\.range) }
            }
            let allowed = allowedRanges ?? []
            let matches = found.filter { match in
                !allowed.contains { $0.location <= match.location && NSMaxRange(match) <= NSMaxRange($0) }
            }
            guard let first = matches.first, let range = Range(first, in: text) else { continue }
            hits.append(Hit(word: word, range: range, count: matches.count))
        }
        return hits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
