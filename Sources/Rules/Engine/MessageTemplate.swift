/// Fills `{{name}}` placeholders of a rule's message and help. An unknown name stays visible as
/// `{{name}}`, and the rule-examples test fails on any message that still contains one.
public enum MessageTemplate {
    public static func fill(_ template: String, with values: [String: String]) -> String {
        let bytes = Array(template.utf8)
        guard bytes.count >= 4 else { return template }
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var i = 0
        while i < bytes.count {
            if bytes[i] == open, i + 1 < bytes.count, bytes[i + 1] == open,
               let end = closing(bytes, from: i + 2, close: close) {
                let raw = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                let name = raw.trimmingSpaces()
                if let value = values[name] {
                    output += value.utf8
                } else {
                    output += "{{\(name)}}".utf8
                }
                i = end + 2
            } else {
                output.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Every `{{name}}` of a template with the offset of its `{{` in Unicode scalars (what a column counts).
    public static func placeholders(in template: String) -> [(name: String, offset: Int)] {
        // On the UTF-8 bytes (`{` and `}` are never part of a longer character), counting scalars only up to each
        // `{{`: this runs for every message and help text of every checklist at start-up.
        let bytes = Array(template.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var found: [(String, Int)] = []
        var scalarsBefore = 0
        var counted = 0
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == open, bytes[i + 1] == open else { i += 1; continue }
            guard let end = closing(bytes, from: i + 2, close: close) else { break }
            while counted < i {
                if bytes[counted] & 0xC0 != 0x80 { scalarsBefore += 1 }
                counted += 1
            }
            found.append((String(decoding: bytes[(i + 2)..<end], as: UTF8.self).trimmingSpaces(), scalarsBefore))
            i = end + 2
        }
        return found
    }

    /// The index of the `}}` that ends a placeholder starting at `start`, or nil when it is not closed.
    private static func closing(_ bytes: [UInt8], from start: Int, close: UInt8) -> Int? {
        var j = start
        while j + 1 < bytes.count {
            if bytes[j] == close, bytes[j + 1] == close { return j }
            j += 1
        }
        return nil
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
