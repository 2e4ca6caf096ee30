import Rules

/// The terminal report: compiler-style lines (`path:line:column: error: message [rule-id]`) that
/// terminals, editors and Xcode make clickable, a summary, then the items to confirm by hand.
public enum TextReport {
    public struct Options: Sendable {
        /// ANSI colours: red errors, yellow warnings, cyan notes, bold summary.
        public var color: Bool
        /// Finding lines only: no help, summary or manual items.
        public var quiet: Bool

        public init(color: Bool = false, quiet: Bool = false) {
            self.color = color
            self.quiet = quiet
        }
    }

    public static func render(_ result: RunResult, options: Options = Options()) -> String {
        let style = ANSIStyle(enabled: options.color)
        var lines: [String] = []
        for finding in result.findings {
            let label = severityLabel(finding.severity)
            let message = indentContinuation(finding.message, by: "    ")
            lines.append("\(finding.location): \(style.paint(label + ":", severityColor(finding.severity))) \(message) [\(finding.rule)]")
            if !options.quiet, let help = finding.help, !help.isEmpty {
                lines.append("    help: " + indentContinuation(help, by: "          "))
            }
        }
        if options.quiet { return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

        if !result.findings.isEmpty { lines.append("") }
        lines.append(style.paint(summary(result), .bold))
        if !result.manual.isEmpty {
            lines.append("")
            lines.append("Confirm by hand before submitting:")
            for item in result.manual {
                lines.append("[ ] \(item.title) (\(item.rule))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 errors, 1 warning, 2 notes in 4 files` or `No problems found`, plus what the baseline hid.
    static func summary(_ result: RunResult) -> String {
        var parts: [String] = []
        for (severity, noun) in [(Severity.error, "error"), (.warning, "warning"), (.info, "note")] {
            let count = result.count(severity)
            if count > 0 { parts.append(plural(count, noun)) }
        }
        var text: String
        if parts.isEmpty {
            text = "No problems found"
        } else {
            let files = Set(result.findings.map(\.location.path)).count
            text = parts.joined(separator: ", ") + " in " + plural(files, "file")
        }
        var baseline: [String] = []
        if result.suppressed > 0 { baseline.append("suppressed: \(result.suppressed)") }
        if result.hiddenByBaseline > 0 { baseline.append("\(plural(result.hiddenByBaseline, "finding")) hidden by the baseline") }
        if result.fixedBaselineEntries > 0 {
            baseline.append("\(plural(result.fixedBaselineEntries, "baseline entry", "baseline entries")) no longer found")
        }
        if !baseline.isEmpty { text += " (" + baseline.joined(separator: "; ") + ")" }
        return text
    }

    static func severityLabel(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info, .off: return "note"
        }
    }

    private static func severityColor(_ severity: Severity) -> ANSIStyle.Code {
        switch severity {
        case .error: return .red
        case .warning: return .yellow
        case .info, .off: return .cyan
        }
    }

    /// Later lines of a multi-line message are indented so that no tool reads them as a new finding.
    private static func indentContinuation(_ text: String, by prefix: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\n" + prefix)
    }
}

func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : pluralForm ?? singular + "s")
}

/// ANSI SGR colouring, a no-op when disabled.
struct ANSIStyle {
    enum Code: String {
        case red = "31", yellow = "33", cyan = "36", bold = "1"
    }

    let enabled: Bool

    func paint(_ text: String, _ code: Code) -> String {
        enabled ? "\u{1B}[\(code.rawValue)m\(text)\u{1B}[0m" : text
    }
}
