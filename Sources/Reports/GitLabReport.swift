import Project
import Rules

/// GitLab Code Quality (a CodeClimate JSON array), which GitLab shows in merge requests:
/// `description`, `check_name`, `fingerprint`, `severity` (info, minor, major, critical, blocker) and
/// `location.path` with `location.lines.begin`.
public enum GitLabReport {
    /// - Parameter fileForFolder: for findings about a folder, a file in it (GitLab places issues on files).
    public static func render(_ result: RunResult, fileForFolder: [String: String] = [:]) -> String {
        JSONValue.array(result.findings.map { issue($0, file: fileForFolder[$0.location.path]) }).serialized()
    }

    static func issue(_ finding: Finding, file: String?) -> JSONValue {
        .object([
            ("type", .string("issue")),
            ("description", .string(finding.message)),
            ("check_name", .string(finding.rule)),
            ("categories", .array([.string("Compatibility")])),
            ("fingerprint", .string(finding.fingerprint)),
            ("severity", .string(severity(finding.severity))),
            ("location", .object([
                ("path", .string(file ?? ArchiveLocation.split(finding.location.path).file)),
                ("lines", .object([("begin", .int(finding.location.line ?? 1))])),
            ])),
        ])
    }

    /// An error is a rejection (critical); a warning a likely one (major); a note advice (info).
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "critical"
        case .warning: return "major"
        case .info, .off: return "info"
        }
    }
}

extension GitLabReport: Reporter {
    public static let format = OutputFormat.gitlab
    /// SwiftLint's own `gitlab` is JUnit XML; shipcheck's `gitlab` is GitLab Code Quality JSON (`codeclimate` is the same).
    public static let aliases = ["codeclimate"]
    public static let writes = "GitLab Code Quality JSON (the Code Climate format): findings on a merge request (SwiftLint's gitlab is JUnit: use junit)"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result, fileForFolder: options.fileForFolder)
    }
}
