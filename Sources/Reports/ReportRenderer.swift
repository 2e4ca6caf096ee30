import Rules

/// One entry point for the command line: any format, one run, the options that format reads.
public enum ReportRenderer {
    public struct Options: Sendable {
        /// Text: ANSI colours.
        public var color: Bool
        /// Text: findings only.
        public var quiet: Bool
        /// Text: list the items to confirm by hand, not only their count.
        public var manual: Bool = false
        /// HTML: the metadata trees to preview as the stores show them.
        public var storeListings: [StoreListing] = []
        /// Markdown: a team's template text (nil: the built-in one) and its name for errors.
        public var template: String?
        public var templateName: String
        /// Markdown (and so the GitHub job summary): link locations to `linkBase/path#Lline`.
        public var linkBase: String?
        /// JUnit: the lowest severity that fails a testcase (`--fail-on`); nil fails none.
        public var failOn: Severity?
        /// Text: how a path is shown (relative to where the command ran).
        public var displayPath: @Sendable (String) -> String
        /// SARIF, GitHub and GitLab: a file inside each folder a finding names, since they place results on files.
        public var fileForFolder: [String: String]

        public init(color: Bool = false, quiet: Bool = false, template: String? = nil,
                    templateName: String = MarkdownReport.defaultTemplateName, linkBase: String? = nil,
                    failOn: Severity? = .error, displayPath: @escaping @Sendable (String) -> String = { $0 },
                    fileForFolder: [String: String] = [:]) {
            self.failOn = failOn
            self.displayPath = displayPath
            self.fileForFolder = fileForFolder
            self.color = color
            self.quiet = quiet
            self.template = template
            self.templateName = templateName
            self.linkBase = linkBase
        }
    }

    /// The report text. Only Markdown can fail: a team's template with an error.
    /// The `github` format is the workflow commands; the job summary is `GitHubReport.jobSummary`.
    public static func render(_ format: OutputFormat, _ result: RunResult, options: Options = Options()) throws(TemplateError) -> String {
        try Reporters.reporter(for: format).report(result, options: options)
    }
}
