/// A YAML node. Scalars stay text: nothing is coerced to a boolean or a number until a reader asks
/// for one against its schema, so `no` (Norway) or `0x10` are never silently changed.
public struct Node: Sendable {
    public enum Content: Sendable {
        case scalar(String)
        case sequence([Node])
        /// Keys in document order; duplicate keys are rejected by the parser.
        case mapping([Pair])
    }

    public struct Pair: Sendable {
        public let key: Node
        public let value: Node

        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// How a scalar was written; `plain` scalars such as `~` or `null` may mean null, quoted ones never do.
    public enum Style: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded, collection
    }

    public let content: Content
    public let mark: Mark
    public let style: Style
    /// An explicit tag such as `!!str`, when the document wrote one.
    public let tag: String?

    public init(_ content: Content, mark: Mark, style: Style = .plain, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.style = style
        self.tag = tag
    }

    public var scalar: String? {
        if case .scalar(let text) = content { return text }
        return nil
    }

    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// A plain `~`, `null`, `Null`, `NULL` or empty scalar: YAML's null.
    public var isNull: Bool {
        guard style == .plain, let text = scalar else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// The value under a scalar key of a mapping.
    public subscript(key: String) -> Node? {
        mapping?.first { $0.key.scalar == key }?.value
    }

    /// A short name for the node's kind, for error messages.
    public var kindName: String {
        switch content {
        case .scalar: return isNull ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
