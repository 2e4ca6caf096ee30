/// Text from the project (file names, snippets, messages that quote them) made safe for a terminal or a
/// CI log: control characters become visible escapes, so a file name holding a newline and
/// `::error file=…::` cannot start a line of its own (a GitHub workflow command) and an ESC cannot
/// recolour or rewrite the terminal.
enum VisibleText {
    /// Every C0 and C1 control character and DEL, including newline, as `\n`, `\r`, `\t`, `\e` or `\u{XX}`.
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{1B}": out += "\\e"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// The same, but line breaks stay breaks, each followed by `indent`: for help text written in the
    /// checklists, which may span lines.
    static func escape(_ text: String, keepingLinesIndentedBy indent: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { escape(String($0)) }
            .joined(separator: "\n" + indent)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
