/// XML 1.0 escaping for JUnit reports. Characters XML cannot carry at all (most control
/// characters) become U+FFFD, so that a stray byte in a finding never makes the file unreadable.
enum XMLEscape {
    static func text(_ value: String) -> String {
        escape(value, attribute: false)
    }

    static func attribute(_ value: String) -> String {
        escape(value, attribute: true)
    }

    private static func escape(_ value: String, attribute: Bool) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                let allowed = v >= 0x20 && !(0xFFFE...0xFFFF).contains(v)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        // `##[` is a workflow command to GitHub's runner anywhere in a log line; `&#35;` reads the same.
        return WorkflowCommandGuard.breakLegacyPrefix(out, hash: "&#35;")
    }
}
