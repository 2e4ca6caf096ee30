import Rules

/// A report format: its name, the other names it answers to, what it writes, and how it renders one run.
/// Each reporter describes itself, so the help, the shell completions and the tests read the registry
/// (`Reporters.all`) and never a list of their own.
public protocol Reporter: Sendable {
    /// The `--format` name.
    static var format: OutputFormat { get }
    /// Other names `--format` accepts for it (SwiftLint's `--reporter` names for the same output).
    static var aliases: [String] { get }
    /// One line for the help: what it writes and for whom.
    static var writes: String { get }
    /// The report text for one run. Only a team's Markdown template can fail.
    static func report(_ result: RunResult, options: ReportRenderer.Options) throws(TemplateError) -> String
}

extension Reporter {
    public static var aliases: [String] { [] }
}

/// The reporters shipcheck has: adding one is a type conforming to `Reporter` and a line here
/// (the registry test renders every entry).
public enum Reporters {
    public static let all: [any Reporter.Type] = [
        TextReport.self, JSONReport.self, MarkdownReport.self, SARIFReport.self, JUnitReport.self,
        GitHubReport.self, GitLabReport.self, CheckstyleReport.self, HTMLReport.self,
    ]

    /// The reporter of a format. Every `OutputFormat` value names a registered reporter (its initializer checks).
    public static func reporter(for format: OutputFormat) -> any Reporter.Type {
        guard let reporter = all.first(where: { $0.format == format }) else {
            preconditionFailure("OutputFormat \(format.rawValue) has no reporter in Reporters.all")
        }
        return reporter
    }
}
