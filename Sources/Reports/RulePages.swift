import Foundation
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

    /// File name → Markdown: `README.md` (the index) and `<checklist>.md` for each checklist.
    public static func render(_ checklists: [Checklist]) -> [(name: String, text: String)] {
        let sorted = checklists.sorted { $0.name < $1.name }
        return [("README.md", index(sorted))] + sorted.map { ("\($0.name).md", page($0)) }
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
        out += "\n- **Stores:** \(stores(rule))\n"
        if let when = rule.when { out += "- **Applies when:** `\(when)`\n" }
        switch rule.kind {
        case .expect(let expression): out += "- **Expects:** `\(expression)`\n"
        case .check(let name, let given, _): out += "- **Check:** `\(name)`\(given.isEmpty ? "" : " over " + given.map { "`\($0)`" }.joined(separator: ", "))\n"
        case .manual: break
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
