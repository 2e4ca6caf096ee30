import YAML

/// The report formats `--format` accepts.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, markdown, sarif, junit, github, gitlab, checkstyle, html

    /// Other names accepted for a format: the names SwiftLint's `--reporter` gives the same output.
    /// (SwiftLint's own `gitlab` is JUnit XML; shipcheck's `gitlab` is GitLab Code Quality JSON.)
    /// `xcode` is SwiftLint's default reporter: exactly the `path:line:col: error: message` lines of `text`.
    public static let aliases: [(name: String, format: OutputFormat)] = [("codeclimate", .gitlab), ("github-actions-logging", .github), ("xcode", .text)]

    /// The format a name means, an alias included; nil for an unknown name.
    public static func named(_ name: String) -> OutputFormat? {
        let lowered = name.lowercased()
        return OutputFormat(rawValue: lowered) ?? aliases.first { $0.name == lowered }?.format
    }

    /// Every name `--format` accepts.
    public static var allNames: [String] { allCases.map(\.rawValue) + aliases.map(\.name) }

    /// What the format writes, for the help.
    public var writes: String {
        switch self {
        case .text: return "lines `path:line:col: error: message [rule]`, grouped by rule, for a terminal or an Xcode build log"
        case .json: return "the findings, counts and manual items as one JSON document (schemas/report.schema.json), for your own scripts and Danger"
        case .markdown: return "a Markdown report for a job summary or a pull-request comment (--template for your own)"
        case .sarif: return "SARIF 2.1.0, for code scanning (GitHub's Security tab, GitLab, Azure DevOps)"
        case .junit: return "JUnit XML, one test case per rule, for test dashboards (Bitrise, GitLab, Jenkins)"
        case .github: return "GitHub Actions workflow commands (`::error file=…`): annotations on the diff"
        case .gitlab: return "GitLab Code Quality JSON (the Code Climate format): findings on a merge request (SwiftLint's gitlab is JUnit: use junit)"
        case .checkstyle: return "Checkstyle XML, for Jenkins Warnings NG, reviewdog and Danger"
        case .html: return "one self-contained HTML page (html:report.html): the findings by checklist and each store listing per locale, its counts against the limits"
        }
    }
}

/// One `--format` argument: a format and, after a colon, the file to write it to
/// (`sarif:out.sarif`); without a path the report goes to standard output.
public struct FormatSpec: Sendable, Equatable {
    public let format: OutputFormat
    public let path: String?

    public init(format: OutputFormat, path: String? = nil) {
        self.format = format
        self.path = path
    }

    /// Splits at the first colon, so a path may itself contain colons.
    public static func parse(_ spec: String) throws(FormatSpecError) -> FormatSpec {
        let name: Substring
        var path: String?
        if let colon = spec.firstIndex(of: ":") {
            name = spec[..<colon]
            path = String(spec[spec.index(after: colon)...])
        } else {
            name = Substring(spec)
        }
        guard let format = OutputFormat.named(String(name)) else {
            let valid = OutputFormat.allNames
            throw FormatSpecError(spec: spec, message: "unknown format '\(name)'",
                                  suggestion: Spelling.nearest(to: String(name), in: valid), valid: valid)
        }
        if path?.isEmpty == true {
            throw FormatSpecError(spec: spec, message: "no file name after '\(name):'",
                                  suggestion: nil, valid: OutputFormat.allNames)
        }
        return FormatSpec(format: format, path: path)
    }
}

/// A `--format` argument that names no known format, or an empty file name.
public struct FormatSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    public let spec: String
    public let message: String
    /// The nearest valid format name, when the spelling is close.
    public let suggestion: String?
    public let valid: [String]

    public var description: String {
        var text = "--format \(spec): \(message)"
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        return text + " (valid formats: \(valid.joined(separator: ", ")); add :PATH to write a file)"
    }
}
