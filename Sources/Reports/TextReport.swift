import Project
import Rules

/// The terminal report: compiler-style lines (`path:line:column: error: message [rule-id]`) that
/// terminals, editors and Xcode make clickable, grouped by rule with the rule's help and references once
/// after its locations, then a summary and how many items are left to confirm by hand (listed with `manual`). Everything taken from the
/// project is shown with its control characters visible (`VisibleText`).
public enum TextReport {
    public struct Options: Sendable {
        /// ANSI colours: red errors, yellow warnings, cyan notes, bold summary.
        public var color: Bool
        /// Finding lines only: no help, summary or manual items.
        public var quiet: Bool
        /// How a finding's path (relative to the report's root) is shown: the CLI makes it relative to the
        /// folder the command ran in, so that the path is clickable there.
        public var displayPath: @Sendable (String) -> String
        /// List the items to confirm by hand (`--manual`); otherwise one line counts them. They are the same on
        /// every run of a project, so a terminal or a CI log shows them only when asked.
        public var manual: Bool

        public init(color: Bool = false, quiet: Bool = false, manual: Bool = false,
                    displayPath: @escaping @Sendable (String) -> String = { $0 }) {
            self.color = color
            self.quiet = quiet
            self.manual = manual
            self.displayPath = displayPath
        }
    }

    /// The message without a parenthesized copy of the finding's own location (`(app/Signup.kt:16:14)`, written
    /// from the project root by the check): the line already starts with it, from where the command ran.
    /// Other locations in the message (a second file, another line) stay.
    static func withoutOwnLocation(_ finding: Finding) -> String {
        guard finding.location.line != nil else { return finding.message }
        let own = finding.location.description
        var message = finding.message
        var searchFrom = message.startIndex
        while let open = message[searchFrom...].range(of: " ("), let close = message[open.upperBound...].firstIndex(of: ")") {
            let inside = String(message[open.upperBound..<close])
            if !inside.isEmpty, inside.contains(":"), own == inside || own.hasSuffix("/" + inside) {
                message.removeSubrange(open.lowerBound...close)
                return message
            }
            searchFrom = open.upperBound
        }
        return message
    }

    public static func render(_ result: RunResult, options: Options = Options()) -> String {
        let style = ANSIStyle(enabled: options.color)
        var lines: [String] = []
        for group in RuleGroup.make(result.findings) {
            for finding in group.findings {
                let label = severityLabel(finding.severity)
                let location = SourceLocation(path: options.displayPath(finding.location.path), line: finding.location.line,
                                              column: finding.location.column)
                lines.append("\(VisibleText.escape(location.description)): \(style.paint(label + ":", severityColor(finding.severity))) "
                             + "\(VisibleText.escape(withoutOwnLocation(finding))) [\(group.rule)]")
            }
            if options.quiet { continue }
            if let help = group.help {
                lines.append("    help: " + VisibleText.escape(help, keepingLinesIndentedBy: "          "))
            }
            for reference in group.references {
                lines.append("    see: " + VisibleText.escape(reference.title) + (reference.url.map { " <\(VisibleText.escape($0))>" } ?? ""))
            }
        }
        // A path is the only text from the project that can start a line: `./` keeps it a path and clickable.
        if options.quiet { return lines.isEmpty ? "" : WorkflowCommandGuard.guardLineStarts(lines.joined(separator: "\n") + "\n", prefix: "./") }
        if !result.findings.isEmpty { lines.append("") }
        lines.append(style.paint(summary(result), .bold))
        for input in NotCheckedInput.inputs(result) { lines.append(VisibleText.escape(input.message)) }
        if !result.manual.isEmpty, options.manual {
            lines.append("")
            lines.append("Confirm by hand before submitting:")
            for item in result.manual {
                lines.append("[ ] \(VisibleText.escape(item.title)) (\(item.rule))")
            }
        } else if !result.manual.isEmpty {
            lines.append("\(plural(result.manual.count, "item")) to confirm by hand before submitting (--manual lists them)")
        }
        return WorkflowCommandGuard.guardLineStarts(lines.joined(separator: "\n") + "\n", prefix: "./")
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

extension TextReport: Reporter {
    public static let format = OutputFormat.text
    /// `xcode` is SwiftLint's default reporter: exactly the `path:line:col: error: message` lines of `text`.
    public static let aliases = ["xcode"]
    public static let writes = "lines `path:line:col: error: message [rule]`, grouped by rule, for a terminal or an Xcode build log"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result, options: Options(color: options.color, quiet: options.quiet, manual: options.manual, displayPath: options.displayPath))
    }
}
