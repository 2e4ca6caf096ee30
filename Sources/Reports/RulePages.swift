import Foundation
import Project
import Rules

/// The rule reference (docs/rules/): a Markdown page per checklist, a section per rule with what it finds,
/// why (its sources), how to fix it, its severity and the reason for it, its examples and how to silence it.
/// Generated from the loaded checklists: `shipcheck rules --format markdown --output docs/rules`.
public enum RulePages {
    /// The command that writes the pages, named in their header.
    public static let command = "shipcheck rules --format markdown --output docs/rules"
    /// Where the examples live, relative to docs/rules/.
    static let examples = "../../Tests/RuleExamples"

    /// The page for a built-in rule (SARIF `helpUri`); nil for a team's own checklists (`--rules DIR`).
    public static func helpURI(_ rule: Rule) -> String? {
        rule.file.hasPrefix("rules/") ? ProjectLinks.rulePage(checklist: rule.checklist, rule: rule.id) : nil
    }

    /// File name → Markdown: `README.md` (the index), `<checklist>.md` for each checklist, and
    /// `check-functions.md` (what a team's own rule can select and call).
    public static func render(_ checklists: [Checklist], functions: [CheckFunction] = CheckRegistry.builtin) -> [(name: String, text: String)] {
        let sorted = checklists.sorted { $0.name < $1.name }
        return [("README.md", index(sorted))] + sorted.map { ("\($0.name).md", page($0)) }
            + [("check-functions.md", functionsPage(functions))]
    }

    /// The selector language and every check function with its options, for writing a checklist.
    static func functionsPage(_ functions: [CheckFunction]) -> String {
        var out = "<!-- Generated from the check functions in Sources/Rules/Checks by `\(command)`; edit their summaries and option docs there, then regenerate. -->\n"
        out += "\n# Writing rules: selectors and check functions\n\n"
        out += "A rule with `check: <function>` runs that function with the options under `with:` (validated when the "
        out += "checklist loads: an unknown option, a wrong type, a missing table or a table the function cannot read is "
        out += "an error with file:line:column). A function that judges values runs over what `given:` selects, one "
        out += "selector or a list; `with: { fields: [...] }` is shorthand for the metadata selectors.\n\n"
        out += "## Selectors\n\n"
        out += "| `given:` | selects |\n| --- | --- |\n"
        let selectors = [
            ("<store>.locales.*.<field>", "a metadata field of every locale (`default/` as locale `default`); `<store>` is `appstore`, `play`, `fdroid` or `*`"),
            ("<store>.locales.*.changelogs.*", "the release note that ships, per locale (labels `version`, `release_note`)"),
            ("<store>.root.<field>", "an App Store root file (`copyright`, `primary_category`, …)"),
            ("<store>.review.<field>", "a `review_information` file"),
            ("<store>.folders", "every sub-folder of every metadata tree (label `special`)"),
            ("<store>.files", "every file the uploader sends from a tree, once (label `field`)"),
            ("apple.plists.*.<key>", "a key of every Info.plist that ships (test bundles excluded); `*` in the key matches"),
            ("apple.apps.*.<key>", "a key of every application's Info.plist (no extensions or frameworks)"),
            ("android.permissions.*", "every `<uses-permission>` of the merged release manifests that ship (as `android.permission.<NAME>`)"),
            ("dependencies.*", "every resolved dependency (labels `name`, `version`, `ecosystem`)"),
        ]
        // Then those the inspectors provide (`Inspector.selectors`), by text.
        let provided = InspectorRegistry.selectors().values.sorted { $0.text < $1.text }.map { ($0.text, $0.doc) }
        for (selector, what) in selectors + provided { out += "| `\(selector)` | \(cell(what)) |\n" }
        out += "\nA named field or key is also selected where it is missing; only `present` is shown such places, so "
        out += "\"missing\" and \"empty\" are one check. A message may use each selector's labels (`{{locale}}`, "
        out += "`{{field}}`, `{{key}}`, `{{file}}`, …), `{{value}}`, `{{path}}`, `{{rule}}`, and the facts of the rule's "
        out += "`when:` with `{{evidence}}`.\n\n## Check functions\n"
        for function in functions.sorted(by: { $0.name < $1.name }) {
            out += "\n### `\(function.name)`\n\n\(function.summary)\n\n"
            switch function.subjects {
            case .required: out += "Runs over `given:` (or `fields:`).\n\n"
            case .optional: out += "Runs over `given:` when given.\n\n"
            case .none: out += "Reads the project itself; takes no `given:`.\n\n"
            }
            let options = function.options
            guard !options.isEmpty else { continue }
            out += "| option | type | required | meaning |\n| --- | --- | --- | --- |\n"
            for option in options {
                out += "| `\(option.name)` | \(optionKind(option.kind)) | \(option.required ? "yes" : "") | \(cell(option.doc)) |\n"
            }
        }
        return out
    }

    static func optionKind(_ kind: OptionSpec.Kind) -> String {
        switch kind {
        case .string: return "text"
        case .int: return "whole number"
        case .number: return "number"
        case .bool: return "true/false"
        case .date: return "date"
        case .stringList: return "list of text"
        case .stringMap: return "mapping of text to text"
        case .oneOf(let values): return "one of " + values.map { "`\($0)`" }.joined(separator: ", ")
        case .table: return "table name"
        case .node: return "any YAML"
        case .tableKey(let option, let table): return "key of the `\(option)` table (default `\(table)`)"
        }
    }

    static func header(_ source: String) -> String {
        "<!-- Generated from \(source) by `\(command)`; edit the checklist, then regenerate. -->\n"
    }

    static func index(_ checklists: [Checklist]) -> String {
        var out = header("rules/*.yml")
        out += "\n# shipcheck rules\n\n"
        out += "Every rule shipcheck runs, by checklist: what it finds, why, how to fix it, its severity and how to silence it.\n"
        out += "Severities: **error** — the store's upload validation, API or review rejects this, with a source; "
        out += "**warning** — a likely rejection or a policy risk; **note** (`info`) — advice; **manual** — only the store console knows: confirm by hand.\n\n"
        out += "| Checklist | Rules | What it covers |\n| --- | ---: | --- |\n"
        for checklist in checklists {
            out += "| [\(cell(checklist.title))](\(checklist.name).md) (`\(checklist.name)`) | \(checklist.rules.count) | \(cell(checklist.summary ?? "")) |\n"
        }
        out += "\nA team's own checklist (`--rules DIR`) uses the same selectors and check functions: [check-functions.md](check-functions.md).\n"
        out += "\n" + suppressionHelp(ruleID: "<rule-id>")
        return out
    }

    static func page(_ checklist: Checklist) -> String {
        var out = header(checklist.file)
        out += "\n# \(checklist.title) (`\(checklist.name)`)\n\n"
        if let summary = checklist.summary { out += summary + "\n\n" }
        if !checklist.references.isEmpty {
            out += "Sources:\n\n" + checklist.references.map { "- " + link($0) }.joined(separator: "\n") + "\n\n"
        }
        out += "| Rule | Severity | Stores | Title |\n| --- | --- | --- | --- |\n"
        for rule in checklist.rules {
            out += "| [`\(rule.id)`](#\(ProjectLinks.headingAnchor(rule.id))) | \(level(rule)) | \(stores(rule)) | \(cell(rule.title)) |\n"
        }
        for rule in checklist.rules { out += "\n" + section(rule) }
        return out
    }

    static func section(_ rule: Rule) -> String {
        var out = "## \(rule.id)\n\n**\(rule.title)**\n\n"
        out += "- **Severity:** \(level(rule))"
        if let reason = rule.severityReason { out += " — \(reason)" }
        for step in rule.severitySteps { out += "\n- **From \(step.from):** \(step.severity.rawValue)" + (step.reason.map { " — \($0)" } ?? "") }
        out += "\n- **Stores:** \(stores(rule))\n"
        if let when = rule.when { out += "- **Applies when:** `\(when)`\n" }
        switch rule.kind {
        case .expect(let expression): out += "- **Expects:** `\(expression)`\n"
        case .check(let name, let given, _): out += "- **Check:** `\(name)`\(given.isEmpty ? "" : " over " + given.map { "`\($0)`" }.joined(separator: ", "))\n"
        case .manual: break
        case .reported: out += "- **Reported by:** shipcheck itself, not a check function\n"
        }
        if let effective = rule.effective { out += "- **Effective from:** \(effective)\n" }
        out += "\n"
        if rule.isManual {
            out += "**What to confirm:** \(rule.title). Nothing in the project shows it, so shipcheck lists it as a manual item and never fails on it.\n\n"
        } else if let message = rule.message {
            out += "**What it finds:** \(quotedMessage(message))\n\n"
        }
        if !rule.references.isEmpty {
            out += "**Why:**\n\n" + rule.references.map { "- " + link($0) }.joined(separator: "\n") + "\n\n"
        }
        if let help = rule.help { out += "**How to fix:** \(help)\n\n" }
        if !rule.isManual {
            out += "**Examples:** [triggers](\(examples)/\(rule.id)/trigger) · [passes](\(examples)/\(rule.id)/pass) (`Tests/RuleExamples/\(rule.id)/`)\n\n"
            if rule.checklist.hasPrefix("metadata") {
                // Listing files are uploaded as written: a comment in them would reach the store.
                out += "**Silence it:** store listing files take no comments (their text is uploaded as written): add an `ignore:` entry "
                out += "with the paths and a reason to shipcheck.yml (`- rule: \(rule.id)`); "
                out += "`rules: { severity: { \(rule.id): warning } }` changes its grade.\n"
                return out
            }
            out += "**Silence it:** `// shipcheck:disable:next \(rule.id)` on the line before the finding, "
            out += "`// shipcheck:disable:this \(rule.id)` on its line, `# shipcheck:disable \(rule.id)` for the file "
            out += "(`<!-- … -->` in XML and plists), or an `ignore:` entry with a reason in shipcheck.yml; "
            out += "`rules: { severity: { \(rule.id): warning } }` changes its grade.\n"
        }
        return out
    }

    static func suppressionHelp(ruleID: String) -> String {
        """
        ## Silencing a finding

        Where the finding is (the comment syntax of the file; the rule id or the checklist name):

        ```swift
        // shipcheck:disable:next \(ruleID)      the next line
        let x = y  // shipcheck:disable:this \(ruleID)
        # shipcheck:disable \(ruleID)            the whole file
        <!-- shipcheck:disable:next \(ruleID) -->   XML, plist
        ```

        Store listing files (fastlane `*.txt`) are uploaded as they are, so they take no comments: list them in
        `shipcheck.yml` instead, with the reason (required):

        ```yaml
        ignore:
          - rule: \(ruleID)
            paths: ["fastlane/metadata/legacy/**"]
            reason: "Kept for reference; not uploaded."
        ```

        Every report counts what was silenced (`suppressed: N`); a suppression that names no rule is a warning.

        """
    }

    static func level(_ rule: Rule) -> String {
        if rule.isManual { return "manual" }
        return rule.severity == .info ? "note" : rule.severity.rawValue
    }

    static func stores(_ rule: Rule) -> String {
        let names = rule.stores.map(\.rawValue).sorted().map { $0 == "appstore" ? "App Store" : "Google Play" }
        return names.isEmpty ? "both" : names.joined(separator: ", ")
    }

    static func link(_ reference: Reference) -> String {
        reference.url.map { "[\(reference.title)](\(MarkdownReport.safeURL($0)))" } ?? reference.title
    }

    /// A message template as text: one paragraph, placeholders kept as written.
    static func quotedMessage(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Text for a table cell: one line, `|` escaped.
    static func cell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
