import Foundation
import Rules

/// GitHub Actions workflow commands (`::error file=…,line=…::message`), which show as annotations on
/// the pull request diff, and the job summary (the Markdown report).
public enum GitHubReport {
    public static func render(_ result: RunResult) -> String {
        result.findings.map(command).map { $0 + "\n" }.joined()
    }

    /// The Markdown report, for `$GITHUB_STEP_SUMMARY`.
    public static func jobSummary(_ result: RunResult, linkBase: String? = nil) throws(TemplateError) -> String {
        try MarkdownReport.render(result, linkBase: linkBase)
    }

    static func command(_ finding: Finding) -> String {
        let name: String
        switch finding.severity {
        case .error: name = "error"
        case .warning: name = "warning"
        case .info, .off: name = "notice"
        }
        var properties = [("file", finding.location.path)]
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
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// GitHub's escaping of a command's property values: the data escapes plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
