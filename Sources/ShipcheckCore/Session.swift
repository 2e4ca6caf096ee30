import Foundation
import Project
import Rules
import YAML

/// A project opened for checking: its root, its manifest, the loaded checklists and the rule configuration.
/// Opening validates everything a run depends on, so a run never starts on a bad configuration.
public struct Session: Sendable {
    public let root: String
    public let manifest: Manifest?
    public let engine: Engine
    public let configuration: RuleConfiguration
    /// The folder relative paths were given from (the process's current folder unless a host says otherwise):
    /// messages name the manifest as seen from there.
    public var workingDirectory: String = FileManager.default.currentDirectoryPath
    /// The inputs `inspect` reads (`InspectorRegistry.builtin` unless a host gave its own).
    public var inspectors: [any Inspector] = InspectorRegistry.builtin
    /// The walk of `root` and the early inspectors begun while the checklists loaded (`open(…, walkAhead: true)`),
    /// which `inspect` uses.
    var ahead: InspectionAhead?
    /// The manifest's absolute path (found or given with `--config`), for the reports that name the
    /// configuration loaded; nil without one.
    public var manifestPath: String?

    /// Opens `path` (absolute or relative to the current folder) with an optional `--config` file and extra
    /// checklist folders; `only`/`skip` narrow the rules. Every problem is a `SessionError` (exit 2 in the CLI).
    /// `checklists` replaces loading the built-in ones and `rulesDirectories` (tests and benchmarks load once).
    public static func open(path: String, configPath: String? = nil, rulesDirectories: [String] = [],
                            checklists preloaded: [Checklist]? = nil,
                            only: Set<String> = [], skip: Set<String> = [],
                            inspectors: [any Inspector] = InspectorRegistry.builtin,
                            workingDirectory: String = FileManager.default.currentDirectoryPath,
                            walkAhead: Bool = false, aheadScope: InspectionOptions.Scope = .everything,
                            discoveryCeiling: String? = nil) throws(SessionError) -> Session {
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        let root = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw SessionError(Diagnostic(.folderMissing, at: SourceLocation(path: path), "no such folder; give the path of the app project (or metadata folder) to check"))
        }
        guard isDirectory.boolValue else {
            throw SessionError(Diagnostic(.notAFolder, at: SourceLocation(path: path), "is a file; give the folder of the app project (or metadata folder) to check"))
        }
        guard FileManager.default.isReadableFile(atPath: root) else {
            throw SessionError(Diagnostic(.folderUnreadable, at: SourceLocation(path: path), "the folder cannot be read (permissions)"))
        }
        var manifest: Manifest?
        var readManifestPath: String?
        /// The manifest read, for checking its stated facts once the checklists are loaded.
        var manifestFile: (path: String, fence: String?)?
        // Without --config: shipcheck.yml or .shipcheck.yml, from the working folder up to the repository's top.
        // `discoveryCeiling` (the MCP server's ROOT): never above it.
        let discovered = configPath == nil ? try ManifestDiscovery.find(projectRoot: root, currentDirectory: base.path, ceiling: discoveryCeiling) : nil
        // A relative --config is read from the working folder, and named in messages as given.
        let givenConfig = configPath.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path }
        if let manifestPath = givenConfig ?? discovered?.path {
            guard RootedPath.entryExists(manifestPath) else {
                throw SessionError(Diagnostic(.configurationMissing, at: SourceLocation(path: configPath ?? manifestPath),
                                              "no such configuration file (given with --config)"))
            }
            let relative = manifestPath.hasPrefix(root + "/") ? String(manifestPath.dropFirst(root.count + 1))
                : discovered != nil ? ReportPaths.relative(from: root, to: manifestPath) : configPath ?? manifestPath
            do {
                // A found manifest must stay inside the folders searched; a --config path inside the root must
                // resolve inside it (a planted link is refused unread); one outside it is the user's explicit choice.
                let fence = discovered?.boundary ?? (RootedPath.givenPathLiesInside(manifestPath, root: root) ? root : nil)
                manifest = try ManifestReader.read(path: manifestPath, relativePath: relative, root: fence)
                readManifestPath = manifestPath
                manifestFile = (manifestPath, fence)
            } catch {
                throw SessionError(diagnostics: error.errors.map { Diagnostic(.configurationInvalid, yaml: $0) })
            }
        }
        // `check` walks the root next, and reads the Xcode projects and Gradle files, which need no checklist:
        // begin them now, beside the checklist loading (in `aheadScope`, the scope `inspect` will be asked for).
        let ahead = walkAhead ? InspectionAhead(root: root, manifest: manifest, scope: aheadScope, inspectors: inspectors) : nil
        let checklists: [Checklist]
        if let preloaded {
            checklists = preloaded
        } else {
            do {
                checklists = try ChecklistCatalog.load(rulesDirectories: rulesDirectories, root: root)
            } catch {
                throw SessionError(diagnostics: error.diagnostics)
            }
        }
        // A stated fact no rule reads (a misspelt name) or of the wrong type is a configuration error, as a misspelt
        // rule id is: otherwise the rule it was written for never sees it.
        if let manifest, let manifestFile, !manifest.facts.isEmpty {
            let catalog = FactCatalog(checklists: checklists)
            do {
                try ManifestReader.checkStatedFacts(manifest, path: manifestFile.path, root: manifestFile.fence) { catalog.problem(stating: $0) }
            } catch {
                throw SessionError(diagnostics: error.errors.map { Diagnostic(.configurationInvalid, yaml: $0) })
            }
        }
        var configuration = RuleConfiguration(only: only, skip: skip)
        if let manifest {
            configuration.skip.formUnion(manifest.skip)
            for (name, level) in manifest.severity {
                guard let severity = Severity(rawValue: level) else {
                    throw SessionError(Diagnostic(.configurationInvalid, at: SourceLocation(path: manifest.file),
                                                  "rules.severity.\(name): expected error, warning, info or off, got \"\(level)\""))
                }
                configuration.severity[name] = severity
            }
        }
        return Session(root: root, manifest: manifest, engine: Engine(checklists: checklists), configuration: configuration,
                       workingDirectory: base.path, inspectors: inspectors, ahead: ahead, manifestPath: readManifestPath)
    }

    /// A message naming an `--only`/`--skip`/severity entry that matches no rule or checklist, with a suggestion.
    public func unknownRuleNames(in configuration: RuleConfiguration) -> Diagnostic? {
        let known = engine.ruleNames
        let named = configuration.only.union(configuration.skip).union(configuration.severity.keys)
        for name in named.sorted() where !known.contains(name) {
            var message = "no rule or checklist is named '\(name)'"
            if let near = Spelling.nearest(to: name, in: Array(known)) { message += "; did you mean '\(near)'?" }
            return Diagnostic(.unknownRule, message + " (see 'shipcheck rules list')")
        }
        return nil
    }

    /// The Data safety form's ids from the loaded checklists (the loader checked the table and that there is one).
    public static func dataSafetySchema(_ checklists: [Checklist]) -> DataSafetySchema? {
        let table = checklists.flatMap(\.tables.values).first { $0.kind == "data_safety_questions" }
        return table.map { DataSafetySchema(node: $0.value, diagnostics: Diagnostics(file: $0.file)) }
    }

    /// The same session over another root (the metadata command reads a locale folder from its tree's root).
    func moved(to root: String) -> Session {
        Session(root: root, manifest: manifest, engine: engine, configuration: configuration, workingDirectory: workingDirectory,
                inspectors: inspectors, manifestPath: manifestPath)
    }

    /// A rule id in shipcheck.yml (`rules.skip`, `rules.severity`) that names nothing, with the manifest's
    /// file:line:column and the nearest id, as a checklist error is reported.
    public func unknownManifestRuleNames() -> Diagnostic? {
        guard let manifest else { return nil }
        let known = engine.ruleNames
        let named = manifest.skip.map { ("rules.skip", $0) } + manifest.severity.keys.sorted().map { ("rules.severity", $0) }
        for (key, name) in named where !known.contains(name) {
            let written = manifest.locations["\(key).\(name)"] ?? manifest.locations[key] ?? SourceLocation(path: manifest.file)
            // The manifest as seen from where the command ran, so that the location is clickable.
            let absolute = written.path.hasPrefix("/") ? written.path : (root as NSString).appendingPathComponent(written.path)
            let shown = ReportPaths.relative(from: workingDirectory, to: absolute)
            let location = SourceLocation(path: shown.hasPrefix("../../..") ? absolute : shown, line: written.line, column: written.column)
            var message = "\(key): no rule or checklist is named '\(name)'"
            if let near = Spelling.nearest(to: name, in: Array(known)) { message += "; did you mean '\(near)'?" }
            return Diagnostic(.unknownRule, at: location, message + " (see 'shipcheck rules list')")
        }
        return nil
    }

    /// The loaded checklists' tables the archive inspector consumes (`ArchiveInspector.consumedTableKinds`:
    /// `kind: binary_symbols`), decoded; the loader checked them, so a failure here is a checklist error all the same.
    public func archiveTables() throws(SessionError) -> [BinarySymbolTable] {
        var tables: [BinarySymbolTable] = []
        for checklist in engine.checklists {
            for table in checklist.tables.values.filter({ ArchiveInspector.consumedTableKinds.contains($0.kind ?? "") }).sorted(by: { $0.name < $1.name }) {
                do {
                    tables.append(try BinarySymbolTable.parse(SymbolTableSource(name: table.name, file: table.file, value: table.value)))
                } catch {
                    throw SessionError(Diagnostic(.inspectionFailed, at: SourceLocation(path: table.file),
                                                  "binary symbol table \(table.name) is malformed:\n\(error.description)"))
                }
            }
        }
        return tables
    }

    /// Inspects the project with every `kind: symbols` table of the loaded checklists, and reads the Data safety
    /// export against their `kind: data_safety_questions` table.
    public func inspect(scope: InspectionOptions.Scope = .everything) throws(SessionError) -> ProjectModel {
        let symbolTables = engine.checklists.flatMap { checklist in
            checklist.tables.values.filter { $0.kind == "symbols" }.sorted { $0.name < $1.name }
                .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value, parsed: $0.symbols) }
        }
        var options = InspectionOptions(symbolTables: symbolTables, dataSafetySchema: Self.dataSafetySchema(engine.checklists), scope: scope)
        options.nativeDependencyTables = engine.checklists.flatMap { checklist in
            checklist.tables.values.filter { $0.kind == "native_dependencies" }.sorted { $0.name < $1.name }
                .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value) }
        }
        options.pluginManifestTables = engine.checklists.flatMap { checklist in
            checklist.tables.values.filter { $0.kind == "plugin_manifests" }.sorted { $0.name < $1.name }
                .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value) }
        }
        options.flutterSDKDefaultTables = engine.checklists.flatMap { checklist in
            checklist.tables.values.filter { $0.kind == "flutter_sdk_defaults" }.sorted { $0.name < $1.name }
                .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value) }
        }
        options.agpSDKDefaultTables = engine.checklists.flatMap { checklist in
            checklist.tables.values.filter { $0.kind == "agp_sdk_defaults" }.sorted { $0.name < $1.name }
                .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value) }
        }
        do {
            if let ahead { return try ProjectInspector.inspect(ahead: ahead, options: options, inspectors: inspectors) }
            return try ProjectInspector.inspect(root: root, manifest: manifest, options: options, inspectors: inspectors)
        } catch {
            throw SessionError(Diagnostic(.inspectionFailed, at: SourceLocation(path: error.path), error.message))
        }
    }
}

/// Why a session could not be opened or a run could not start: typed diagnostics (`Diagnostic`); the CLI
/// prints each one's description and exits 2.
public struct SessionError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostic: Diagnostic) { diagnostics = [diagnostic] }
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    /// A problem with no place (wording only).
    public init(_ code: Diagnostic.Code, _ message: String) { diagnostics = [Diagnostic(code, message)] }

    /// The lines the CLI prints, one per diagnostic.
    public var messages: [String] { diagnostics.map(\.description) }

    public var description: String { messages.joined(separator: "\n") }
}
