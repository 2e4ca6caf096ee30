import Foundation
import Project
import Rules
import YAML

/// What every project command needs: the root, the manifest, the loaded checklists and the rule configuration.
struct ProjectSession {
    let root: String
    let manifest: Manifest?
    let engine: Engine
    let configuration: RuleConfiguration

    static func open(_ parsed: ParsedArguments, console: Console) -> Result<ProjectSession, ExitCode> {
        let given = parsed.positionals.first ?? "."
        let root = URL(fileURLWithPath: given).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            console.error("\(given): no such folder; give the path of the app project (or metadata folder) to check")
            return .failure(.usage)
        }
        guard isDirectory.boolValue else {
            console.error("\(given): is a file; give the folder of the app project (or metadata folder) to check")
            return .failure(.usage)
        }
        guard FileManager.default.isReadableFile(atPath: root) else {
            console.error("\(given): the folder cannot be read (permissions)")
            return .failure(.usage)
        }
        var manifest: Manifest?
        let manifestPath = parsed.value("config") ?? (root as NSString).appendingPathComponent("shipcheck.yml")
        // `entryExists`: a shipcheck.yml that is a dangling or looping link is an error, not an absent manifest.
        if parsed.value("config") != nil || RootedPath.entryExists(manifestPath) {
            guard RootedPath.entryExists(manifestPath) else {
                console.error("\(manifestPath): no such configuration file (given with --config)")
                return .failure(.usage)
            }
            let relative = manifestPath.hasPrefix(root + "/") ? String(manifestPath.dropFirst(root.count + 1)) : manifestPath
            do {
                // The default manifest must stay inside the root; a --config file is the user's explicit choice.
                manifest = try ManifestReader.read(path: manifestPath, relativePath: relative,
                                                   root: parsed.value("config") == nil ? root : nil)
            } catch {
                for problem in error.errors { console.error(problem.description) }
                return .failure(.usage)
            }
        }
        let checklists: [Checklist]
        do {
            checklists = try ChecklistCatalog.load(rulesDirectories: parsed.all("rules"))
        } catch {
            for message in error.messages { console.error(message) }
            return .failure(.usage)
        }
        var configuration = RuleConfiguration(only: Set(parsed.list("only")), skip: Set(parsed.list("skip")))
        if let manifest {
            configuration.skip.formUnion(manifest.skip)
            for (name, level) in manifest.severity {
                guard let severity = Severity(rawValue: level) else {
                    console.error("\(manifest.file): rules.severity.\(name): expected error, warning, info or off, got \"\(level)\"")
                    return .failure(.usage)
                }
                configuration.severity[name] = severity
            }
        }
        return .success(ProjectSession(root: root, manifest: manifest, engine: Engine(checklists: checklists),
                                       configuration: configuration))
    }

    /// A message naming an `--only`/`--skip`/severity entry that matches no rule or checklist, with a suggestion.
    func unknownRuleNames(in configuration: RuleConfiguration) -> String? {
        let known = Set(engine.checklists.flatMap { [$0.name] + $0.rules.map(\.id) })
            .union([InputProblemFinding.rule, InputProblemFinding.checklist])
        let named = configuration.only.union(configuration.skip).union(configuration.severity.keys)
        for name in named.sorted() where !known.contains(name) {
            var message = "no rule or checklist is named '\(name)'"
            if let near = Spelling.nearest(to: name, in: Array(known)) { message += "; did you mean '\(near)'?" }
            return message + " (see 'shipcheck rules list')"
        }
        return nil
    }

    /// Inspects the project with every `kind: symbols` table of the loaded checklists.
    func inspect(console: Console, scope: InspectionOptions.Scope = .everything) -> Result<ProjectModel, ExitCode> {
        let symbolTables = engine.checklists.flatMap { checklist in
            checklist.tables.values.filter { $0.kind == "symbols" }.sorted { $0.name < $1.name }
                .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value) }
        }
        do {
            return .success(try ProjectInspector.inspect(root: root, manifest: manifest, options: InspectionOptions(symbolTables: symbolTables, scope: scope)))
        } catch {
            console.error(error.description)
            return .failure(.usage)
        }
    }
}
