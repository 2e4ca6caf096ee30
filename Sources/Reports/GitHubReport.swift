import Foundation
import Project
import Rules

/// GitHub Actions workflow commands (`::error file=…,line=…::message`), which show as annotations on
/// the pull request diff, and the job summary (the Markdown report).
public enum GitHubReport {
    /// GitHub shows at most 10 annotations of each type (error, warning, notice) per step.
    public static let annotationsPerType = 10

    /// One command per finding up to GitHub's cap per type; past it, the findings as plain log lines
    /// and one notice (within the cap) saying how many were not annotated.
    /// - Parameter fileForFolder: for findings about a folder, a file in it: GitHub annotates files only.
    public static func render(_ result: RunResult, perTypeLimit: Int = annotationsPerType, fileForFolder: [String: String] = [:]) -> String {
        let byType = Dictionary(grouping: result.findings, by: { commandName($0.severity) })
        let overflows = byType.values.contains { $0.count > perTypeLimit }
        var shown: [String: Int] = [:]
        var commands: [String] = []
        var rest: [Finding] = []
        for finding in result.findings {
            let name = commandName(finding.severity)
            let limit = overflows && name == "notice" ? perTypeLimit - 1 : perTypeLimit
            if shown[name, default: 0] < limit {
                shown[name, default: 0] += 1
                commands.append(command(finding, file: fileForFolder[finding.location.path]))
            } else {
                rest.append(finding)
            }
        }
        if !rest.isEmpty {
            for finding in rest {
                // Plain log lines: a path starting with `::` must not become a command past the annotation cap.
                let line = "\(VisibleText.escape(finding.location.description)): \(TextReport.severityLabel(finding.severity)): "
                    + "\(VisibleText.escape(finding.message)) [\(finding.rule)]"
                commands.append(WorkflowCommandGuard.guardLineStarts(line, prefix: "./"))
            }
            let message = "\(plural(rest.count, "more finding")) not shown as annotations (GitHub shows \(perTypeLimit) of each type per step): "
                + "they are listed in this log, the job summary and the SARIF report"
            commands.append("::notice title=shipcheck::\(escapeData(message))")
        }
        // The inputs not read, each once, as notices: a green check is clean only as far as shipcheck read.
        for input in NotCheckedInput.inputs(result) {
            commands.append("::notice title=shipcheck::\(escapeData(input.message))")
        }
        return commands.map { $0 + "\n" }.joined()
    }

    static func commandName(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info, .off: return "notice"
        }
    }

    /// The Markdown report, for `$GITHUB_STEP_SUMMARY`.
    public static func jobSummary(_ result: RunResult, linkBase: String? = nil) throws(TemplateError) -> String {
        try MarkdownReport.render(result, linkBase: linkBase)
    }

    static func command(_ finding: Finding, file: String? = nil) -> String {
        let name = commandName(finding.severity)
        // An archive entry is annotated on the archive file; the message names the entry.
        var properties = [("file", file ?? ArchiveLocation.split(finding.location.path).file)]
        if let line = finding.location.line {
            properties.append(("line", String(line)))
            if let column = finding.location.column { properties.append(("col", String(column))) }
        }
        properties.append(("title", "\(finding.title) [\(finding.rule)]"))
        var message = finding.message
        if let help = finding.help, !help.isEmpty { message += "\n\n" + help }
        let props = properties.map { "\($0)=\(escapeProperty($1))" }.joined(separator: ",")
        return "::\(name) \(props)::\(escapeData(message))"
    }

    /// GitHub's escaping of a command's message.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                // Other control characters (ESC, NUL…) would reach the log as they are.
                if VisibleText.isControl(scalar) { out += VisibleText.escape(String(scalar)) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// GitHub's escaping of a command's property values: the data escapes plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension GitHubReport: Reporter {
    public static let format = OutputFormat.github
    public static let aliases = ["github-actions-logging"]
    public static let writes = "GitHub Actions workflow commands (`::error file=…`): annotations on the diff"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result, fileForFolder: options.fileForFolder)
    }
}
