import ShipcheckCore
import Foundation
import Reports
import Rules
import YAML

/// `shipcheck rules [list|show ID]`: what is loaded, with references, so a team can see what runs.
struct RulesCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "rules",
        abstract: "List the loaded checklists and rules, or show one rule in full.",
        arguments: [ArgumentDefinition("action", help: "list (default) or show."),
                    ArgumentDefinition("id", help: "With show: a rule id or checklist name.")],
        options: CommonOptions.project.filter { $0.long == "rules" } + [
            OptionDefinition("format", value: "format", help: "text (default), json, or markdown (the rule pages of docs/rules)."),
            OptionDefinition("output", value: "dir", help: "With --format markdown: write the pages into this folder (default: print them)."),
        ],
        subcommands: [("list", "Every checklist and its rules."), ("show", "One rule or checklist in full.")]
    )

    func run(_ arguments: [String]) -> ExitCode {
        // `rules help [list|show]`: the help of this command (the actions share it).
        if arguments.first == "help" {
            if arguments.count > 1, !["list", "show"].contains(arguments[1]) {
                var message = "unknown rules action '\(arguments[1])'"
                if let near = Spelling.nearest(to: arguments[1], in: ["list", "show"]) { message += "; did you mean '\(near)'?" }
                return console.usage(UsageError(message: message, command: "rules"))
            }
            console.out(HelpText.render(Self.definition))
            return .success
        }
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        let format = parsed.value("format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            return console.usage(UsageError(message: "rules --format takes text, json or markdown, not '\(format)'", command: "rules"))
        }
        if parsed.value("output") != nil, format != "markdown" {
            return console.usage(UsageError(message: "--output goes with --format markdown", command: "rules"))
        }
        let asJSON = format == "json"
        let checklists: [Checklist]
        do { checklists = try ChecklistCatalog.load(rulesDirectories: parsed.all("rules")) } catch {
            for message in error.messages { console.error(message) }
            return .usage
        }
        if format == "markdown" { return pages(checklists, parsed: parsed) }
        let action = parsed.positionals.first ?? "list"
        switch action {
        case "list":
            console.out(asJSON ? json(checklists) : list(checklists))
            return .success
        case "show":
            guard parsed.positionals.count == 2 else {
                return console.usage(UsageError(message: "rules show needs a rule id or checklist name", command: "rules"))
            }
            let id = parsed.positionals[1]
            if let checklist = checklists.first(where: { $0.name == id }) {
                console.out(asJSON ? json([checklist]) : list([checklist]))
                return .success
            }
            guard let rule = checklists.flatMap(\.rules).first(where: { $0.id == id }) else {
                var message = "no rule or checklist is named '\(id)'"
                if let near = Spelling.nearest(to: id, in: Engine(checklists: checklists).ruleNames.sorted()) { message += "; did you mean '\(near)'?" }
                console.error(message)
                return .usage
            }
            console.out(asJSON ? json(rules: [rule]) : show(rule))
            return .success
        default:
            var message = "unknown rules action '\(action)'"
            if let near = Spelling.nearest(to: action, in: ["list", "show"]) { message += "; did you mean '\(near)'?" }
            return console.usage(UsageError(message: message, command: "rules"))
        }
    }

    /// Renders docs/rules: every page printed one after the other, or written into `--output DIR`.
    func pages(_ checklists: [Checklist], parsed: ParsedArguments) -> ExitCode {
        if let action = parsed.positionals.first, action != "list" {
            return console.usage(UsageError(message: "--format markdown writes every rule's page; it takes no '\(action)'", command: "rules"))
        }
        let pages = RulePages.render(checklists)
        guard let directory = parsed.value("output") else {
            console.out(pages.map(\.text).joined(separator: "\n"))
            return .success
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for page in pages {
                try AtomicWriter.write(Data(page.text.utf8), to: (directory as NSString).appendingPathComponent(page.name))
            }
        } catch {
            console.error("\(directory): cannot write the rule pages: \(error)")
            return .usage
        }
        console.out("wrote \(pages.count) pages to \(directory)\n")
        return .success
    }

    func list(_ checklists: [Checklist]) -> String {
        var out = ""
        for checklist in checklists.sorted(by: { $0.name < $1.name }) {
            out += "\(checklist.name) — \(checklist.title) (\(checklist.rules.count) rules)\n"
            for rule in checklist.rules {
                let level = Self.level(rule)
                let stores = rule.stores.isEmpty ? "" : " [\(rule.stores.sorted().map(\.rawValue).joined(separator: ", "))]"
                out += "  \(Self.padded(rule.id, to: 44)) \(Self.padded(level, to: 7)) \(rule.title)\(stores)\n"
            }
        }
        let total = checklists.reduce(0) { $0 + $1.rules.count }
        return out + "\(checklists.count) checklists, \(total) rules\n"
    }

    func show(_ rule: Rule) -> String {
        var lines = ["\(rule.id): \(rule.title)",
                     "  checklist: \(rule.checklist)",
                     "  severity:  \(rule.isManual ? "manual item" : Self.level(rule))"]
        if !rule.stores.isEmpty { lines.append("  stores:    \(rule.stores.sorted().map(\.rawValue).joined(separator: ", "))") }
        if let when = rule.when { lines.append("  when:      \(when)") }
        switch rule.kind {
        case .expect(let e): lines.append("  expect:    \(e)")
        case .check(let name, let given, _): lines.append("  check:     \(name)\(given.isEmpty ? "" : " over " + given.map(\.description).joined(separator: ", "))")
        case .manual: break
        case .reported: lines.append("  reported:  by shipcheck itself (not a check function)")
        }
        if let reason = rule.severityReason { lines.append("  why this severity: \(reason)") }
        if let effective = rule.effective { lines.append("  effective: \(effective)") }
        if let message = rule.message { lines.append("  message:   \(message)") }
        if let help = rule.help { lines.append("  help:      \(help)") }
        for reference in rule.references { lines.append("  see:       \(reference.title)\(reference.url.map { " <\($0)>" } ?? "")") }
        lines.append("  defined at \(rule.file):\(rule.mark)")
        return lines.joined(separator: "\n") + "\n"
    }

    func json(_ checklists: [Checklist]) -> String {
        let array: [[String: Any]] = checklists.sorted { $0.name < $1.name }.map { checklist in
            ["checklist": checklist.name, "title": checklist.title, "rules": checklist.rules.map(ruleObject)]
        }
        return Self.serialize(array)
    }

    func json(rules: [Rule]) -> String { Self.serialize(rules.map(ruleObject)) }

    func ruleObject(_ rule: Rule) -> [String: Any] {
        var object: [String: Any] = ["id": rule.id, "title": rule.title, "checklist": rule.checklist,
                                     "severity": rule.isManual ? "manual" : rule.severity.rawValue,
                                     "stores": rule.stores.sorted().map(\.rawValue),
                                     "references": rule.references.map { ["title": $0.title, "url": $0.url ?? ""] }]
        if let help = rule.help { object["help"] = help }
        if let effective = rule.effective { object["effective"] = effective }
        if let reason = rule.severityReason { object["severity_reason"] = reason }
        return object
    }

    /// What a person reads for the rule's grade: `note` for `info`, as in every report.
    static func level(_ rule: Rule) -> String {
        rule.isManual ? "manual" : rule.severity == .info ? "note" : rule.severity.rawValue
    }

    /// The one JSON writer of the command line (the same as `check`'s).
    static func serialize(_ value: Any) -> String {
        JSONOutput.serialize(value)
    }

    /// `text` followed by spaces up to `width` (ids and levels are ASCII; Foundation's padding was a tenth of `rules list`).
    static func padded(_ text: String, to width: Int) -> String {
        let count = text.utf8.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }
}
