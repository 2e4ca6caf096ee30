import Project
import Rules

/// Reads the archives given with `--archive` (or `shipcheck archive FILE`) into the project model: the
/// archive, its facts (same names as the source facts, evidence inside the archive) and the entries that
/// could not be decoded. An archive that cannot be opened at all ends the run with its reason.
enum ArchiveStep {
    static func read(_ paths: [String], into project: inout ProjectModel) throws(SessionError) {
        var errors: [Diagnostic] = []
        for path in paths {
            do {
                let opened = try ArchiveInput.open(path, root: project.root)
                let output = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
                project.archives.append(output.archive)
                for fact in output.facts { project.facts.add(fact) }
                project.problems += output.problems
            } catch {
                errors.append(Diagnostic(.archiveUnreadable, error.description))
            }
        }
        if !errors.isEmpty { throw SessionError(diagnostics: errors) }
    }

    /// Rules whose check reads only built archives (`archive.*` check functions), by id.
    static func archiveOnlyRules(_ rules: [Rule]) -> [String] {
        rules.compactMap { rule in
            if case .check(let name, _, _) = rule.kind, name.hasPrefix("archive.") { return rule.id }
            return nil
        }.sorted()
    }
}
