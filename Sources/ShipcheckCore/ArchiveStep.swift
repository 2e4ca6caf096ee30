import Project
import Rules

/// Reads the archives given with `--archive` (or `shipcheck archive FILE`) into the project model: the
/// archive, its facts (same names as the source facts, evidence inside the archive) and the entries that
/// could not be decoded. An archive that cannot be opened at all ends the run with its reason.
public enum ArchiveStep {
    /// The archives of a run: `--archive` when given, else shipcheck.yml's `archives:` (not for
    /// `shipcheck archive FILE`, which reads only the archive it is given).
    static func paths(_ options: Shipcheck.Options, manifest: Manifest?) -> [Given] {
        if !options.archives.isEmpty || options.archiveOnly { return options.archives.map { Given(path: $0, written: nil) } }
        guard let manifest else { return [] }
        return manifest.archives.map { Given(path: $0, written: manifest.locations["archives.\($0)"] ?? manifest.locations["archives"]) }
    }

    /// An archive path and, for one written in shipcheck.yml, where (its errors name that line).
    struct Given {
        let path: String
        let written: SourceLocation?
    }

    /// `facts --archive FILE`: the project model with the archives' facts added as `check` adds them;
    /// `binarySymbols`, the session's tables the archive inspector consumes (`Session.archiveTables()`).
    public static func read(_ paths: [String], into project: inout ProjectModel, binarySymbols: [BinarySymbolTable]) throws(SessionError) {
        try read(paths.map { Given(path: $0, written: nil) }, into: &project, binarySymbols: binarySymbols)
    }

    static func read(_ given: [Given], into project: inout ProjectModel, binarySymbols: [BinarySymbolTable]) throws(SessionError) {
        var errors: [Diagnostic] = []
        for item in given {
            // A manifest's path is relative to the root and must stay inside it (links included).
            let path = item.written == nil ? item.path : project.root + "/" + item.path
            do {
                // Refused before it is opened when it resolves outside the root (an in-root link to an outside folder).
                let opened = try ArchiveInput.open(path, root: project.root, confinedToRoot: item.written != nil)
                if let written = item.written, opened.contents.name.hasPrefix("../") {
                    errors.append(Diagnostic(.archiveUnreadable, at: written,
                                             "archives: \(item.path) leads out of the project root (to \(opened.contents.name)); list archives inside it"))
                    continue
                }
                // The inspector declares how what ships joins the sources' model (facts, packaged versions, API uses).
                try ArchiveInspector.inspect(opened.contents, kind: opened.kind, binarySymbols: binarySymbols).merge(into: &project)
            } catch {
                if let written = item.written {
                    errors.append(Diagnostic(.archiveUnreadable, at: written,
                                             "archives: \(ArchiveError(archive: item.path, entry: error.entry, error.message))"))
                } else {
                    errors.append(Diagnostic(.archiveUnreadable, error.description))
                }
            }
        }
        if !errors.isEmpty { throw SessionError(diagnostics: errors) }
    }
}
