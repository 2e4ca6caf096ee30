import Foundation
import Support

/// A parsed property list file: its value and, for text formats (XML, old-style), the text, so that
/// findings can point at the line where a key or value is written. Binary plists have no lines.
public struct PlistDocument: Sendable {
    public let value: PlistValue
    /// The file's text when it is XML or old-style; nil for binary.
    public let text: String?
    /// The text's bytes and where each line starts, made once: every line lookup searches bytes.
    package let lines: TextLines?

    public init(value: PlistValue, text: String?) {
        self.value = value
        self.text = text
        self.lines = text.map { TextLines(Array($0.utf8)) }
    }

    /// A document whose UTF-8 text is `bytes` (read once, not copied again for the line index).
    package init(value: PlistValue, bytes: [UInt8]) {
        self.value = value
        self.text = String(decoding: bytes, as: UTF8.self)
        self.lines = TextLines(bytes)
    }

    /// The 1-based line of the first `<key>name</key>` (XML) or `name =` (old-style), if any.
    /// For many keys of one file, `keyLines()` reads the file once.
    public func line(ofKey key: String) -> Int? {
        keyLines(only: key)[key]
    }

    /// The 1-based line of every key written as `<key>name</key>` or `name =` / `"name" =` at a line's
    /// start, first occurrence each: one pass over the file.
    public func keyLines() -> [String: Int] {
        keyLines(only: nil)
    }

    private func keyLines(only wanted: String?) -> [String: Int] {
        guard let lines else { return [:] }
        var result: [String: Int] = [:]
        lines.forEachKey { key, line in
            if let wanted, key != wanted { return true }
            if result[key] == nil { result[key] = line }
            return wanted == nil  // one key: stop at its first line
        }
        return result
    }

    /// The 1-based line of the first line containing `fragment`.
    public func line(containing fragment: String) -> Int? {
        lines?.firstLine(containing: Array(fragment.utf8))
    }

    /// For each word that follows `prefix` somewhere in the file (`INFOPLIST_KEY_` → `NSCameraUsageDescription`),
    /// the line of its first occurrence: one pass, however many settings a project has.
    package func firstLines(ofWordsAfter prefix: String) -> [String: Int] {
        lines?.firstLines(ofWordsAfter: Array(prefix.utf8)) ?? [:]
    }
}

/// Lines of a text file as bytes: the offset where each line starts, found once, so that a line number is a
/// binary search and a fragment is found by `memchr` and a comparison.
package struct TextLines: Sendable {
    package let bytes: [UInt8]
    /// Offset of the first byte of each line; line n (1-based) starts at `starts[n - 1]`.
    package let starts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var k = 0
            while k < buffer.count {
                guard let found = memchr(buffer.baseAddress! + k, 0x0A, buffer.count - k) else { break }
                k = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(k)
            }
        }
        self.starts = starts
    }

    /// The 1-based line holding byte `offset`.
    package func line(at offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The line of the first occurrence of `fragment` (which holds no newline).
    package func firstLine(containing fragment: [UInt8]) -> Int? {
        guard !fragment.isEmpty else { return bytes.isEmpty ? nil : 1 }
        return offset(of: fragment, from: 0).map(line(at:))
    }

    /// The offset of the first occurrence of `fragment` at or after `start`: `memchr` to each candidate
    /// first byte, then a byte comparison.
    /// `limit` bounds the search (the fragment must end by it), so a per-line search stays within its line.
    package func offset(of fragment: [UInt8], from start: Int, limit: Int? = nil) -> Int? {
        let stop = min(limit ?? bytes.count, bytes.count)
        guard let first = fragment.first, start >= 0, start + fragment.count <= stop else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let last = stop - fragment.count
            var k = start
            while k <= last {
                guard let found = memchr(base + k, Int32(first), last + 1 - k) else { return nil }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var n = 1
                while n < fragment.count, buffer[at + n] == fragment[n] { n += 1 }
                if n == fragment.count { return at }
                k = at + 1
            }
            return nil
        }
    }

    /// Each identifier word right after an occurrence of `prefix`, with the line it first appears on.
    /// A fragment `prefix + rest` first appears on the smallest line among the words starting with `rest`.
    package func firstLines(ofWordsAfter prefix: [UInt8]) -> [String: Int] {
        var result: [String: Int] = [:]
        var k = 0
        while let found = offset(of: prefix, from: k) {
            var end = found + prefix.count
            while end < bytes.count, WordBytes.isWordByte(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[(found + prefix.count)..<end], as: UTF8.self)
            if result[word] == nil { result[word] = line(at: found) }
            k = found + 1
        }
        return result
    }

    /// Calls `body` with every key a line declares, in line order: `<key>name</key>` anywhere in the line,
    /// or `name =` / `"name" =` at its start (old-style plists). `body` returns false to stop.
    func forEachKey(_ body: (String, Int) -> Bool) {
        let open = Array("<key>".utf8), close = Array("</key>".utf8)
        for index in starts.indices {
            let start = starts[index]
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
            guard start < end else { continue }
            var k = start
            // Each search stops at the line's end: searching the rest of the file for every line was quadratic.
            while let found = offset(of: open, from: k, limit: end) {
                let keyStart = found + open.count
                guard let closing = offset(of: close, from: keyStart, limit: end) else { break }
                if !body(String(decoding: bytes[keyStart..<closing], as: UTF8.self), index + 1) { return }
                k = closing + close.count
            }
            if let key = assignedKey(start, end), !body(key, index + 1) { return }
        }
    }

    /// `key = …` or `"key" = …` at the start of the line `start..<end`: the key.
    private func assignedKey(_ start: Int, _ end: Int) -> String? {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), equals = UInt8(ascii: "="), quote = UInt8(ascii: "\"")
        var k = start
        while k < end, bytes[k] == space || bytes[k] == tab { k += 1 }
        guard k < end else { return nil }
        var keyStart = k, keyEnd: Int
        if bytes[k] == quote {
            keyStart = k + 1
            var m = keyStart
            while m < end, bytes[m] != quote { m += 1 }
            guard m < end else { return nil }
            keyEnd = m
            k = m + 1
        } else {
            while k < end, bytes[k] != equals { k += 1 }
            keyEnd = k
            while keyEnd > keyStart, bytes[keyEnd - 1] == space || bytes[keyEnd - 1] == tab { keyEnd -= 1 }
        }
        while k < end, bytes[k] == space || bytes[k] == tab { k += 1 }
        guard k < end, bytes[k] == equals, keyEnd > keyStart else { return nil }
        return String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
    }

    /// The first line of `text` for which `matches` holds (for small files read once).
    package static func firstLine(in text: String, where matches: (Substring) -> Bool) -> Int? {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if matches(line) { return number }
        }
        return nil
    }
}
