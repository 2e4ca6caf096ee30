import Foundation
import StoreLocale

/// Options of one inspection.
public struct InspectionOptions: Sendable {
    /// `kind: symbols` tables from the loaded checklists; the source scan looks for all of them in one pass.
    public var symbolTables: [SymbolTableSource]
    /// The Data safety form's question ids (the checklists' `kind: data_safety_questions` table), to read the export against.
    public var dataSafetySchema: DataSafetySchema?
    /// Bytes read from one source file at most; a larger file is scanned up to this and reported.
    public var maxFileBytes: Int

    /// What to read: everything, or only the store metadata (for `shipcheck metadata`, which needs
    /// neither the source scan nor the Apple project files; the Android build files are read for the
    /// version code, which picks the release note that ships, as `check` picks it).
    public var scope: Scope

    public enum Scope: Sendable {
        case everything, metadata
    }

    public init(symbolTables: [SymbolTableSource] = [], dataSafetySchema: DataSafetySchema? = nil,
                maxFileBytes: Int = 8 << 20, scope: Scope = .everything) {
        self.symbolTables = symbolTables
        self.dataSafetySchema = dataSafetySchema
        self.maxFileBytes = maxFileBytes
        self.scope = scope
    }
}

/// The project root could not be inspected at all.
public struct InspectionError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Walks the project once and runs every inspector over the files, then assembles the `ProjectModel`.
public enum ProjectInspector {
    /// Throws only when the root itself cannot be inspected (missing, not a folder) or a symbol table is
    /// malformed; a file that cannot be read becomes an `InputProblem` and inspection goes on.
    public static func inspect(root: String, manifest: Manifest?, options: InspectionOptions) throws(InspectionError) -> ProjectModel {
        let tables = try symbolTables(options.symbolTables)
        let walk = try FileWalker(exclude: manifest?.exclude ?? []).walk(root: root)
        let absoluteRoot = FileWalker.realPath(root) ?? root

        let scanner = SourceScanner(tables: tables)
        let files = walk.files
        // Xcode projects first: their target membership tells the scan which files only tests build.
        let xcode = options.scope == .everything ? XcodeProjects.read(files: files) : XcodeProjects()
        let scope = AppleBundles.scope(projects: xcode.projects, files: files)
        // The inspectors are independent pure functions of the file list: run them side by side with the
        // scan, then merge in a fixed order so the model is the same on every run.
        var inspectors: [@Sendable () -> PartialInspection] = [
            { MetadataDiscovery.discover(root: absoluteRoot, files: files, manifest: manifest) },
        ]
        if options.scope == .metadata {
            // Only the facts (the version code): a build file it cannot read is `check`'s to report.
            inspectors.append { PartialInspection(facts: AndroidInspector.inspect(files: files, root: absoluteRoot).facts) }
        } else {
            inspectors += [
                { AppleInspector.inspect(files: files, root: absoluteRoot, xcode: xcode) },
                { AndroidInspector.inspect(files: files, root: absoluteRoot) },
                { AndroidNativeLibraries.inspect(files: files, root: absoluteRoot) },
                { DependencyInspector.inspect(files: files, root: absoluteRoot) },
                { DataSafetyExportDetector.inspect(files: files, manifest: manifest) },
                // The scan hands each code file's bytes to the privacy link detector too: one read per file.
                { scanner.scan(files: files, maxFileBytes: options.maxFileBytes, scope: scope, privacyURLs: true) },
            ]
        }
        let jobs = inspectors
        let parts = ConcurrentMap.map(count: jobs.count) { jobs[$0]() }

        var model = ProjectModel(root: absoluteRoot, manifest: manifest, problems: walk.problems)
        var facts: [Fact] = []
        for part in parts {
            facts += part.facts
            model.problems += part.problems
            model.infoPlists += part.infoPlists
            model.privacyManifests += part.privacyManifests
            model.androidManifests += part.androidManifests
            model.gradleFiles += part.gradleFiles
            model.dependencies += part.dependencies
            model.symbolHits += part.symbolHits
            model.metadata += part.metadata
            model.appleBundles += part.appleBundles
        }
        loadDocuments(into: &model, files: files, dataSafetySchema: options.dataSafetySchema)
        facts += StoreDetection.facts(files: walk.files, metadata: model.metadata, maxFileBytes: options.maxFileBytes)
        facts += manifest.map(statedFacts) ?? []
        for fact in facts { model.facts.add(fact) }
        for fact in MetadataFacts.facts(model.metadata, facts: model.facts) { model.facts.add(fact) }
        model.problems.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        model.symbolHits.sort { ($0.location, $0.signal, $0.symbol) < ($1.location, $1.signal, $1.symbol) }
        return model
    }

    /// Loads the whole files some checks read (the Data safety export, parsed here once; the local privacy
    /// policy), found in the one walk or stated in the manifest, so that checks never touch the disk.
    public static func loadDocuments(into model: inout ProjectModel, files: [ProjectFile], dataSafetySchema: DataSafetySchema?) {
        if let path = DataSafetyLocator.locate(files: files, manifest: model.manifest) {
            model.dataSafety = DataSafetyInput.read(LoadedDocument.load(root: model.root, path: path, maxBytes: DataSafetyReader.maxBytes),
                                                    schema: dataSafetySchema)
        }
        if let path = model.manifest?.paths.privacyPolicy, !PrivacyPolicyText.isURL(path) {
            model.privacyPolicyDocument = LoadedDocument.load(root: model.root, path: path, maxBytes: PrivacyPolicyText.maxBytes)
        }
    }

    /// The tables, checked; a malformed table is a configuration error. (A checklist loader can report the
    /// same errors at load time by calling `SymbolTable.parse` itself.)
    static func symbolTables(_ sources: [SymbolTableSource]) throws(InspectionError) -> [SymbolTable] {
        var tables: [SymbolTable] = []
        for source in sources {
            do {
                tables.append(try SymbolTable.parse(source))
            } catch {
                throw InspectionError(path: source.file, message: "symbol table \(source.name) is malformed:\n\(error.description)")
            }
        }
        return tables
    }

    /// The manifest's facts, plus `store.appstore` / `store.play` from `stores:` (listed: true, unlisted: false).
    static func statedFacts(_ manifest: Manifest) -> [Fact] {
        var facts = manifest.facts
        if let stores = manifest.stores {
            let evidence = [Evidence(location: manifest.storesLocation ?? SourceLocation(path: manifest.file),
                                     snippet: "stores: [\(stores.map(\.rawValue).sorted().joined(separator: ", "))]")]
            for store in Store.allCases where !facts.contains(where: { $0.name == store.factName }) {
                facts.append(Fact(name: store.factName, value: .bool(stores.contains(store)), source: .stated, evidence: evidence))
            }
        }
        return facts
    }
}
