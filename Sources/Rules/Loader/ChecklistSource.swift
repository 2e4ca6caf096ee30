import YAML

/// The text of one checklist file and the name to report it by.
public struct ChecklistSource: Sendable {
    public let file: String
    /// Kept even when `node` is given: error snippets and `rules show` quote it.
    public let text: String
    /// The text's YAML tree when it was already parsed (a built-in checklist, compiled at build time);
    /// nil means the loader parses `text`.
    public let node: Node?

    public init(file: String, text: String, node: Node? = nil) {
        self.file = file
        self.text = text
        self.node = node
    }

    /// The document's root: the pre-parsed tree, else `text` parsed; nil for an empty document.
    public func root() throws(YAMLError) -> Node? {
        if let node { return node }
        return try YAMLParser.parse(text, file: file)
    }
}

/// Every problem found in the loaded checklists, each with file:line:column.
public struct ChecklistLoadError: Error, Sendable, CustomStringConvertible {
    public let errors: [YAMLError]

    public init(errors: [YAMLError]) { self.errors = errors }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
