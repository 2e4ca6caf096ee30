import Reports

/// Options shared by the commands that inspect a project.
enum CommonOptions {
    static let formats = OutputFormat.allCases.map(\.rawValue)

    /// What each `--format` name writes, one line each, for the commands' help.
    static var formatList: String {
        let width = OutputFormat.allCases.map(\.rawValue.count).max() ?? 0
        var lines = ["FORMATS (--format NAME, or NAME:PATH for a file):"]
        for format in OutputFormat.allCases {
            let aliases = OutputFormat.aliases.filter { $0.format == format }.map(\.name)
            let also = aliases.isEmpty ? "" : " Also named: \(aliases.joined(separator: ", "))."
            lines.append("  " + format.rawValue + String(repeating: " ", count: width + 2 - format.rawValue.count) + format.writes + "." + also)
        }
        return lines.joined(separator: "\n")
    }

    static let project: [OptionDefinition] = [
        OptionDefinition("config", value: "file", help: "The project manifest (default: shipcheck.yml or .shipcheck.yml, the nearest from the working folder or the project root up to the repository root)."),
        OptionDefinition("rules", value: "dir", repeatable: true, help: "A folder of extra checklists (.yml); may repeat."),
    ]

    static let report: [OptionDefinition] = [
        OptionDefinition("format", value: "format[:path]", repeatable: true, aliases: ["reporter"],
                         help: "Output format: \(formats.joined(separator: ", ")) (see FORMATS above). Repeat for several; FORMAT:PATH writes a file. The first without a path goes to the terminal (default: text)."),
        OptionDefinition("only", value: "id", repeatable: true, help: "Run only these rules or checklists (comma-separated or repeated)."),
        OptionDefinition("skip", value: "id", repeatable: true, help: "Skip these rules or checklists (comma-separated or repeated)."),
        OptionDefinition("fail-on", value: "level", help: "Exit 1 when a finding is at or above: error (default), warning, note (also: info), never."),
        OptionDefinition("strict", help: "The same as --fail-on warning (SwiftLint's --strict): exit 1 on warnings too."),
        OptionDefinition("baseline", value: "file", help: "Hide the findings recorded in this baseline; report only new ones."),
        OptionDefinition("write-baseline", value: "file", help: "Record today's findings as the baseline in this file; the run then exits 0."),
        OptionDefinition("template", value: "file", help: "A Mustache-like template for the markdown format."),
        OptionDefinition("summary", help: "Append the Markdown report to the GitHub job summary ($GITHUB_STEP_SUMMARY); --format github does too."),
        OptionDefinition("online", help: "Also check URLs over the network (privacy policy, support and marketing URLs)."),
        OptionDefinition("color", value: "when", help: "Colour the text output: auto (default; on a terminal, unless NO_COLOR is set), always, never."),
        OptionDefinition("quiet", short: "q", help: "Print only the findings; the exit code tells the rest."),
        OptionDefinition("manual", help: "Text: list the items to confirm by hand before submitting (otherwise one line counts them)."),
        OptionDefinition("date", value: "YYYY-MM-DD", hidden: true, help: "Evaluate as on this day (for rules with an effective date)."),
    ]
}
