import Foundation
import Project
import Rules

/// SARIF 2.1.0 for code-scanning services: one run, a descriptor for every rule that fired, and one
/// result per finding with a path relative to `%SRCROOT%` and the stable fingerprint.
public enum SARIFReport {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let fingerprintKey = "shipcheck/v1"

    /// `informationURI` (where the tool is documented) is optional in SARIF and left out unless given:
    /// the project has no public home yet, and a made-up address would mislead code-scanning UIs.
    /// - Parameter fileForFolder: for findings about a folder (a locale folder, a metadata tree), a file in
    ///   it: code scanning places results on files only.
    public static func render(_ result: RunResult, informationURI: String? = nil, fileForFolder: [String: String] = [:]) -> String {
        document(result, informationURI: informationURI, fileForFolder: fileForFolder).serialized()
    }

    static func document(_ result: RunResult, informationURI: String?, fileForFolder: [String: String] = [:]) -> JSONValue {
        // Suppressed results point at their rule's descriptor too.
        let reported = result.findings + result.suppressedFindings.map(\.finding)
        let ruleIDs = Array(Set(reported.map(\.rule))).sorted()
        let index = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let rulesByID = Dictionary(result.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let descriptors: [JSONValue] = ruleIDs.compactMap { id in
            guard let first = reported.first(where: { $0.rule == id }) else { return nil }
            return descriptor(id: id, rule: rulesByID[id], example: first)
        }
        let run: JSONValue = .object([
            ("tool", .object([("driver", .object(
                [("name", .string("shipcheck")), ("version", .string(result.toolVersion))]
                    + (informationURI.map { [("informationUri", JSONValue.string($0))] } ?? [])
                    + [("rules", .array(descriptors))]
            ))])),
            ("originalUriBaseIds", .object([("%SRCROOT%", .object([("uri", .string(rootURI(result.root)))]))])),
            ("results", .array(result.findings.map { finding in sarifResult(finding, ruleIndex: index[finding.rule] ?? 0, fileForFolder: fileForFolder) }
                + result.suppressedFindings.map { silenced in
                    sarifResult(silenced.finding, ruleIndex: index[silenced.finding.rule] ?? 0, fileForFolder: fileForFolder,
                                suppression: silenced.kind)
                })),
        ] + invocation(result, notChecked: NotCheckedInput.inputs(result)))
        return .object([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    /// The run's one invocation: successful, with the configuration file read (`properties.config`, a path
    /// from %SRCROOT%, for scripts) and the inputs not read, each once, as tool execution notifications (shown
    /// by SARIF viewers as the run's messages); the run's `properties.notChecked` lists those for scripts.
    private static func invocation(_ result: RunResult, notChecked inputs: [NotCheckedInput]) -> [(String, JSONValue)] {
        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(true))]
        if !inputs.isEmpty {
            let notifications: [JSONValue] = inputs.map { input in
                .object([("descriptor", .object([("id", .string("not-checked/" + input.input))])),
                         ("level", .string("note")),
                         ("message", .object([("text", .string(input.message))]))])
            }
            invocation.append(("toolExecutionNotifications", .array(notifications)))
        }
        if let config = result.configPath { invocation.append(("properties", .object([("config", .string(config))]))) }
        var pairs: [(String, JSONValue)] = [("invocations", .array([.object(invocation)]))]
        if !inputs.isEmpty {
            pairs.append(("properties", .object([("notChecked", .array(inputs.map { input in
                .object([("input", .string(input.input)), ("subjects", .array(input.subjects.map(JSONValue.string)))])
            }))])))
        }
        return pairs
    }

    /// SARIF §3.27.23: a silenced finding stays a result, marked suppressed, so code scanning shows it as
    /// "suppressed" instead of fixed. A `shipcheck:disable` comment is `inSource`; an `ignore:` entry (with its
    /// reason as the justification) and the baseline are `external`.
    private static func suppressions(_ kind: SuppressedFinding.Kind) -> JSONValue {
        switch kind {
        case .inSource:
            return .array([.object([("kind", .string("inSource"))])])
        case .ignoreEntry(let reason):
            return .array([.object([("kind", .string("external")), ("justification", .string(reason)),
                                    ("properties", .object([("source", .string("ignore"))]))])])
        case .baseline:
            return .array([.object([("kind", .string("external")), ("properties", .object([("source", .string("baseline"))]))])])
        }
    }

    /// From the rule when it was evaluated, else from what the finding carries.
    private static func descriptor(id: String, rule: Rule?, example: Finding) -> JSONValue {
        let title = rule?.title ?? example.title
        let help = rule?.help ?? example.help
        let references = rule.map { $0.references.isEmpty ? example.references : $0.references } ?? example.references
        let severity = rule?.severity ?? example.severity
        var markdown = help ?? title
        let links = references.map { reference in
            reference.url.map { "[\(reference.title)](\(MarkdownReport.safeURL($0)))" } ?? reference.title
        }
        if !links.isEmpty { markdown += "\n\n" + links.map { "- " + $0 }.joined(separator: "\n") }
        var pairs: [(String, JSONValue)] = [
            ("id", .string(id)),
            ("name", .string(ruleName(id))),
            ("shortDescription", .object([("text", .string(title))])),
            ("fullDescription", .object([("text", .string(help ?? title))])),
        ]
        if let url = rule.flatMap(RulePages.helpURI) ?? references.lazy.compactMap(\.url).first { pairs.append(("helpUri", .string(url))) }
        pairs.append(("help", .object([("text", .string(help ?? title)), ("markdown", .string(markdown))])))
        pairs.append(("defaultConfiguration", .object([("level", .string(level(severity)))])))
        // Tags let code scanning filter by checklist and store; precision follows the grade, since an
        // error is only raised on evidence the store itself rejects.
        var tags = [rule?.checklist ?? example.checklist]
        tags += (rule?.stores ?? []).map(\.rawValue).sorted()
        pairs.append(("properties", .object([("tags", .array(tags.map { .string($0) })), ("precision", .string(precision(severity)))])))
        return .object(pairs)
    }

    private static func sarifResult(_ finding: Finding, ruleIndex: Int, fileForFolder: [String: String],
                                    suppression: SuppressedFinding.Kind? = nil) -> JSONValue {
        // A place inside a built archive (`app.ipa!/Payload/App.app/App`): the artifact is the archive file,
        // the entry a property of it and the location's logical name (code scanning places results on files).
        let (path, entry) = ArchiveLocation.split(fileForFolder[finding.location.path] ?? finding.location.path)
        var artifact: [(String, JSONValue)] = [("uri", .string(URIPath.encode(path))), ("uriBaseId", .string("%SRCROOT%"))]
        if let entry { artifact.append(("properties", .object([("archiveEntry", .string(entry))]))) }
        var physical: [(String, JSONValue)] = [("artifactLocation", .object(artifact))]
        if let line = finding.location.line, line >= 1 {
            var region: [(String, JSONValue)] = [("startLine", .int(line))]
            if let column = finding.location.column, column >= 1 { region.append(("startColumn", .int(column))) }
            physical.append(("region", .object(region)))
        }
        return .object([
            ("ruleId", .string(finding.rule)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([("physicalLocation", .object(physical))]
                + (entry.map { [("logicalLocations", JSONValue.array([.object([
                    ("name", .string(($0 as NSString).lastPathComponent)), ("fullyQualifiedName", .string($0)), ("kind", .string("module")),
                ])]))] } ?? []))])),
            ("partialFingerprints", .object([(fingerprintKey, .string(finding.fingerprint))])),
        ] + (suppression.map { [("suppressions", suppressions($0))] } ?? []))
    }

    static func precision(_ severity: Severity) -> String {
        switch severity {
        case .error: return "high"
        case .warning: return "medium"
        case .info, .off: return "low"
        }
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        case .off: return "none"
        }
    }

    /// `metadata.keywords-length` → `MetadataKeywordsLength`: SARIF's readable rule name.
    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The project root as a `file:` URI ending in a slash, as SARIF requires of a base.
    static func rootURI(_ root: String) -> String {
        let path = root.hasSuffix("/") ? root : root + "/"
        return "file://" + URIPath.encode(path)
    }
}

extension SARIFReport: Reporter {
    public static let format = OutputFormat.sarif
    public static let writes = "SARIF 2.1.0, for code scanning (GitHub's Security tab, GitLab, Azure DevOps)"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result, fileForFolder: options.fileForFolder)
    }
}
