/// A problem in a YAML document, with where it is. `path` names the node the way a user reads it
/// (`rules[3].severity`); `snippet` is the offending line with a caret under the column, when known.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let mark: Mark?
    public let path: String?
    public let message: String
    public let snippet: String?

    public init(file: String, mark: Mark?, path: String? = nil, message: String, snippet: String? = nil) {
        self.file = file
        self.mark = mark
        self.path = path
        self.message = message
        self.snippet = snippet
    }

    /// `path at file:line:column: message`, then the snippet lines.
    public var description: String {
        var where_ = file
        if let mark { where_ += ":\(mark)" }
        var text = path.map { "\($0) at \(where_): \(message)" } ?? "\(where_): \(message)"
        if let snippet { text += "\n" + snippet }
        return text
    }
}
