import ShipcheckCore
import Foundation
import Project
import Reports
import Rules

/// `shipcheck init [PATH]`: inspects the project and writes a starter shipcheck.yml filled in with what it
/// found (and, with --github, a workflow that uses the shipcheck action). The only command that writes
/// into a project: it adds the files that are missing and overwrites one only with --force.
struct InitCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "init",
        abstract: "Write a starter shipcheck.yml (and optionally a GitHub Actions workflow) into the project.",
        discussion: "The manifest is filled in from the project (app name, developer, stores, metadata folders). Files that exist are kept; --force overwrites them.",
        arguments: [ArgumentDefinition("path", help: "The project root (default: .).")],
        options: [OptionDefinition("github", help: "Also write .github/workflows/shipcheck.yml (at the git repository's root) using the shipcheck action."),
                  OptionDefinition("force", help: "Overwrite files that exist.")]
    )

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        let root = URL(fileURLWithPath: parsed.positionals.first ?? ".").standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            console.error("\(root): no such folder")
            return .usage
        }
        let checklists: [Checklist]
        do { checklists = try ChecklistCatalog.load(rulesDirectories: []) } catch {
            for message in error.messages { console.error(message) }
            return .usage
        }
        let symbolTables = checklists.flatMap { checklist in
            checklist.tables.values.filter { $0.kind == "symbols" }.sorted { $0.name < $1.name }
                .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value, parsed: $0.symbols) }
        }
        let project: ProjectModel
        do { project = try ProjectInspector.inspect(root: root, manifest: nil, options: InspectionOptions(symbolTables: symbolTables)) } catch {
            console.error(error.description)
            return .usage
        }

        var files = [(path: (root as NSString).appendingPathComponent(ManifestReader.fileName),
                      text: StarterFiles.manifest(StarterFiles.detect(project), project: project, checklists: checklists))]
        if parsed.flag("github") {
            // Workflows are read from the repository's root, which may be above the project.
            let repository = Self.gitRoot(above: root) ?? root
            let projectPath = root == repository ? "." : String(root.dropFirst(repository.count + 1))
            files.append(((repository as NSString).appendingPathComponent(".github/workflows/shipcheck.yml"),
                          StarterFiles.workflow(projectPath: projectPath)))
        }
        let force = parsed.flag("force")
        // Every file is checked before any is written, so a refusal (a link out of the root) leaves the project untouched.
        let repositoryRoot = parsed.flag("github") ? (Self.gitRoot(above: root) ?? root) : root
        for file in files where !(FileManager.default.fileExists(atPath: file.path) && !force) {
            do {
                // A file kept (exists, no --force) is not written; one replaced with --force is checked as new.
                if force, RootedPath.entryExists(file.path) {
                    guard RootedPath.resolvesInside(file.path, root: file.path.hasPrefix(root + "/") ? root : repositoryRoot) else {
                        console.error("\(file.path): is a link out of the project root; not writing through it")
                        return .usage
                    }
                    continue
                }
                try RootedPath.checkWritable(file.path, root: file.path.hasPrefix(root + "/") ? root : repositoryRoot)
            } catch {
                console.error("\(file.path): \(error.message)")
                return .usage
            }
        }
        var wrote = 0
        var kept: [String] = []
        for file in files {
            if FileManager.default.fileExists(atPath: file.path), !force {
                kept.append(file.path)
                continue
            }
            do {
                try FileManager.default.createDirectory(atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicWriter.write(Data(file.text.utf8), to: file.path)
            } catch {
                console.error("\(file.path): cannot write: \(error)")
                return .usage
            }
            console.out("wrote \(file.path)\n")
            wrote += 1
        }
        for path in kept {
            let message = "\(path) already exists; kept (shipcheck init never overwrites a file without --force)"
            if wrote == 0 { console.error(message) } else { console.out(message + "\n") }
        }
        return wrote == 0 ? .usage : .success
    }

    /// The nearest folder at or above `path` that holds `.git` (a folder, or a file in a worktree).
    static func gitRoot(above path: String) -> String? {
        var folder = path
        while true {
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }
}
