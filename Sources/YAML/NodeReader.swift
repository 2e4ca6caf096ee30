/// Reads a node against what a schema expects, recording a precise error (path, file:line:column,
/// what was expected, what was found) for every mismatch instead of throwing at the first.
public struct NodeReader {
    public let node: Node
    public let path: String
    public let diagnostics: Diagnostics

    public init(node: Node, path: String = "", diagnostics: Diagnostics) {
        self.node = node
        self.path = path
        self.diagnostics = diagnostics
    }

    public var mark: Mark { node.mark }
    public var file: String { diagnostics.file }

    public func error(_ message: String) {
        diagnostics.add(message, at: node.mark, path: path.isEmpty ? nil : path)
    }

    /// The value under `key` when this is a mapping, reporting nothing (a second look at one key of a
    /// mapping already read with `mapping(allowed:)`).
    public func value(forKey key: String) -> NodeReader? {
        guard let pair = node.mapping?.first(where: { $0.key.scalar == key }) else { return nil }
        return child(pair.value, key: key)
    }

    func child(_ node: Node, key: String) -> NodeReader {
        NodeReader(node: node, path: path.isEmpty ? key : "\(path).\(key)", diagnostics: diagnostics)
    }

    func child(_ node: Node, index: Int) -> NodeReader {
        NodeReader(node: node, path: "\(path)[\(index)]", diagnostics: diagnostics)
    }

    private func found() -> String {
        if let text = node.scalar, !node.isNull { return "got \"\(text)\"" }
        return "got \(node.kindName)"
    }

    /// A non-null scalar.
    public func string() -> String? {
        guard let text = node.scalar, !node.isNull else {
            error("expected a text value, \(found())")
            return nil
        }
        return text
    }

    public func oneOf(_ allowed: [String]) -> String? {
        guard let text = string() else { return nil }
        guard allowed.contains(text) else {
            var message = "expected one of \(allowed.joined(separator: ", ")), got \"\(text)\""
            if let near = Spelling.nearest(to: text, in: allowed) { message += " (did you mean \"\(near)\"?)" }
            error(message)
            return nil
        }
        return text
    }

    /// `true` or `false` only: YAML 1.1's yes/no/on/off are refused so that their meaning is never guessed.
    public func bool() -> Bool? {
        guard let text = string() else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            error("expected true or false, got \"\(text)\"")
            return nil
        }
    }

    public func int() -> Int? {
        guard let text = string() else { return nil }
        guard let value = Int(text) else {
            error("expected a whole number, got \"\(text)\"")
            return nil
        }
        return value
    }

    public func double() -> Double? {
        guard let text = string() else { return nil }
        guard let value = Double(text), value.isFinite else {
            error("expected a number, got \"\(text)\"")
            return nil
        }
        return value
    }

    /// A calendar date written `YYYY-MM-DD`, returned as written (it sorts as text).
    public func date() -> String? {
        guard let text = string() else { return nil }
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }),
              let month = Int(parts[1]), (1...12).contains(month),
              let day = Int(parts[2]), (1...31).contains(day) else {
            error("expected a date written YYYY-MM-DD, got \"\(text)\"")
            return nil
        }
        return text
    }

    public func sequence() -> [NodeReader]? {
        guard let items = node.sequence else {
            error("expected a list, \(found())")
            return nil
        }
        return items.enumerated().map { child($1, index: $0) }
    }

    /// A list of text values; a single scalar is read as a one-item list, as people write `stores: play`.
    public func stringList() -> [String]? {
        if node.scalar != nil, !node.isNull { return string().map { [$0] } }
        guard let items = sequence() else { return nil }
        let values = items.compactMap { $0.string() }
        return values.count == items.count ? values : nil
    }

    /// A mapping whose keys must all be among `allowed` (nil: any key). Unknown keys are errors with the
    /// nearest allowed spelling; missing `required` keys are errors at the mapping.
    public func mapping(allowed: [String]? = nil, required: [String] = []) -> MappingReader? {
        guard let pairs = node.mapping else {
            error("expected a mapping, \(found())")
            return nil
        }
        var entries: [(key: String, value: NodeReader)] = [] // labelled as MappingReader stores them: no array cast
        entries.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = pair.key.scalar else {
                diagnostics.add("mapping keys must be text, got \(pair.key.kindName)", at: pair.key.mark, path: path.isEmpty ? nil : path)
                continue
            }
            if let allowed, !allowed.contains(key) {
                var message = "unknown key \"\(key)\""
                if let near = Spelling.nearest(to: key, in: allowed) {
                    message += " (did you mean \"\(near)\"?)"
                } else {
                    message += "; expected one of \(allowed.joined(separator: ", "))"
                }
                diagnostics.add(message, at: pair.key.mark, path: path.isEmpty ? nil : path)
                continue
            }
            entries.append((key, child(pair.value, key: key)))
        }
        let reader = MappingReader(owner: self, entries: entries)
        for key in required where reader[key] == nil {
            error("missing required key \"\(key)\"")
        }
        return reader
    }
}

/// The entries of a mapping being read, by key.
public struct MappingReader {
    public let owner: NodeReader
    public let entries: [(key: String, value: NodeReader)]

    public subscript(key: String) -> NodeReader? {
        entries.first { $0.key == key }?.value
    }

    public var keys: [String] { entries.map(\.key) }
}
