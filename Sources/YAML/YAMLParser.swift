import CYAML
import Foundation

/// Bounds that keep a hostile document from eating memory or the stack.
public struct YAMLLimits: Sendable {
    public var maxDepth: Int
    public var maxNodes: Int
    public var maxBytes: Int

    public init(maxDepth: Int = 256, maxNodes: Int = 1_000_000, maxBytes: Int = 16 << 20) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxBytes = maxBytes
    }

    public static let `default` = YAMLLimits()
}

/// Parses YAML text into a `Node` tree. STUB: replaced by the libyaml-backed implementation.
public enum YAMLParser {
    /// The document's root, or nil for an empty document. Throws the first libyaml error or bound hit.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = .default) throws(YAMLError) -> Node? {
        throw YAMLError(file: file, mark: nil, message: "not implemented")
    }

    /// Same, from bytes: invalid UTF-8 is an error naming the file and the byte offset; a BOM is skipped.
    public static func parse(data: Data, file: String, limits: YAMLLimits = .default) throws(YAMLError) -> Node? {
        throw YAMLError(file: file, mark: nil, message: "not implemented")
    }
}
