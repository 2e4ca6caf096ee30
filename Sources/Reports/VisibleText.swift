/// Text from the project (file names, snippets, messages that quote them) made safe for a terminal or a
/// CI log: control characters become visible escapes, so a file name holding a newline and
/// `::error file=…::` cannot start a line of its own (a GitHub workflow command) and an ESC cannot
/// recolour or rewrite the terminal.
public enum VisibleText {
    /// Every C0 and C1 control character and DEL, including newline, as `\n`, `\r`, `\t`, `\e` or `\u{XX}`.
    public static func escape(_ text: String) -> String {
        let text = WorkflowCommandGuard.breakLegacyPrefix(text, hash: "\\u{23}")
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

    /// Control characters, line and paragraph separators, and the invisible and bidirectional formatting
    /// characters (zero-width spaces and joiners, LRM/RLM, embeddings, overrides and isolates, the BOM): a file
    /// name holding U+202E can show `txt.exe` as `exe.txt` (Trojan Source), so they are shown as escapes too.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x200B...0x200F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x061C || value == 0xFEFF
    }
}

/// GitHub's runner reads every line of a step's stdout and stderr for workflow commands: a line whose
/// first non-blank characters are `::` (`::add-mask::`, `::stop-commands::`, `::error …::`), and `##[`
/// anywhere in a line (the older form). Text from the project must never start either, in any format.
/// See actions/runner src/Runner.Common/ActionCommand.cs (TryParseV2 trims, then wants `::`; TryParse
/// looks for `##[` anywhere) and ProcessInvoker.cs (a bare CR ends a line too).
public enum WorkflowCommandGuard {
    /// Puts `prefix` before the first non-blank character of every line that would start a `::` command.
    /// Lines end at LF or CR, as the runner reads them.
    public static func guardLineStarts(_ text: String, prefix: String) -> String {
        guard text.contains("::") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var lineStart = true
        var pendingBlank = ""
        var scalars = text.unicodeScalars.makeIterator()
        var lookahead: Unicode.Scalar? = nil
        while let scalar = lookahead ?? scalars.next() {
            lookahead = nil
            if scalar == "\n" || scalar == "\r" {
                out += pendingBlank
                pendingBlank = ""
                out.unicodeScalars.append(scalar)
                lineStart = true
                continue
            }
            if lineStart {
                if scalar.properties.isWhitespace {
                    pendingBlank.unicodeScalars.append(scalar)
                    continue
                }
                lineStart = false
                out += pendingBlank
                pendingBlank = ""
                if scalar == ":" {
                    let next = scalars.next()
                    if next == ":" { out += prefix }
                    out.unicodeScalars.append(scalar)
                    lookahead = next
                    continue
                }
            }
            out.unicodeScalars.append(scalar)
        }
        return out + pendingBlank
    }

    /// `##[` written as `#` + `replacement` + `[`, where the replacement is the format's own spelling of `#`
    /// (`\u{23}` in text, `\u0023` in JSON, `&#35;` in XML and Markdown): the value reads the same.
    public static func breakLegacyPrefix(_ text: String, hash replacement: String) -> String {
        guard text.contains("##[") else { return text }
        return text.replacingOccurrences(of: "##[", with: "#" + replacement + "[")
    }
}
