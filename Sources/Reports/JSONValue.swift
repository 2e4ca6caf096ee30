/// A JSON document with keys in the order they were written, so that JSON, SARIF and baseline
/// files come out byte-identical run after run (Foundation's serializer orders keys only by sorting,
/// and escapes `/`).
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Ordered pairs; a key appears once.
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// On one line, no final newline: a JSON-RPC message of a newline-delimited stream (`shipcheck mcp`).
    public func compact() -> String {
        switch self {
        case .string(let text): return JSONValue.quoted(text)
        case .int(let number): return String(number)
        case .double(let number): return number.isFinite ? String(number) : "null"
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items): return "[" + items.map { $0.compact() }.joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { JSONValue.quoted($0.0) + ":" + $0.1.compact() }.joined(separator: ",") + "}"
        }
    }

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .string(let text): out += JSONValue.quoted(text)
        case .int(let number): out += String(number)
        case .double(let number): out += number.isFinite ? String(number) : "null"
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, (key, value)) in pairs.enumerated() {
                out += pad + JSONValue.quoted(key) + ": "
                value.write(into: &out, indent: indent + 1)
                out += index == pairs.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        }
    }

    /// RFC 8259 string escaping: quote, backslash, control, bidi and invisible characters; everything else as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                // Bidi overrides and invisible characters too (VisibleText.isControl): the same string once decoded,
                // but a log or terminal showing the JSON cannot be made to display text reordered (Trojan Source).
                if scalar.value < 0x20 || VisibleText.isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        // `##[` is a workflow command to GitHub's runner anywhere in a log line; `\u0023` reads the same.
        return WorkflowCommandGuard.breakLegacyPrefix(out, hash: "\\u0023") + "\""
    }
}

extension JSONValue {
    /// `.string` for a value, nothing for nil: for keys that are omitted when unknown.
    static func optional(_ key: String, _ value: String?) -> [(String, JSONValue)] {
        value.map { [(key, .string($0))] } ?? []
    }

    static func optional(_ key: String, _ value: Int?) -> [(String, JSONValue)] {
        value.map { [(key, .int($0))] } ?? []
    }
}
