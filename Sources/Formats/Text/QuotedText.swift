import Support

/// Quoted strings in a text that a reader takes whole (JSON, TOML, a lock file): their quotes, and the line each
/// first stands on, for readers whose parser gives no line numbers.
package enum QuotedText {
    /// `"a"` or `'a'` → `a`; anything else as it is.
    package static func unquote(_ text: String) -> String {
        if text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// The first line of every double-quoted string (`"alamofire"`, quotes included), in one pass over the
    /// bytes: a lock file with thousands of entries must not be searched from the top once per entry.
    package static func quotedStringLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        var line = 1
        var utf8 = text.utf8[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "\n") { line += 1; continue }
            guard byte == UInt8(ascii: "\"") else { continue }
            var end = utf8.startIndex
            while end < utf8.endIndex, utf8[end] != UInt8(ascii: "\""), utf8[end] != UInt8(ascii: "\n") {
                end = utf8.index(after: end)
            }
            guard end < utf8.endIndex, utf8[end] == UInt8(ascii: "\"") else { continue }
            let quoted = "\"" + String(decoding: utf8[utf8.startIndex..<end], as: UTF8.self) + "\""
            if lines[quoted] == nil { lines[quoted] = line }
            utf8 = utf8[utf8.index(after: end)...]
        }
        return lines
    }

    /// The line of every JSON key that starts a line (`"node_modules/x": {`), first occurrence, in one pass:
    /// a lock file with thousands of entries must not be searched once per entry.
    package static func keyLines(in text: String) -> [String: Int] {
        // An ASCII text (nearly every lock file) on its bytes, with the same lines (see `lineSlices`) and keys: a
        // large package-lock.json walked `Character` by `Character` was a visible cost of `check`.
        var bytes = text
        if let lines = bytes.withUTF8({ $0.contains { $0 >= 0x80 } ? nil : asciiKeyLines($0) }) { return lines }
        var lines: [String: Int] = [:]
        for (offset, raw) in text.lineSlices().enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            guard line.first == "\"", let close = line.dropFirst().firstIndex(of: "\"") else { continue }
            let key = String(line[line.index(after: line.startIndex)..<close])
            if lines[key] == nil { lines[key] = offset + 1 }
        }
        return lines
    }

    /// `keyLines` of ASCII bytes: a line ends at a line feed that no carriage return precedes.
    static func asciiKeyLines(_ text: UnsafeBufferPointer<UInt8>) -> [String: Int] {
        var lines: [String: Int] = [:]
        var number = 0
        var start = 0
        while start <= text.count {
            number += 1
            var end = start
            while end < text.count, text[end] != 0x0A || (end > 0 && text[end - 1] == 0x0D) { end += 1 }
            defer { start = end + 1 }
            var first = start
            while first < end, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
            guard first < end, text[first] == 0x22 else { continue }
            var close = first + 1
            while close < end, text[close] != 0x22 { close += 1 }
            guard close < end else { continue }
            let key = String(decoding: UnsafeBufferPointer(rebasing: text[(first + 1)..<close]), as: UTF8.self)
            if lines[key] == nil { lines[key] = number }
        }
        return lines
    }
}
