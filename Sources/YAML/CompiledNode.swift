/// A `Node` tree written as compact text, so that a checklist parsed at build time loads without YAML
/// parsing. `encode` runs in the build tool (embed-data); `decode` runs at start-up and rebuilds the
/// identical tree, marks, styles and tags included.
///
/// The format is bytes, read left to right with no search:
///
///     compiled := "N1" node
///     node     := kind style line "," column "," tag payload
///     kind     := "s" (scalar) | "q" (sequence) | "m" (mapping)
///     style    := "p" plain | "1" single-quoted | "2" double-quoted | "l" literal | "f" folded | "c" collection
///     tag      := "-" (none) | text
///     text     := length ":" UTF-8 bytes         (length counts bytes)
///     payload  := text (scalar) | count ":" node* (count items, or count key/value pairs)
///
/// Numbers are decimal. Scalars hold any bytes (newlines, quotes, NUL): the length says where they end.
public enum CompiledNode {
    static let header = "N1"

    /// The text form of a tree.
    public static func encode(_ node: Node) -> String {
        var out: [UInt8] = Array(header.utf8)
        write(node, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The tree back from `encode`'s text. A malformed or truncated text is an error naming the byte
    /// offset, never a crash; nesting is bounded by `maxDepth`.
    public static func decode(_ text: String, maxDepth: Int = 256) throws(CompiledNodeError) -> Node {
        var text = text
        // `withUTF8` rethrows untyped errors, so the typed one travels out in a Result.
        let result = text.withUTF8 { bytes -> Result<Node, CompiledNodeError> in
            var reader = Reader(bytes: bytes, maxDepth: maxDepth)
            do throws(CompiledNodeError) {
                try reader.expectHeader()
                let node = try reader.node(depth: 0)
                guard reader.offset == bytes.count else { throw reader.failure("trailing bytes after the root node") }
                return .success(node)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func write(_ node: Node, to out: inout [UInt8]) {
        switch node.content {
        case .scalar: out.append(UInt8(ascii: "s"))
        case .sequence: out.append(UInt8(ascii: "q"))
        case .mapping: out.append(UInt8(ascii: "m"))
        }
        out.append(styleByte(node.style))
        out.append(contentsOf: String(node.mark.line).utf8)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: String(node.mark.column).utf8)
        out.append(UInt8(ascii: ","))
        if let tag = node.tag { writeText(tag, to: &out) } else { out.append(UInt8(ascii: "-")) }
        switch node.content {
        case .scalar(let text):
            writeText(text, to: &out)
        case .sequence(let items):
            out.append(contentsOf: String(items.count).utf8)
            out.append(UInt8(ascii: ":"))
            for item in items { write(item, to: &out) }
        case .mapping(let pairs):
            out.append(contentsOf: String(pairs.count).utf8)
            out.append(UInt8(ascii: ":"))
            for pair in pairs {
                write(pair.key, to: &out)
                write(pair.value, to: &out)
            }
        }
    }

    private static func writeText(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: String(text.utf8.count).utf8)
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: text.utf8)
    }

    private static func styleByte(_ style: Node.Style) -> UInt8 {
        switch style {
        case .plain: return UInt8(ascii: "p")
        case .singleQuoted: return UInt8(ascii: "1")
        case .doubleQuoted: return UInt8(ascii: "2")
        case .literal: return UInt8(ascii: "l")
        case .folded: return UInt8(ascii: "f")
        case .collection: return UInt8(ascii: "c")
        }
    }

    /// Reads one compiled text; every read checks the bounds first.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var offset = 0

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        func failure(_ message: String) -> CompiledNodeError {
            CompiledNodeError(message: message, offset: offset)
        }

        mutating func expectHeader() throws(CompiledNodeError) {
            for byte in CompiledNode.header.utf8 {
                guard offset < bytes.count, bytes[offset] == byte else { throw failure("not a compiled node (no N1 header)") }
                offset += 1
            }
        }

        mutating func byte() throws(CompiledNodeError) -> UInt8 {
            guard offset < bytes.count else { throw failure("unexpected end") }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// A decimal number of at most 12 digits, then `terminator`.
        mutating func number(until terminator: UInt8) throws(CompiledNodeError) -> Int {
            var value = 0
            var digits = 0
            while true {
                let b = try byte()
                if b == terminator, digits > 0 { return value }
                guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), digits < 12 else {
                    offset -= 1
                    throw failure("expected a number")
                }
                value = value * 10 + Int(b - UInt8(ascii: "0"))
                digits += 1
            }
        }

        mutating func text() throws(CompiledNodeError) -> String {
            let length = try number(until: UInt8(ascii: ":"))
            guard length <= bytes.count - offset else { throw failure("text of \(length) bytes runs past the end") }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            offset += length
            return text
        }

        mutating func style() throws(CompiledNodeError) -> Node.Style {
            switch try byte() {
            case UInt8(ascii: "p"): return .plain
            case UInt8(ascii: "1"): return .singleQuoted
            case UInt8(ascii: "2"): return .doubleQuoted
            case UInt8(ascii: "l"): return .literal
            case UInt8(ascii: "f"): return .folded
            case UInt8(ascii: "c"): return .collection
            default:
                offset -= 1
                throw failure("unknown style")
            }
        }

        mutating func node(depth: Int) throws(CompiledNodeError) -> Node {
            guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
            let kind = try byte()
            guard kind == UInt8(ascii: "s") || kind == UInt8(ascii: "q") || kind == UInt8(ascii: "m") else {
                offset -= 1
                throw failure("unknown node kind")
            }
            let style = try style()
            let line = try number(until: UInt8(ascii: ","))
            let column = try number(until: UInt8(ascii: ","))
            let mark = Mark(line: line, column: column)
            var tag: String?
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            } else {
                tag = try text()
            }
            switch kind {
            case UInt8(ascii: "s"):
                return Node(.scalar(try text()), mark: mark, style: style, tag: tag)
            case UInt8(ascii: "q"):
                let count = try number(until: UInt8(ascii: ":"))
                var items: [Node] = []
                // A node takes at least 8 bytes, so a count larger than what is left is malformed, not reserved.
                guard count <= (bytes.count - offset) / 8 else { throw failure("\(count) items cannot fit in what is left") }
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(try node(depth: depth + 1)) }
                return Node(.sequence(items), mark: mark, style: style, tag: tag)
            default: // "m", checked above
                let count = try number(until: UInt8(ascii: ":"))
                var pairs: [Node.Pair] = []
                guard count <= (bytes.count - offset) / 16 else { throw failure("\(count) pairs cannot fit in what is left") }
                pairs.reserveCapacity(count)
                for _ in 0..<count {
                    let key = try node(depth: depth + 1)
                    let value = try node(depth: depth + 1)
                    pairs.append(Node.Pair(key: key, value: value))
                }
                return Node(.mapping(pairs), mark: mark, style: style, tag: tag)
            }
        }
    }
}

/// A compiled node text that does not decode: a build mismatch or a corrupted binary, never user input.
public struct CompiledNodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let offset: Int

    public var description: String { "compiled checklist: \(message) at byte \(offset)" }
}

extension Node {
    /// The tree from `CompiledNode.encode`'s text.
    public init(compiled text: String) throws(CompiledNodeError) {
        self = try CompiledNode.decode(text)
    }
}
