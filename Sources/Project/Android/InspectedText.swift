import Foundation
import Support
import Formats

/// Reads a small project text file (a manifest, a build file, a lock file) for the Android and
/// dependency inspectors. A file that is too large, unreadable or not UTF-8 becomes an `InputProblem`
/// naming the file, so one bad file never stops the inspection.
enum InspectedText {
    /// An `InputProblem` carried as an error, for readers that throw.
    struct Failure: Error {
        let problem: InputProblem
        init(_ location: SourceLocation, _ message: String) { problem = InputProblem(location: location, message: message) }
    }

    /// Build and lock files are small; anything bigger is not what we think it is.
    static let maxBytes = 16 << 20

    static func read(_ file: ProjectFile) throws(Failure) -> String {
        let location = SourceLocation(path: file.path)
        if file.size > maxBytes {
            throw Failure(location, "file is \(file.size) bytes, larger than the \(maxBytes) bytes read for this kind of file; skipped")
        }
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            throw Failure(location, "could not be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(location, "is not UTF-8 text; skipped")
        }
        return text
    }

    /// The 1-based line of the first occurrence of `needle` at or after `start`, for files
    /// read whole (JSON, XML) whose parsers give no line numbers.
    static func line(of needle: String, in text: String, after start: String.Index? = nil) -> Int? {
        let from = start ?? text.startIndex
        guard let range = text.range(of: needle, range: from..<text.endIndex) else { return nil }
        return text[text.startIndex..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// The first line of every double-quoted string (`"alamofire"`, quotes included), in one pass over the
    /// bytes: a lock file with thousands of entries must not be searched from the top once per entry.
    static func quotedStringLines(in text: String) -> [String: Int] {
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
    static func keyLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        for (offset, raw) in text.lineSlices().enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            guard line.first == "\"", let close = line.dropFirst().firstIndex(of: "\"") else { continue }
            let key = String(line[line.index(after: line.startIndex)..<close])
            if lines[key] == nil { lines[key] = offset + 1 }
        }
        return lines
    }
}
