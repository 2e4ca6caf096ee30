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
        let scalars = Array(template.unicodeScalars)
        var found: [(String, Int)] = []
        var i = 0
        while i + 1 < scalars.count {
            guard scalars[i] == "{", scalars[i + 1] == "{" else { i += 1; continue }
            var j = i + 2
            while j + 1 < scalars.count, !(scalars[j] == "}" && scalars[j + 1] == "}") { j += 1 }
            guard j + 1 < scalars.count else { break }
            var name = String(String.UnicodeScalarView(scalars[(i + 2)..<j]))
            name = name.trimmingSpaces()
            found.append((name, i))
            i = j + 2
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
