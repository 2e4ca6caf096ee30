import Foundation
import Support
import Formats

/// A `shipcheck:disable` comment written in a project file: which rules it silences and where.
///
///     // shipcheck:disable:next purpose-strings.missing        the line below
///     let x = y   // shipcheck:disable:this api.user-defaults   this line
///     # shipcheck:disable metadata.play-image-sizes             the whole file
///     <!-- shipcheck:disable:next privacy-manifest.invalid -->  XML, plist, HTML
///     // shipcheck:disable api.user-defaults  …  // shipcheck:enable api.user-defaults
///                                                    from the disable to the enable (a region, as SwiftLint's)
///
/// A comment marker (`//`, `#`, `/*`, `*`, `<!--`, `--`, `;`) must come right before the directive; the
/// rule ids (or checklist names) follow, separated by spaces or commas; anything after them (`-->`, `*/`,
/// ` - why`) is ignored. Store listing files (fastlane `*.txt`) have no comments: their text is uploaded as
/// is, so they are silenced with `ignore:` in shipcheck.yml instead.
public struct SuppressionDirective: Sendable, Hashable {
    public enum Scope: Sendable, Hashable {
        /// Every finding in the file.
        case file
        /// Findings on this 1-based line.
        case line(Int)
        /// Findings on these lines: a `shipcheck:disable` closed by a later `shipcheck:enable` of the same rule.
        case lines(ClosedRange<Int>)
    }

    /// Rule ids or checklist names, as written.
    public let rules: [String]
    public let scope: Scope
    /// Where the directive is written (for a warning about an unknown rule id).
    public let location: SourceLocation

    public init(rules: [String], scope: Scope, location: SourceLocation) {
        self.rules = rules
        self.scope = scope
        self.location = location
    }
}

/// Reads the `shipcheck:disable` directives of project files. Only the files that have findings are read,
/// once each, after the checks: the common run (no directive anywhere) reads a few files, not the tree.
public enum SuppressionDirectives {
    public static let keyword = Array("shipcheck:disable".utf8)
    public static let enableKeyword = Array("shipcheck:enable".utf8)
    /// Files larger than this are not searched (the scan reads at most as much).
    public static let maxFileBytes = 8 << 20

    /// The directives of each of `paths` (relative to `root`) that is a readable regular text file;
    /// a file that cannot be read simply has none.
    public static func read(root: String, paths: Set<String>) -> [String: [SuppressionDirective]] {
        var result: [String: [SuppressionDirective]] = [:]
        // Every file with a finding is read: over the cores.
        let wanted = paths.sorted().filter { path in !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..") }
        let found = ConcurrentMap.map(count: wanted.count) { index -> [SuppressionDirective] in
            let url = URL(fileURLWithPath: root).appendingPathComponent(wanted[index])
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
                  values.isRegularFile == true, (values.fileSize ?? 0) <= maxFileBytes,
                  let data = try? Data(contentsOf: url) else { return [] }
            return parse(data, path: wanted[index])
        }
        for (path, directives) in zip(wanted, found) where !directives.isEmpty { result[path] = directives }
        return result
    }

    /// The directives in a file's bytes. Binary files (a NUL byte in the first 8 KB) have none.
    public static func parse(_ data: Data, path: String) -> [SuppressionDirective] {
        let bytes = [UInt8](data)
        if bytes.prefix(8192).contains(0) { return [] }
        var directives: [SuppressionDirective] = []
        // Where each rule's file-wide disable was opened (directive index), to be closed by an enable.
        var open: [String: Int] = [:]
        var regions: [Int: [String: ClosedRange<Int>]] = [:]
        var lineStart = 0
        var lineNumber = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = bytes[lineStart..<lineEnd]
            if let directive = directive(in: line, line: lineNumber, path: path) {
                if directive.scope == .file {
                    for rule in directive.rules where open[rule] == nil { open[rule] = directives.count }
                }
                directives.append(directive)
            } else if let enabled = enabledRules(in: line) {
                for rule in enabled {
                    guard let index = open.removeValue(forKey: rule), let start = directives[index].location.line else { continue }
                    regions[index, default: [:]][rule] = start...lineNumber
                }
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        guard !regions.isEmpty else { return directives }
        // A disable whose rules were enabled again becomes one region per rule; the rules never enabled keep the file.
        return directives.enumerated().flatMap { index, directive -> [SuppressionDirective] in
            guard let closed = regions[index] else { return [directive] }
            var split = directive.rules.compactMap { rule in
                closed[rule].map { SuppressionDirective(rules: [rule], scope: .lines($0), location: directive.location) }
            }
            let rest = directive.rules.filter { closed[$0] == nil }
            if !rest.isEmpty { split.append(SuppressionDirective(rules: rest, scope: .file, location: directive.location)) }
            return split
        }
    }

    /// The rules a `shipcheck:enable` comment on this line names, if it has one.
    static func enabledRules(in line: ArraySlice<UInt8>) -> [String]? {
        guard let start = firstIndex(of: enableKeyword, in: line), followsCommentMarker(line[line.startIndex..<start]) else { return nil }
        let index = start + enableKeyword.count
        guard index == line.endIndex || isSeparator(line[index]) else { return nil }
        let rules = ruleNames(in: line, from: index)
        return rules.isEmpty ? nil : rules
    }

    /// The rule ids or checklist names from `index` on, up to the first word that is none.
    static func ruleNames(in line: ArraySlice<UInt8>, from start: Int) -> [String] {
        var index = start
        var rules: [String] = []
        while index < line.endIndex {
            while index < line.endIndex, isSeparator(line[index]) { index += 1 }
            var end = index
            while end < line.endIndex, !isSeparator(line[end]) { end += 1 }
            guard end > index else { break }
            let word = line[index..<end]
            guard isRuleName(word) else { break }
            rules.append(String(decoding: word, as: UTF8.self))
            index = end
        }
        return rules
    }

    /// The directive on one line, if the line has one inside a comment.
    static func directive(in line: ArraySlice<UInt8>, line number: Int, path: String) -> SuppressionDirective? {
        guard let start = firstIndex(of: keyword, in: line), followsCommentMarker(line[line.startIndex..<start]) else { return nil }
        var index = start + keyword.count
        var scope = SuppressionDirective.Scope.file
        for (suffix, lineScope) in [(":next", number + 1), (":this", number)] {
            let suffixBytes = Array(suffix.utf8)
            if index + suffixBytes.count <= line.endIndex, Array(line[index..<index + suffixBytes.count]) == suffixBytes {
                scope = .line(lineScope)
                index += suffixBytes.count
                break
            }
        }
        // The directive word must end here: `shipcheck:disable:nextline` is not a directive.
        guard index == line.endIndex || isSeparator(line[index]) else { return nil }
        let rules = ruleNames(in: line, from: index)
        guard !rules.isEmpty else { return nil }
        let column = String(decoding: line[line.startIndex..<start], as: UTF8.self).count + 1
        return SuppressionDirective(rules: rules, scope: scope, location: SourceLocation(path: path, line: number, column: column))
    }

    /// What precedes the directive is a comment opener, then only spaces.
    static func followsCommentMarker(_ prefix: ArraySlice<UInt8>) -> Bool {
        var end = prefix.endIndex
        while end > prefix.startIndex, prefix[end - 1] == 0x20 || prefix[end - 1] == 0x09 { end -= 1 }
        let text = String(decoding: prefix[prefix.startIndex..<end], as: UTF8.self)
        return ["//", "#", "/*", "*", "<!--", "--", ";"].contains { text.hasSuffix($0) }
    }

    /// A rule id or checklist name: lower-case letters, digits, `.`, `-` and `_`, starting with a letter.
    static func isRuleName(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first, (0x61...0x7A).contains(first) else { return false }
        return word.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F }
            && word.last != 0x2E && word.last != 0x2D
    }

    static func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x2C || byte == 0x0D }

    static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
