/// Collects every problem found while reading a document, so that a user sees them all at once.
/// Owned by one reading pass; not shared between threads.
public final class Diagnostics {
    public let file: String
    /// Kept whole: a line is found only when a snippet is asked for (nearly every load has no error,
    /// so splitting every checklist into lines up front was half the start-up time).
    private let source: String
    public private(set) var errors: [YAMLError] = []

    public init(file: String, source: String = "") {
        self.file = file
        self.source = source
    }

    public func add(_ message: String, at mark: Mark?, path: String? = nil) {
        errors.append(YAMLError(file: file, mark: mark, path: path, message: message, snippet: snippet(at: mark)))
    }

    public func add(_ error: YAMLError) { errors.append(error) }

    /// The source line of `mark` with a caret under its column.
    public func snippet(at mark: Mark?) -> String? {
        guard let mark, let found = Self.line(mark.line, of: source) else { return nil }
        var line = found
        if line.hasSuffix("\r") { line.removeLast() }
        if line.count > 160 { line = String(line.prefix(160)) + "…" }
        let pad = String(repeating: " ", count: max(0, min(mark.column - 1, line.count)))
        return "  \(line)\n  \(pad)^"
    }

    /// Where the `occurrence`-th (0-based) `needle` is written at or after `start`, for a word inside a
    /// folded or multi-line scalar whose offset in the value is not its column in the file. Columns count
    /// Unicode scalars, as marks do. Nil when it is not found.
    public func mark(of needle: String, occurrence: Int, from start: Mark) -> Mark? {
        guard !needle.isEmpty else { return nil }
        var seen = 0
        var number = start.line
        let wanted = Array(needle.unicodeScalars)
        // Line after line from the start line, whose offset is looked up in a table made once: finding each
        // line from the top made every fact reference of a checklist cost its line number.
        guard start.line >= 1, start.line <= lineStarts.count else { return nil }
        var lineStart = lineStarts[start.line - 1]
        let utf8 = source.utf8
        while lineStart <= utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let scalars = Array(source[lineStart..<lineEnd].unicodeScalars)
            var column = number == start.line ? max(0, start.column - 1) : 0
            while column + wanted.count <= scalars.count {
                if scalars[column..<(column + wanted.count)].elementsEqual(wanted) {
                    if seen == occurrence { return Mark(line: number, column: column + 1) }
                    seen += 1
                    column += wanted.count
                } else {
                    column += 1
                }
            }
            number += 1
            if number - start.line > 10_000 || lineEnd == utf8.endIndex { return nil }
            lineStart = utf8.index(after: lineEnd)
        }
        return nil
    }

    /// Where each line of the source starts (made when a mark is first looked for).
    private lazy var lineStarts: [String.Index] = {
        let utf8 = source.utf8
        var starts = [utf8.startIndex]
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") { starts.append(utf8.index(after: index)) }
            index = utf8.index(after: index)
        }
        return starts
    }()

    /// The text of 1-based line `number`, found on the UTF-8 bytes; nil past the end.
    static func line(_ number: Int, of source: String) -> String? {
        guard number >= 1 else { return nil }
        let utf8 = source.utf8
        var start = utf8.startIndex
        var current = 1
        while current < number {
            guard let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = utf8.index(after: newline)
            current += 1
        }
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        return String(source[start..<end])
    }
}
