import BuiltinData
import Project
import Rules

/// The Markdown report (job summaries, PR comments), rendered from a template: the built-in
/// `templates/report.md.mustache` or a team's own, which sees the variables of `context(_:linkBase:)`.
public enum MarkdownReport {
    public static let defaultTemplateName = "report.md.mustache"

    /// GitHub rejects a pull-request comment over 65,536 characters and a job summary over 1 MiB; the
    /// default stays under the smaller, counted in UTF-8 bytes (never fewer than the characters).
    public static let defaultSizeLimit = 65_000
    /// Locations listed per rule before "and N more"; lowered step by step while the report is too big.
    public static let locationCaps = [20, 10, 5, 2, 1, 0]

    /// - Parameters:
    ///   - template: the template text; nil for the built-in one.
    ///   - templateName: named in template errors (the user's file path).
    ///   - linkBase: when given (`https://github.com/o/r/blob/SHA`), locations link to `linkBase/path#Lline`.
    ///   - sizeLimit: the report's maximum size in UTF-8 bytes; fewer locations per rule are listed until it
    ///     fits, and a report that still does not fit is cut at a line with a note saying so.
    public static func render(_ result: RunResult, template: String? = nil, templateName: String = defaultTemplateName,
                              linkBase: String? = nil, sizeLimit: Int = defaultSizeLimit) throws(TemplateError) -> String {
        let text: String
        if let template {
            text = template
        } else if let builtin = BuiltinData.templates.first(where: { $0.name == defaultTemplateName }) {
            text = builtin.text
        } else {
            throw TemplateError(template: defaultTemplateName, line: 0, message: "the built-in template is missing from this build")
        }
        let compiled = try Template(text, name: templateName)
        var rendered = ""
        for cap in locationCaps {
            // The job summary is not a log, but this report is also printed (`--format markdown`): a line a
            // team's template starts with a file name must not become a workflow command; `\:` renders as `:`.
            rendered = WorkflowCommandGuard.guardLineStarts(try compiled.render(context(result, linkBase: linkBase, locationCap: cap)),
                                                            prefix: "\\")
            if rendered.utf8.count <= sizeLimit { return rendered }
        }
        return truncated(rendered, to: sizeLimit)
    }

    /// Cut at the last line break that leaves room for the note, closing an open `<details>`.
    static func truncated(_ text: String, to limit: Int) -> String {
        let note = "\n\n**This report was cut at \(limit) bytes to fit where it goes; the JSON or SARIF report has every finding.**\n"
        let closing = "\n</details>\n"
        let budget = max(0, limit - note.utf8.count - closing.utf8.count)
        var bytes = Array(text.utf8.prefix(budget))
        if let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) { bytes.removeSubrange(newline...) } else { bytes.removeAll() }
        var head = String(decoding: bytes, as: UTF8.self)
        let opened = head.components(separatedBy: "<details").count - head.components(separatedBy: "</details>").count
        if opened > 0 { head += closing }
        return head + note
    }

    /// Everything a template can use. Documented in the header of `templates/report.md.mustache`.
    public static func context(_ result: RunResult, linkBase: String?, locationCap: Int = locationCaps[0]) -> TemplateValue {
        let errors = result.count(.error)
        let verdict = errors == 0
            ? "✅ Ready to submit"
            : "❌ \(plural(errors, "error")) \(errors == 1 ? "blocks" : "block") submission"
        let groups = checklistRows(result, linkBase: linkBase, locationCap: locationCap)
        return .object([
            "tool": .object(["name": .string("shipcheck"), "version": .string(result.toolVersion)]),
            "root": .string(result.root),
            "ready": .bool(errors == 0),
            "verdict": .string(verdict),
            "summary": .string(TextReport.summary(result)),
            "errors": .int(errors),
            "warnings": .int(result.count(.warning)),
            "notes": .int(result.count(.info)),
            "hasFindings": .bool(!result.findings.isEmpty),
            "findings": .list(result.findings.map { finding($0, linkBase: linkBase) }),
            "checklists": .list(groups),
            // The table shows the checklists with something to act on; the rest are named once below it.
            "tableRows": .list(groups.filter { $0["hasRow"] == .bool(true) }),
            "hasTableRows": .bool(groups.contains { $0["hasRow"] == .bool(true) }),
            "passedChecklists": .optional(passedLine(groups)),
            "manual": .list(result.manual.map { item in
                .object(["rule": .string(item.rule), "checklist": .string(item.checklist), "title": .string(item.title),
                         "help": .optional(item.help)])
            }),
            "hasManual": .bool(!result.manual.isEmpty),
            "manualCount": .int(result.manual.count),
            "facts": .list(result.facts.sorted { $0.name < $1.name }.map { fact in
                .object(["name": .string(fact.name), "value": .string(fact.value.description), "source": .string(fact.source.rawValue),
                         "evidence": .optional(fact.evidence.first.map(\.location.description))])
            }),
            "hasFacts": .bool(!result.facts.isEmpty),
            "factCount": .int(result.facts.count),
            "hiddenByBaseline": .int(result.hiddenByBaseline),
            "fixedBaselineEntries": .int(result.fixedBaselineEntries),
            "suppressed": .int(result.suppressed),
            "notChecked": .list(NotCheckedInput.inputs(result).map { input in
                .object(["input": .string(input.input), "message": .string(input.message), "subjects": .list(input.subjects.map(TemplateValue.string))])
            }),
            "hasNotChecked": .bool(!NotCheckedInput.inputs(result).isEmpty),
        ])
    }

    /// One row per checklist that ran a rule, found something or asks for a manual check, by name.
    private static func checklistRows(_ result: RunResult, linkBase: String?, locationCap: Int) -> [TemplateValue] {
        var names = Set(result.rules.map(\.checklist))
        names.formUnion(result.findings.map(\.checklist))
        names.formUnion(result.manual.map(\.checklist))
        let titles = Dictionary(result.checklists.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first })
        // Errors first, then warnings, then notes (the sections a reader must act on open the comment).
        func weight(_ name: String) -> (Int, Int, Int) {
            let findings = result.findings.filter { $0.checklist == name }
            return (findings.filter { $0.severity == .error }.count, findings.filter { $0.severity == .warning }.count,
                    findings.filter { $0.severity == .info }.count)
        }
        let ordered = names.sorted().map { ($0, weight($0)) }.sorted { a, b in
            a.1 != b.1 ? a.1 > b.1 : a.0 < b.0
        }.map(\.0)
        let notRun = Set(result.notRunWithoutArchive)
        return ordered.map { name in
            let findings = result.findings.filter { $0.checklist == name }
            // A rule that needs a built archive did not run in a source-only run: it neither passed nor failed.
            let rules = Set(result.rules.filter { $0.checklist == name && !$0.isManual && !notRun.contains($0.id) }.map(\.id))
            let failing = Set(findings.map(\.rule))
            return .object([
                "name": .string(name),
                "title": .string(titles[name] ?? name),
                "errors": .int(findings.filter { $0.severity == .error }.count),
                "warnings": .int(findings.filter { $0.severity == .warning }.count),
                "notes": .int(findings.filter { $0.severity == .info }.count),
                "rules": .int(rules.count),
                "passed": .int(rules.subtracting(failing).count),
                "manual": .int(result.manual.filter { $0.checklist == name }.count),
                "hasFindings": .bool(!findings.isEmpty),
                // A checklist with an error or a warning is shown open: a reviewer acts on it first.
                // One with notes only is folded.
                "open": .bool(findings.contains { $0.severity == .error || $0.severity == .warning }),
                "hasRow": .bool(!findings.isEmpty || result.manual.contains { $0.checklist == name }),
                "counts": .string(counts(findings)),
                "findings": .list(findings.map { finding($0, linkBase: linkBase) }),
                "groups": .list(RuleGroup.make(findings).map { ruleGroup($0, linkBase: linkBase, locationCap: locationCap) }),
            ])
        }
    }

    /// `All rules passed in App Review (4/4), Metadata (12/12).`, for the rows left out of the table.
    private static func passedLine(_ groups: [TemplateValue]) -> String? {
        let passed = groups.filter { $0["hasRow"] == .bool(false) }.compactMap { group -> String? in
            // A checklist with nothing that ran (only manual items, or only archive rules) passed nothing.
            guard case .string(let title)? = group["title"], case .int(let rules)? = group["rules"], rules > 0,
                  case .int(let ok)? = group["passed"] else { return nil }
            return "\(title) (\(ok)/\(rules))"
        }
        return passed.isEmpty ? nil : "All rules passed in " + passed.joined(separator: ", ") + "."
    }

    /// `2 errors, 1 note`.
    private static func counts(_ findings: [Finding]) -> String {
        let nouns: [(Severity, String)] = [(.error, "error"), (.warning, "warning"), (.info, "note")]
        var parts: [String] = []
        for (severity, noun) in nouns {
            let count = findings.filter { $0.severity == severity }.count
            if count > 0 { parts.append(plural(count, noun)) }
        }
        return parts.joined(separator: ", ")
    }

    /// A rule with its findings: help and references once, then at most `locationCap` locations.
    private static func ruleGroup(_ group: RuleGroup, linkBase: String?, locationCap: Int) -> TemplateValue {
        let shown = group.findings.prefix(locationCap)
        return .object([
            "rule": .string(group.rule),
            "title": .string(group.title),
            "severity": .string(TextReport.severityLabel(group.severity)),
            "icon": .string(icon(group.severity)),
            "help": .optional(group.help),
            "references": references(group.references),
            "count": .int(group.findings.count),
            "locations": .list(shown.map { finding($0, linkBase: linkBase) }),
            "more": .int(group.findings.count - shown.count),
        ])
    }

    private static func references(_ references: [Reference]) -> TemplateValue {
        .list(references.map { reference in
            .object(["title": .string(reference.title), "url": .optional(reference.url.map(safeURL))])
        })
    }

    private static func finding(_ finding: Finding, linkBase: String?) -> TemplateValue {
        let location = finding.location
        var place = location.path
        if let line = location.line { place += ":\(line)" }
        return .object([
            "rule": .string(finding.rule),
            "checklist": .string(finding.checklist),
            "severity": .string(TextReport.severityLabel(finding.severity)),
            "icon": .string(icon(finding.severity)),
            "title": .string(finding.title),
            "message": .string(finding.message),
            "location": .string(place),
            "path": .string(location.path),
            "line": location.line.map { .int($0) } ?? .null,
            // A place inside a built archive has no page in the repository to link to.
            "url": ArchiveLocation.split(location.path).entry == nil ? linkBase.map { .string(link(base: $0, location: location)) } ?? .null : .null,
            "evidence": .optional(finding.evidence),
            "help": .optional(finding.help),
            "references": references(finding.references),
            "fingerprint": .string(finding.fingerprint),
        ])
    }

    private static func icon(_ severity: Severity) -> String {
        switch severity {
        case .error: return "❌"
        case .warning: return "⚠️"
        case .info, .off: return "ℹ️"
        }
    }

    /// `base/path#Lline`, the form GitHub, GitLab and Bitbucket file views understand.
    static func link(base: String, location: SourceLocation) -> String {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        var url = trimmed + "/" + URIPath.encode(location.path)
        if let line = location.line { url += "#L\(line)" }
        return safeURL(url)
    }

    /// Characters that would end a Markdown link destination early, percent-encoded.
    static func safeURL(_ url: String) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<": out += "%3C"
            case ">": out += "%3E"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

private extension TemplateValue {
    subscript(key: String) -> TemplateValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}

extension MarkdownReport: Reporter {
    public static let format = OutputFormat.markdown
    public static let writes = "a Markdown report for a job summary or a pull-request comment (--template for your own)"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) throws(TemplateError) -> String {
        try render(result, template: options.template, templateName: options.templateName, linkBase: options.linkBase)
    }
}
