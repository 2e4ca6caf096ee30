import CYAML
import Foundation

/// Bounds that keep a hostile document from eating memory or the stack.
public struct YAMLLimits: Sendable {
    public var maxDepth: Int
    /// Nodes in the tree with every alias expanded: a "billion laughs" document fails here, fast.
    public var maxNodes: Int
    public var maxBytes: Int

    public init(maxDepth: Int = 256, maxNodes: Int = 1_000_000, maxBytes: Int = 16 << 20) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxBytes = maxBytes
    }

    public static let `default` = YAMLLimits()
}

/// Parses YAML text into a `Node` tree with libyaml's event API. One document per stream; scalars
/// stay text; duplicate keys, depth, alias expansion and size are bounded.
public enum YAMLParser {
    /// The document's root, or nil for an empty document. Throws the first libyaml error or bound hit.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = .default) throws(YAMLError) -> Node? {
        guard text.utf8.count <= limits.maxBytes else {
            throw YAMLError(file: file, mark: nil,
                            message: "file is \(text.utf8.count) bytes, more than the limit of \(limits.maxBytes) bytes")
        }
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let composer = NodeComposer(bytes: Array(text.utf8), file: file, source: text, limits: limits)
        return try composer.compose()
    }

    /// Same, from bytes: invalid UTF-8 is an error naming the file and the byte offset; a BOM is skipped.
    public static func parse(data: Data, file: String, limits: YAMLLimits = .default) throws(YAMLError) -> Node? {
        guard data.count <= limits.maxBytes else {
            throw YAMLError(file: file, mark: nil,
                            message: "file is \(data.count) bytes, more than the limit of \(limits.maxBytes) bytes")
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: utf8BOM) { bytes.removeFirst(3) }
        if let nul = bytes.firstIndex(of: 0) {
            throw YAMLError(file: file, mark: mark(at: nul, in: bytes),
                            message: "binary file: NUL byte at byte offset \(nul); expected YAML text")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(in: bytes) ?? 0
            throw YAMLError(file: file, mark: mark(at: offset, in: bytes),
                            message: "invalid UTF-8 at byte offset \(offset); save the file as UTF-8")
        }
        return try parse(text, file: file, limits: limits)
    }

    private static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The 1-based line and column (in UTF-8 sequences, as far as they decode) of a byte offset.
    static func mark(at offset: Int, in bytes: [UInt8]) -> Mark {
        let before = bytes[..<min(max(0, offset), bytes.count)]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        // Count lead bytes only, so a multi-byte character is one column.
        let column = bytes[lineStart..<before.endIndex].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return Mark(line: line, column: column)
    }

    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// Owns one libyaml parser and the input buffer it reads from; `deinit` releases both. Both live at
/// fixed heap addresses because libyaml keeps pointers to them (the parser points at itself as the
/// read handler's data).
final class LibYAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let buffer: UnsafeMutableBufferPointer<UInt8>

    init?(bytes: [UInt8]) {
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        buffer = .allocate(capacity: max(1, bytes.count))
        _ = buffer.initialize(from: bytes)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            buffer.deallocate()
            return nil
        }
        yaml_parser_set_input_string(parser, buffer.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        buffer.deallocate()
    }

    /// Fills `event` with the next event; false when libyaml failed (see `failure`). The caller deletes the event.
    func next(_ event: inout yaml_event_t) -> Bool {
        yaml_parser_parse(parser, &event) == 1
    }

    /// libyaml's description of the failure, with its 1-based mark (reader errors only give a byte
    /// offset into `bytes`, the input).
    func failure(in bytes: [UInt8]) -> (message: String, mark: Mark?) {
        let parser = self.parser.pointee
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown YAML error"
        var message = problem
        if parser.error == YAML_READER_ERROR {
            return (message, YAMLParser.mark(at: Int(parser.problem_offset), in: bytes))
        }
        if let context = parser.context.map({ String(cString: $0) }) {
            let at = parser.context_mark
            message += " (\(context) at line \(at.line + 1), column \(at.column + 1))"
        }
        let mark = parser.problem_mark
        return (message, Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}

/// Builds the tree from events with an explicit stack, so nesting depth never touches the call stack.
private struct NodeComposer {
    let bytes: [UInt8]
    let source: String
    let file: String
    let diagnostics: Diagnostics
    let limits: YAMLLimits

    init(bytes: [UInt8], file: String, source: String, limits: YAMLLimits) {
        self.bytes = bytes
        self.source = source
        self.file = file
        self.diagnostics = Diagnostics(file: file, source: source)
        self.limits = limits
    }

    /// A node being built, with its expanded node count (aliases included).
    private struct Built {
        var node: Node
        var weight: Int
    }

    /// An open collection. Mutated in place at the top of the stack so appends never copy its items.
    private struct Frame {
        let start: Node.Partial
        let isSequence: Bool
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        var weight = 1
        var pendingKey: Node?
        var keyLines: [String: Int] = [:]

        var node: Node {
            Node(isSequence ? .sequence(items) : .mapping(pairs), mark: start.mark, style: .collection, tag: start.tag)
        }
    }

    func error(_ message: String, at mark: Mark?) -> YAMLError {
        YAMLError(file: file, mark: mark, message: message, snippet: diagnostics.snippet(at: mark))
    }

    /// The character at a 1-based mark, for hints on libyaml's terse messages.
    private func character(at mark: Mark) -> Character? {
        guard let line = Diagnostics.line(mark.line, of: source) else { return nil }
        guard mark.column >= 1, mark.column <= line.count else { return nil }
        return line[line.index(line.startIndex, offsetBy: mark.column - 1)]
    }

    func compose() throws(YAMLError) -> Node? {
        guard let parser = LibYAMLParser(bytes: bytes) else {
            throw YAMLError(file: file, mark: nil, message: "could not start the YAML parser (out of memory)")
        }
        var stack: [Frame] = []
        var anchors: [String: Built] = [:]
        var totalWeight = 0
        var root: Node?
        var documents = 0

        while true {
            var event = yaml_event_t()
            guard parser.next(&event) else {
                let failure = parser.failure(in: bytes)
                var message = failure.message
                if let mark = failure.mark, character(at: mark) == "\t" {
                    message += "; YAML cannot be indented with tabs, use spaces"
                }
                throw error(message, at: failure.mark)
            }
            defer { yaml_event_delete(&event) }
            let mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)

            var completed: Built?
            var anchor: String?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                if let root, documents == 1, root.isEmptyDocument { return nil }
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw error("expected one document, found a second one at line \(mark.line); split the file or remove the extra `---`", at: mark)
                }
                continue
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                anchor = Self.string(scalar.anchor)
                let node = Node(.scalar(text), mark: mark, style: Self.style(scalar.style), tag: Self.tag(scalar.tag))
                completed = Built(node: node, weight: 1)
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else {
                    throw error("unknown alias *\(name): no anchor &\(name) was defined before it", at: mark)
                }
                completed = target
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < limits.maxDepth else {
                    throw error("nesting deeper than \(limits.maxDepth) levels", at: mark)
                }
                let isSequence = event.type == YAML_SEQUENCE_START_EVENT
                let start = Node.Partial(
                    mark: mark,
                    tag: Self.tag(isSequence ? event.data.sequence_start.tag : event.data.mapping_start.tag),
                    anchor: Self.string(isSequence ? event.data.sequence_start.anchor : event.data.mapping_start.anchor))
                stack.append(Frame(start: start, isSequence: isSequence))
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { continue }
                anchor = frame.start.anchor
                completed = Built(node: frame.node, weight: frame.weight)
            default:
                continue // stream start, document end
            }

            guard let built = completed else { continue }
            totalWeight += built.weight
            if totalWeight > limits.maxNodes {
                throw error("the document expands to more than \(limits.maxNodes) nodes (aliases included); refusing it", at: mark)
            }
            if let anchor { anchors[anchor] = built }
            try attach(built, to: &stack, root: &root)
        }
    }

    private func attach(_ built: Built, to stack: inout [Frame], root: inout Node?) throws(YAMLError) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = built.node
            return
        }
        stack[top].weight += built.weight
        if stack[top].isSequence {
            stack[top].items.append(built.node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append(Node.Pair(key: key, value: built.node))
            stack[top].pendingKey = nil
        } else {
            if let text = built.node.scalar {
                if let first = stack[top].keyLines[text] {
                    throw error("duplicate key \"\(text)\" (first defined at line \(first))", at: built.node.mark)
                }
                stack[top].keyLines[text] = built.node.mark.line
            }
            stack[top].pendingKey = built.node
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// `tag:yaml.org,2002:str` is shown as the `!!str` the user wrote.
    private static func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let tag = string(pointer) else { return nil }
        let core = "tag:yaml.org,2002:"
        return tag.hasPrefix(core) ? "!!" + tag.dropFirst(core.count) : tag
    }

    private static func style(_ style: yaml_scalar_style_t) -> Node.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}

extension Node {
    /// A collection's start event, kept until its end event arrives.
    fileprivate struct Partial {
        let mark: Mark
        let tag: String?
        let anchor: String?
    }

    /// What libyaml reports for `---` with nothing after it.
    fileprivate var isEmptyDocument: Bool {
        style == .plain && tag == nil && scalar == ""
    }
}
