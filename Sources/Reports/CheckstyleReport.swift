import Rules

/// Checkstyle XML, which Jenkins (Warnings NG), Bitrise, danger and reviewdog read:
/// `<file name><error line column severity message source/></file>`, one file element per path.
public enum CheckstyleReport {
    public static func render(_ result: RunResult) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<checkstyle version=\"4.3\">"]
        var order: [String] = []
        var byPath: [String: [Finding]] = [:]
        for finding in result.findings {
            if byPath[finding.location.path] == nil { order.append(finding.location.path) }
            byPath[finding.location.path, default: []].append(finding)
        }
        for path in order {
            lines.append("  <file name=\"\(XMLEscape.attribute(path))\">")
            for finding in byPath[path] ?? [] {
                var attributes = ""
                if let line = finding.location.line {
                    attributes += " line=\"\(line)\""
                    if let column = finding.location.column { attributes += " column=\"\(column)\"" }
                }
                attributes += " severity=\"\(severity(finding.severity))\""
                attributes += " message=\"\(XMLEscape.attribute(finding.message))\""
                attributes += " source=\"shipcheck.\(XMLEscape.attribute(finding.rule))\""
                lines.append("    <error\(attributes)/>")
            }
            lines.append("  </file>")
        }
        lines.append("</checkstyle>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info, .off: return "info"
        }
    }
}

extension CheckstyleReport: Reporter {
    public static let format = OutputFormat.checkstyle
    public static let writes = "Checkstyle XML, for Jenkins Warnings NG, reviewdog and Danger"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result)
    }
}
