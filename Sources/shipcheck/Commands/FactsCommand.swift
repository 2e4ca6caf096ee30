import Foundation
import Project
import Rules
import ShipcheckCore

/// `shipcheck facts [PATH]`: what the inspectors detected and what the manifest states, with evidence,
/// so a team can see why shipcheck believes what it believes.
struct FactsCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "facts",
        abstract: "Show what shipcheck detected about the project, and what shipcheck.yml states, with evidence.",
        arguments: [ArgumentDefinition("path", help: "The project root (default: .).")],
        options: CommonOptions.project + [
            OptionDefinition("format", value: "format", help: "text (default) or json."),
            CheckCommand.archiveOption,
            OptionDefinition("catalog", help: "List the fact catalog instead: every fact a rule may read (the inspectors', the symbol tables', the checklists' facts:), with its type and meaning. Takes no path."),
        ]
    )

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        let asJSON: Bool
        switch console.parseTextOrJSON(arguments, Self.definition) {
        case .success(let value): (parsed, asJSON) = (value.0, value.json)
        case .failure(let code): return code
        }
        if parsed.flag("catalog") { return catalog(parsed, asJSON: asJSON) }
        var project: ProjectModel
        do {
            let session = try Session.open(path: parsed.positionals.first ?? ".", configPath: parsed.value("config"),
                                           rulesDirectories: parsed.all("rules"), discoveryCeiling: console.confinedRoot)
            project = try session.inspect()
            // With --archive, the built archives' facts, which win over the source's (both are shown).
            try ArchiveStep.read(parsed.all("archive"), into: &project, binarySymbols: session.archiveTables())
        } catch {
            for message in error.messages { console.error(message) }
            return .usage
        }
        console.out(asJSON ? json(project) : text(project))
        return .success
    }

    /// `--catalog`: the declarations of the built-in checklists and any `--rules` folders, by name.
    func catalog(_ parsed: ParsedArguments, asJSON: Bool) -> ExitCode {
        guard parsed.positionals.isEmpty else {
            console.error("facts --catalog lists the catalog of the checklists and takes no path")
            return .usage
        }
        let checklists: [Checklist]
        do {
            checklists = try ChecklistCatalog.load(rulesDirectories: parsed.all("rules"))
        } catch {
            for message in error.messages { console.error(message) }
            return .usage
        }
        let declarations = FactCatalog(checklists: checklists).declarations.sorted { $0.pattern < $1.pattern }
        if asJSON {
            console.out(JSONOutput.serialize(["facts": declarations.map { declaration -> [String: Any] in
                ["name": declaration.pattern, "type": declaration.types.map(\.rawValue), "doc": declaration.doc, "declared_in": declaration.file]
            }]))
            return .success
        }
        let width = min(44, declarations.map(\.pattern.count).max() ?? 0)
        var out = ""
        for declaration in declarations {
            let name = declaration.pattern.padding(toLength: max(width, declaration.pattern.count), withPad: " ", startingAt: 0)
            out += "\(name)  \(declaration.types.map(\.rawValue).joined(separator: "|"))\n"
            out += "    \(declaration.doc) (\(declaration.file))\n"
        }
        out += "\(declarations.count) facts; a * stands for one or more characters. Any of them can be stated in shipcheck.yml (facts:).\n"
        console.out(out)
        return .success
    }

    /// Facts grouped by their first name part (`account`, `android`, `sdk`…), stated ones marked.
    func text(_ project: ProjectModel) -> String {
        let store = project.facts
        let names = Set(store.stated.keys).union(store.detected.keys).sorted()
        var out = ""
        var group = ""
        for name in names {
            let head = String(name.split(separator: ".").first ?? "")
            if head != group { out += "\(head)\n"; group = head }
            if let stated = store.stated[name] {
                out += "  \(name) = \(stated.value)  (stated in \(project.manifest?.file ?? "shipcheck.yml"))\n"
                if let detected = store.detected[name] { out += "    detected: \(detected.value) (overridden)\n" }
            } else if let detected = store.detected[name] {
                out += "  \(name) = \(detected.value)\n"
            }
            for evidence in (store.detected[name]?.evidence ?? []).prefix(5) {
                out += "    \(evidence.location): \(evidence.snippet)\n"
            }
        }
        if !project.problems.isEmpty {
            out += "unreadable\n"
            for problem in project.problems { out += "  \(problem.location): \(problem.message)\n" }
        }
        return out.isEmpty ? "No facts detected.\n" : out
    }

    func json(_ project: ProjectModel) -> String {
        let store = project.facts
        let names = Set(store.stated.keys).union(store.detected.keys).sorted()
        func encode(_ fact: Fact) -> [String: Any] {
            var object: [String: Any] = ["value": Self.jsonValue(fact.value), "source": fact.source.rawValue]
            object["evidence"] = fact.evidence.map { evidence -> [String: Any] in
                var e: [String: Any] = ["path": evidence.location.path, "snippet": evidence.snippet]
                if let line = evidence.location.line { e["line"] = line }
                if let column = evidence.location.column { e["column"] = column }
                return e
            }
            return object
        }
        let facts: [[String: Any]] = names.map { name in
            var object: [String: Any] = ["name": name]
            if let effective = store[name] { object.merge(encode(effective)) { a, _ in a } }
            if store.stated[name] != nil, let detected = store.detected[name] { object["detected"] = encode(detected) }
            return object
        }
        let problems = project.problems.map { ["path": $0.location.path, "message": $0.message] }
        return JSONOutput.serialize(["facts": facts, "problems": problems])
    }

    static func jsonValue(_ value: FactValue) -> Any {
        switch value {
        case .bool(let b): return b
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? Int(n) as Any : n as Any
        case .string(let s): return s
        case .list(let l): return l
        }
    }
}
