/// Where something is in the project: a path relative to the project root with forward slashes,
/// and a 1-based line and column when known.
public struct SourceLocation: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let column: Int?

    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line ?? 0, a.column ?? 0) < (b.path, b.line ?? 0, b.column ?? 0)
    }

    /// `path:line:column`, dropping what is unknown.
    public var description: String {
        var text = path
        if let line { text += ":\(line)"; if let column { text += ":\(column)" } }
        return text
    }
}

/// Why the tool believes something: a place and the text found there.
public struct Evidence: Sendable, Hashable, Codable, Comparable {
    public let location: SourceLocation
    /// The matched text or the line it stands on, trimmed; never a secret.
    public let snippet: String

    public init(location: SourceLocation, snippet: String) {
        self.location = location
        self.snippet = snippet
    }

    public static func < (a: Evidence, b: Evidence) -> Bool {
        (a.location, a.snippet) < (b.location, b.snippet)
    }
}
