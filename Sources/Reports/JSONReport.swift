import Rules

/// The machine-readable report: `{"version":1,"tool":…,"root":…,"config":…,"summary":…,"findings":[…],"manual":[…],"not_checked":[…]}`.
/// Keys come in a fixed order; unknown line, column, evidence, help and URLs are omitted, not null.
public enum JSONReport {
    public static let formatVersion = 1

    public static func render(_ result: RunResult) -> String {
        document(result).serialized()
    }

    static func document(_ result: RunResult) -> JSONValue {
        .object([
            ("version", .int(formatVersion)),
            ("tool", .object([("name", .string("shipcheck")), ("version", .string(result.toolVersion))])),
            // Where finding paths start (the repository root) and the configuration read, for Danger scripts.
            ("root", .string(result.root)),
        ] + JSONValue.optional("config", result.configPath) + [
            ("summary", .object([
                ("errors", .int(result.count(.error))),
                ("warnings", .int(result.count(.warning))),
                ("infos", .int(result.count(.info))),
                ("manual", .int(result.manual.count)),
                ("suppressed", .int(result.suppressed)),
            ])),
            ("findings", .array(result.findings.map(finding))),
            ("manual", .array(result.manual.map { item in
                .object([("rule", .string(item.rule)), ("checklist", .string(item.checklist)), ("title", .string(item.title))])
            })),
            // The inputs not read, each once: a clean report with entries here is clean only as far as it read.
            ("not_checked", .array(NotCheckedInput.inputs(result).map { input in
                .object([("input", .string(input.input)), ("message", .string(input.message)),
                         ("subjects", .array(input.subjects.map(JSONValue.string)))])
            })),
        ])
    }

    static func finding(_ finding: Finding) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("rule", .string(finding.rule)),
            ("checklist", .string(finding.checklist)),
            ("severity", .string(finding.severity.rawValue)),
            ("title", .string(finding.title)),
            ("message", .string(finding.message)),
            ("path", .string(finding.location.path)),
        ]
        pairs += JSONValue.optional("line", finding.location.line)
        pairs += JSONValue.optional("column", finding.location.line == nil ? nil : finding.location.column)
        pairs += JSONValue.optional("evidence", finding.evidence)
        pairs += JSONValue.optional("help", finding.help)
        pairs.append(("references", .array(finding.references.map { reference in
            .object([("title", .string(reference.title))] + JSONValue.optional("url", reference.url))
        })))
        pairs.append(("fingerprint", .string(finding.fingerprint)))
        return .object(pairs)
    }
}

extension JSONReport: Reporter {
    public static let format = OutputFormat.json
    public static let writes = "the findings, counts and manual items as one JSON document (schemas/report.schema.json), for your own scripts and Danger"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result)
    }
}
