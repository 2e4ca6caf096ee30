import Foundation
import Support
import Formats

/// Finds every symbol of every table in one pass per source file.
///
/// Each file is read once (at most `maxFileBytes`), tokenized into identifiers outside comments and
/// string literals, and each identifier is looked up in one dictionary of all symbols; a qualifier
/// (`Auth.`) or an argument label (`(withEmail:`) is then checked by looking at the bytes around it.
/// The scan works on bytes: identifiers are ASCII, so a file that is not valid UTF-8 (Latin-1, a stray
/// byte) is still scanned and its evidence lines are decoded with replacement characters. A file with a
/// NUL byte in its first 8 KB is binary and skipped silently.
/// Known limits: regex literals are read as code; Kotlin's `$name` short templates are read as text.
public struct SourceScanner: Sendable {
    struct Compiled: Sendable {
        let fact: String
        let pattern: SymbolPattern
        /// `pattern.description`, made once: every hit shares this one string.
        let text: String
        let identifier: [UInt8]
        /// Qualifier segments, innermost first (`Amplify.Auth` → `Auth`, `Amplify`).
        let qualifier: [[UInt8]]?
        /// `.ident`: an implicit member, a dot with nothing name-like before it.
        let implicitMember: Bool
        let label: [UInt8]?
        /// `ident(_:`: a call whose first argument has no label (`SymbolPattern.label` `_`).
        let unlabeledCall: Bool
        let argumentOf: [UInt8]?
        /// `callee(_.member)`: the identifier is a member of the value passed to `argumentOf`.
        let memberOfArgument: Bool
        let stringValue: [UInt8]?
        let languages: LanguageSet
        /// Lower-cased path words where a hit does not count (`SymbolEntry.excludedPathWords`).
        let excludedPathWords: [String]
        /// Lower-cased path words one of which the path must hold (`SymbolEntry.requiredPathWords`); empty: any.
        let requiredPathWords: [String]
        /// Lower-cased words that near a hit make it no evidence (`SymbolEntry.excludedNearWords`), as bytes.
        let excludedNearWords: [[UInt8]]
    }

    /// A match with the trimmed line it stands on. Only the first hits of each signal in a file keep
    /// their line (evidence never needs more); the rest keep an empty one, so a large tree's hits stay small.
    struct RawHit: Sendable {
        let hit: SymbolHit
        let snippet: String
    }

    private let patterns: [Compiled]
    /// `in_text` fragments (`SymbolEntry.textFragments`), found in the whole text, any case.
    struct TextFragment: Sendable {
        let fact: String
        let bytes: [UInt8]
        let text: String
        let languages: LanguageSet
        let excludedPathWords: [String]
        let requiredPathWords: [String]
    }
    private let fragments: [TextFragment]
    /// Where each of `fragments` first occurs in a text: one pass tries at a byte only those starting with it.
    private let fragmentIndex: TextFragmentIndex
    /// `fragments`' languages in the same order, read per file without copying a fragment.
    private let fragmentLanguageSets: [LanguageSet]
    /// The languages some fragment is searched in: other files skip the pass.
    private let fragmentLanguages: LanguageSet
    /// FNV-1a hash of an identifier → indices into `patterns`, most specific first.
    private let index: [UInt64: [Int]]
    private let evidenceLimits: [String: Int]
    /// Cheap rejection before the dictionary: bit n set when some symbol identifier has n bytes (63: longer).
    private let lengths: UInt64
    /// Cheap rejection before the dictionary: one bit per identifier hash, 2^16 bits.
    private let hashBits: [UInt64]

    public init(tables: [SymbolTable]) {
        var patterns: [Compiled] = []
        var limits: [String: Int] = [:]
        var fragments: [TextFragment] = []
        for entry in tables.flatMap(\.entries) {
            limits[entry.fact] = max(limits[entry.fact] ?? 0, entry.evidenceLimit)
            for fragment in entry.textFragments where !fragment.isEmpty {
                fragments.append(TextFragment(fact: entry.fact, bytes: Array(fragment.utf8), text: fragment,
                                              languages: LanguageSet(entry.languages), excludedPathWords: entry.excludedPathWords,
                                              requiredPathWords: entry.requiredPathWords))
            }
            for symbol in entry.symbols {
                patterns.append(Compiled(fact: entry.fact, pattern: symbol, text: symbol.description,
                                         identifier: Array(symbol.identifier.utf8),
                                         qualifier: symbol.qualifier.map { $0.split(separator: ".").reversed().map { Array($0.utf8) } },
                                         implicitMember: symbol.qualifier?.isEmpty == true,
                                         label: symbol.label.map { Array($0.utf8) },
                                         unlabeledCall: symbol.label == "_",
                                         argumentOf: symbol.argumentOf.map { Array($0.utf8) },
                                         memberOfArgument: symbol.memberOfArgument,
                                         stringValue: symbol.stringValue.map { Array($0.utf8) },
                                         languages: LanguageSet(entry.languages),
                                         excludedPathWords: entry.excludedPathWords,
                                         requiredPathWords: entry.requiredPathWords,
                                         excludedNearWords: entry.excludedNearWords.map { Array($0.utf8) }))
            }
        }
        var index: [UInt64: [Int]] = [:]
        for (offset, compiled) in patterns.enumerated() {
            compiled.identifier.withUnsafeBufferPointer { index[Self.hash($0, 0, $0.count), default: []].append(offset) }
        }
        for key in index.keys {
            index[key]?.sort { a, b in
                let sa = (patterns[a].qualifier == nil ? 0 : 1) + (patterns[a].label == nil ? 0 : 1) + (patterns[a].argumentOf == nil ? 0 : 1) + (patterns[a].stringValue == nil ? 0 : 1)
                let sb = (patterns[b].qualifier == nil ? 0 : 1) + (patterns[b].label == nil ? 0 : 1) + (patterns[b].argumentOf == nil ? 0 : 1) + (patterns[b].stringValue == nil ? 0 : 1)
                return sa != sb ? sa > sb : a < b
            }
        }
        var hashBits = [UInt64](repeating: 0, count: 1024)
        for key in index.keys { hashBits[Int((key >> 6) & 1023)] |= 1 << (key & 63) }
        self.hashBits = hashBits
        self.lengths = patterns.reduce(0) { $0 | 1 << UInt64(min($1.identifier.count, 63)) }
        self.patterns = patterns
        self.index = index
        var fragmentLanguages = LanguageSet([])
        for fragment in fragments { fragmentLanguages.formUnion(fragment.languages) }
        self.fragments = fragments
        self.fragmentIndex = TextFragmentIndex(fragments.map(\.bytes))
        self.fragmentLanguageSets = fragments.map(\.languages)
        self.fragmentLanguages = fragmentLanguages
        self.evidenceLimits = limits
    }

    public var isEmpty: Bool { patterns.isEmpty && fragments.isEmpty }

    /// Scans the non-vendored source files that ship (see `ShippingScope`) in parallel: every hit (the part), a
    /// detected `true` fact per signal with its first evidence lines (path/line order), and a problem per file that
    /// could not be read fully. With `privacyURLs`, the same bytes also go to `PrivacyURLDetector`, whose
    /// fact joins the result (it reads only the files the scan did not: resources, plists, code that does
    /// not ship), so that no source file is read twice.
    public func scan(files: [ProjectFile], maxFileBytes: Int, scope: ShippingScope = .conventions,
                     privacyURLs: Bool = false) -> InspectorOutput<SourceScanPart> {
        var part = SourceScanPart()
        guard !isEmpty else {
            let link = privacyURLs ? PrivacyURLDetector.fact(files: files) : nil
            return InspectorOutput(part: part, facts: link.map { [$0] } ?? [])
        }
        // Indices, not copies: a large tree has 100,000+ files. In path order, so that the hits of
        // file after file, each sorted, are the hits sorted by location.
        // Each file's language is found once, here (a path's names cost more than the test of them).
        let candidates: [(index: Int, language: Language)] = files.indices.compactMap { index in
            guard !files[index].isVendored, let language = Language(path: files[index].path), scope.ships(files[index].path) else { return nil }
            return (index, language)
        }
            .sorted { files[$0.index].path < files[$1.index].path }
        let work = candidates.map(\.index)
        var perFile = ConcurrentMap.map(count: work.count) { i in
            let file = files[work[i]]
            return scanFile(file, language: candidates[i].language, maxFileBytes: maxFileBytes,
                            privacyURLs: privacyURLs && file.size <= maxFileBytes ? PrivacyURLDetector.source(reading: file) : nil)
        }
        var evidence = EvidenceCollector(limits: evidenceLimits)
        var links: [PrivacyURLDetector.Found] = []
        var problems: [InputProblem] = []
        part.symbolHits.reserveCapacity(perFile.reduce(0) { $0 + $1.hits.count })
        for index in perFile.indices {
            let scanned = perFile[index]
            perFile[index] = Scanned(hits: [], problem: nil, links: [])  // each file's hits are freed once moved, so they are never held twice
            for raw in scanned.hits.sorted(by: Self.inOrder) {
                evidence.add(raw)
                part.symbolHits.append(raw.hit)
            }
            if let problem = scanned.problem { problems.append(problem) }
            links += scanned.links
        }
        var facts = evidence.facts
        if privacyURLs, let link = PrivacyURLDetector.fact(files: files, alreadyRead: Set(work.filter { files[$0].size <= maxFileBytes }), found: links) {
            facts.append(link)
        }
        return InspectorOutput(part: part, facts: facts, problems: problems)
    }

    /// What one file gave: its hits, the problem reading it, and the privacy links in its bytes.
    struct Scanned: Sendable {
        let hits: [RawHit]
        let problem: InputProblem?
        let links: [PrivacyURLDetector.Found]
    }

    static func inOrder(_ a: RawHit, _ b: RawHit) -> Bool {
        (a.hit.location, a.hit.signal, a.hit.symbol) < (b.hit.location, b.hit.signal, b.hit.symbol)
    }

    /// One detected fact per signal found, with at most its evidence limit of lines (one per line),
    /// fed hits in location order.
    struct EvidenceCollector {
        let limits: [String: Int]
        var evidence: [String: [Evidence]] = [:]

        mutating func add(_ raw: RawHit) {
            let signal = raw.hit.signal
            var list = evidence[signal, default: []]
            let limit = limits[signal] ?? SymbolEntry.defaultEvidenceLimit
            if list.count >= limit { return }
            if let last = list.last, last.location.path == raw.hit.location.path, last.location.line == raw.hit.location.line { return }
            list.append(Evidence(location: raw.hit.location, snippet: raw.snippet))
            evidence[signal] = list
        }

        var facts: [Fact] {
            evidence.keys.sorted().map { Fact(name: $0, value: .bool(true), source: .detected, evidence: evidence[$0] ?? []) }
        }
    }

    /// `privacyURLs`: how `PrivacyURLDetector` reads this file, when it reads it; nil when it does not.
    func scanFile(_ file: ProjectFile, language: Language, maxFileBytes: Int, privacyURLs: PrivacyURLDetector.Source? = nil) -> Scanned {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file, limit: maxFileBytes)
        } catch {
            return Scanned(hits: [], problem: InputProblem(location: SourceLocation(path: file.path), message: "could not read the file: \(error.message)"), links: [])
        }
        var problem: InputProblem?
        if file.size > maxFileBytes, bytes.count == maxFileBytes {
            problem = InputProblem(location: SourceLocation(path: file.path),
                                   message: "scanned only the first \(Self.megabytes(maxFileBytes)) of \(Self.megabytes(file.size)); symbols after that were not searched")
        }
        // Read whole (the size is under both caps: `scan(files:)` and `source(reading:)` checked), so these are the detector's bytes.
        let links = privacyURLs.map { PrivacyURLDetector.found(in: bytes, source: $0, path: file.path) } ?? []
        return Scanned(hits: scan(bytes: bytes, language: language, path: file.path), problem: problem, links: links)
    }

    /// `8 MB`, `12.5 MB`, `2.0 KB`.
    static func megabytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
        }
        return String(format: "%.1f KB", Double(bytes) / 1024)
    }

    /// Every hit in one file's bytes; empty for a binary file.
    func scan(bytes: [UInt8], language: Language, path: String) -> [RawHit] {
        bytes.withUnsafeBufferPointer { buffer in
            // A NUL in the first 8 KB: binary (`memchr`: a loop over the bytes was 1.5% of `check` on Anki-Android).
            if let base = buffer.baseAddress, memchr(base, 0, min(buffer.count, 8192)) != nil { return [] }
            // Only the words whose length and hash some symbol has come back (`lengths`, `hashBits`).
            var tokenizer = Tokenizer(bytes: buffer, language: language, filter: Tokenizer.WordFilter(lengths: lengths, hashBits: hashBits))
            var hits: [RawHit] = []
            var perSignal: [String: (lines: Int, last: Int)] = [:]
            // Lower-cased once per file, and only when some pattern has excluded path words.
            var lowerPath: String?
            while let word = tokenizer.nextWord() {
                guard let candidates = index[word.hash] else { continue }
                var matchedFacts: [String] = []
                for offset in candidates {
                    let compiled = patterns[offset]
                    guard compiled.languages.contains(language), !matchedFacts.contains(compiled.fact),
                          Self.equal(buffer, word.start, word.end, compiled.identifier),
                          compiled.implicitMember ? Self.isImplicitMember(buffer, before: word.start)
                              : compiled.qualifier.map({ Self.hasQualifier(buffer, before: word.start, $0) }) ?? true,
                          compiled.label.map({ compiled.unlabeledCall ? Self.isUnlabeledCall(buffer, after: word.end)
                              : Self.hasLabel(buffer, after: word.end, $0) }) ?? true,
                          compiled.argumentOf.map({ compiled.memberOfArgument ? Self.isMemberOfArgument(buffer, before: word.start, of: $0)
                              : Self.isArgument(buffer, before: word.start, of: $0) }) ?? true,
                          compiled.stringValue.map({ Self.isGiven(buffer, after: word.end, $0) }) ?? true else { continue }
                if !compiled.excludedPathWords.isEmpty {
                    let lower = lowerPath ?? "/" + path.lowercased()
                    lowerPath = lower
                    if compiled.excludedPathWords.contains(where: { lower.contains($0) }) { continue }
                }
                if !compiled.requiredPathWords.isEmpty {
                    let lower = lowerPath ?? "/" + path.lowercased()
                    lowerPath = lower
                    if !compiled.requiredPathWords.contains(where: { lower.contains($0) }) { continue }
                }
                if !compiled.excludedNearWords.isEmpty,
                   Self.isNear(buffer, lineStart: word.lineStart, end: word.end, compiled.excludedNearWords) { continue }
                if language == .rust, RustBindings.isBinding(buffer, start: word.start, end: word.end) { continue }
                    matchedFacts.append(compiled.fact)
                    let column = 1 + buffer[word.lineStart..<word.start].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                    let location = SourceLocation(path: path, line: word.line, column: column)
                    // Count lines, not hits: evidence takes one hit per line.
                    var seen = perSignal[compiled.fact] ?? (lines: 0, last: 0)
                    if seen.last != word.line { seen = (seen.lines + 1, word.line) }
                    perSignal[compiled.fact] = seen
                    let keepLine = seen.lines <= (evidenceLimits[compiled.fact] ?? SymbolEntry.defaultEvidenceLimit)
                    let snippet = keepLine ? Self.line(buffer, from: word.lineStart) : ""
                    hits.append(RawHit(hit: SymbolHit(signal: compiled.fact, symbol: compiled.text, location: location, snippet: snippet),
                                       snippet: snippet))
                }
            }
            if fragmentLanguages.contains(language) {
                // A name the symbols already found on that line (`deleteAccount`) is not a second signal.
                let taken = Set(hits.map { "\($0.hit.signal) \($0.hit.location.line ?? 0)" })
                hits += fragmentHits(buffer, language: language, path: path)
                    .filter { !taken.contains("\($0.hit.signal) \($0.hit.location.line ?? 0)") }
            }
            return hits
        }
    }

    /// The first place of each `in_text` fragment in the text, any case: in code, strings and comments alike
    /// (a string key or a URL is as much a name as an identifier). One pass; only the fragments whose first byte
    /// matches are tried at a position.
    func fragmentHits(_ buffer: UnsafeBufferPointer<UInt8>, language: Language, path: String) -> [RawHit] {
        var hits: [RawHit] = []
        var lowerPath: String?
        for place in fragmentIndex.firstPlaces(in: buffer, searched: fragmentLanguageSets.map { $0.contains(language) }) {
            let fragment = fragments[place.fragment]
            if !fragment.excludedPathWords.isEmpty {
                let lower = lowerPath ?? "/" + path.lowercased()
                lowerPath = lower
                if fragment.excludedPathWords.contains(where: { lower.contains($0) }) { continue }
            }
            if !fragment.requiredPathWords.isEmpty {
                let lower = lowerPath ?? "/" + path.lowercased()
                lowerPath = lower
                if !fragment.requiredPathWords.contains(where: { lower.contains($0) }) { continue }
            }
            let column = 1 + buffer[place.lineStart..<place.start].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            let snippet = Self.line(buffer, from: place.lineStart)
            hits.append(RawHit(hit: SymbolHit(signal: fragment.fact, symbol: fragment.text,
                                              location: SourceLocation(path: path, line: place.line, column: column), snippet: snippet),
                               snippet: snippet))
        }
        return hits
    }

    // MARK: byte helpers

    /// `WordHash` of `b[start..<end]`: a symbol's key in `index` (a word's, the tokenizer computes as it reads it).
    static func hash(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var h = WordHash.offset
        for i in start..<end { h = WordHash.adding(b[i], to: h) }
        return h
    }

    static func equal(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: [UInt8]) -> Bool {
        guard end - start == word.count else { return false }
        for k in 0..<word.count where b[start + k] != word[k] { return false }
        return true
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// `Qualifier.` (or `Qualifier?.`, `Qualifier!.`, with whitespace) right before `start`, segment by segment.
    static func hasQualifier(_ b: UnsafeBufferPointer<UInt8>, before start: Int, _ segments: [[UInt8]]) -> Bool {
        var k = start - 1
        for segment in segments {
            while k >= 0, isSpace(b[k]) { k -= 1 }
            guard k >= 0, b[k] == UInt8(ascii: ".") else { return false }
            k -= 1
            while k >= 0, isSpace(b[k]) { k -= 1 }
            if k >= 0, b[k] == UInt8(ascii: "?") || b[k] == UInt8(ascii: "!") { k -= 1 }
            let end = k + 1
            while k >= 0, Tokenizer.isWordByte(b[k]) { k -= 1 }
            guard equal(b, k + 1, end, segment) else { return false }
        }
        return true
    }

    /// `.` right before `start` with no name, call, subscript, optional chain or literal before the dot:
    /// `= .camera`, `(.camera)`, `sourceType: .camera`, `[.camera]`.
    static func isImplicitMember(_ b: UnsafeBufferPointer<UInt8>, before start: Int) -> Bool {
        var k = start - 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        guard k >= 0, b[k] == UInt8(ascii: ".") else { return false }
        k -= 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        guard k >= 0 else { return true }
        let c = b[k]
        // Not after a name, a call, a subscript, a literal or a key path's `\` (`\.creationDate` is a model's field).
        return !Tokenizer.isWordByte(c) && !")]?!\"'>.\\".utf8.contains(c)
    }

    /// `callee(.` or `callee = .` (with whitespace) right before `start`.
    static func isArgument(_ b: UnsafeBufferPointer<UInt8>, before start: Int, of callee: [UInt8]) -> Bool {
        var k = start - 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        guard k >= 0, b[k] == UInt8(ascii: ".") else { return false }
        k -= 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        guard k >= 0, b[k] == UInt8(ascii: "(") || b[k] == UInt8(ascii: "=") else { return false }
        k -= 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        let end = k + 1
        while k >= 0, Tokenizer.isWordByte(b[k]) { k -= 1 }
        return equal(b, k + 1, end, callee)
    }

    /// `callee(value.` (or `value?.`, `value!.`, with whitespace) right before `start`: a member of a named value
    /// given as the first argument of `callee`.
    static func isMemberOfArgument(_ b: UnsafeBufferPointer<UInt8>, before start: Int, of callee: [UInt8]) -> Bool {
        var k = start - 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        guard k >= 0, b[k] == UInt8(ascii: ".") else { return false }
        k -= 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        if k >= 0, b[k] == UInt8(ascii: "?") || b[k] == UInt8(ascii: "!") { k -= 1 }
        let receiverEnd = k + 1
        while k >= 0, Tokenizer.isWordByte(b[k]) { k -= 1 }
        guard k + 1 < receiverEnd else { return false }
        while k >= 0, isSpace(b[k]) { k -= 1 }
        guard k >= 0, b[k] == UInt8(ascii: "(") else { return false }
        k -= 1
        while k >= 0, isSpace(b[k]) { k -= 1 }
        let end = k + 1
        while k >= 0, Tokenizer.isWordByte(b[k]) { k -= 1 }
        return equal(b, k + 1, end, callee)
    }

    /// `="value"` or `: 'value'` (JSX `={"value"}`, any quote, whitespace) right after `end`, the value
    /// being the whole string or one item of a `,`/`|`/space-separated list (`"username|newPassword"`).
    static func isGiven(_ b: UnsafeBufferPointer<UInt8>, after end: Int, _ value: [UInt8]) -> Bool {
        var k = end
        while k < b.count, isSpace(b[k]) { k += 1 }
        guard k < b.count, b[k] == UInt8(ascii: "=") || b[k] == UInt8(ascii: ":") else { return false }
        k += 1
        while k < b.count, isSpace(b[k]) || b[k] == UInt8(ascii: "{") { k += 1 }
        guard k < b.count, b[k] == UInt8(ascii: "\"") || b[k] == UInt8(ascii: "'") || b[k] == UInt8(ascii: "`") else { return false }
        let quote = b[k]
        k += 1
        let limit = min(b.count, k + 256)
        var itemStart = k
        while k < limit, b[k] != 0x0A {
            let c = b[k]
            if c == quote || c == UInt8(ascii: ",") || c == UInt8(ascii: "|") || c == 0x20 {
                var item = itemStart
                while item < k, isSpace(b[item]) { item += 1 }
                if equal(b, item, k, value) { return true }
                if c == quote { return false }
                itemStart = k + 1
            }
            k += 1
        }
        return false
    }

    /// Whether one of `words` (lower case) is written, in any case, between the start of the line
    /// `SymbolEntry.nearLinesBefore` lines above `lineStart` and the end of the line `SymbolEntry.nearLinesAfter`
    /// lines below the hit ending at `end`: its neighbourhood in code, strings and comments alike.
    static func isNear(_ b: UnsafeBufferPointer<UInt8>, lineStart: Int, end: Int, _ words: [[UInt8]]) -> Bool {
        var from = lineStart
        var lines = 0
        while from > 0, lines < SymbolEntry.nearLinesBefore {
            from -= 1
            while from > 0, b[from - 1] != 0x0A { from -= 1 }
            lines += 1
        }
        var to = end
        lines = 0
        while to < b.count {
            if b[to] == 0x0A {
                if lines == SymbolEntry.nearLinesAfter { break }
                lines += 1
            }
            to += 1
        }
        let window = UnsafeBufferPointer(rebasing: b[from..<to])
        return words.contains { StringSearch.occursIgnoringASCIICase($0, in: window) }
    }

    /// The first word inside the parenthesis right after `end` (whitespace allowed around it), and the first byte
    /// after that word and the whitespace after it; nil when no `(` follows. An empty word: the argument is no name.
    static func firstArgument(_ b: UnsafeBufferPointer<UInt8>, after end: Int) -> (start: Int, end: Int, next: Int)? {
        var k = end
        while k < b.count, isSpace(b[k]) { k += 1 }
        guard k < b.count, b[k] == UInt8(ascii: "(") else { return nil }
        k += 1
        while k < b.count, isSpace(b[k]) { k += 1 }
        let start = k
        while k < b.count, Tokenizer.isWordByte(b[k]) { k += 1 }
        let wordEnd = k
        while k < b.count, isSpace(b[k]) { k += 1 }
        return (start, wordEnd, k)
    }

    /// `(label:` (with whitespace) right after `end`.
    static func hasLabel(_ b: UnsafeBufferPointer<UInt8>, after end: Int, _ label: [UInt8]) -> Bool {
        guard let argument = firstArgument(b, after: end), equal(b, argument.start, argument.end, label) else { return false }
        return argument.next < b.count && b[argument.next] == UInt8(ascii: ":")
    }

    /// `(` right after `end` (with whitespace) whose first argument has no label: `stat(path, &info)`,
    /// `mach_absolute_time()`. Not `stat(page: .home)` (a label: a Swift function of the app's own; C functions
    /// imported into Swift take none) nor `stat(_ page: Page)` or `stat(path: String)` in a declaration (a name
    /// followed by another name or a label).
    static func isUnlabeledCall(_ b: UnsafeBufferPointer<UInt8>, after end: Int) -> Bool {
        guard let argument = firstArgument(b, after: end) else { return false }
        let k = argument.next
        guard argument.end > argument.start, k < b.count else { return true }
        if b[k] == UInt8(ascii: ":") { return k + 1 < b.count && b[k + 1] == UInt8(ascii: ":") }
        // `_ page` or `path label`: two names in a row only stand in a parameter list.
        return !(k > argument.end && Tokenizer.isWordByte(b[k]))
    }

    /// The line starting at `start`, trimmed and cut to 200 characters.
    static func line(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var end = start
        while end < b.count, b[end] != 0x0A { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
