/// Collects every problem found while reading a document, so that a user sees them all at once.
/// Owned by one reading pass; not shared between threads.
public final class Diagnostics {
    public let file: String
    private let lines: [Substring]
    public private(set) var errors: [YAMLError] = []

    public init(file: String, source: String = "") {
        self.file = file
        self.lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    public func add(_ message: String, at mark: Mark?, path: String? = nil) {
        errors.append(YAMLError(file: file, mark: mark, path: path, message: message, snippet: snippet(at: mark)))
    }

    public func add(_ error: YAMLError) { errors.append(error) }

    /// The source line of `mark` with a caret under its column.
    public func snippet(at mark: Mark?) -> String? {
        guard let mark, mark.line >= 1, mark.line <= lines.count else { return nil }
        var line = String(lines[mark.line - 1])
        if line.hasSuffix("\r") { line.removeLast() }
        if line.count > 160 { line = String(line.prefix(160)) + "…" }
        let pad = String(repeating: " ", count: max(0, min(mark.column - 1, line.count)))
        return "  \(line)\n  \(pad)^"
    }
}
