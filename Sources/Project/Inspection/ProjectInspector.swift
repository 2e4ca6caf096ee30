import Foundation
import StoreLocale

/// Options of one inspection.
public struct InspectionOptions: Sendable {
    /// `kind: symbols` tables from the loaded checklists; the source scan looks for all of them in one pass.
    public var symbolTables: [SymbolTableSource]
    /// The Data safety form's question ids (the checklists' `kind: data_safety_questions` table), to read the export against.
    public var dataSafetySchema: DataSafetySchema?
    /// `kind: native_dependencies` tables (native-bearing dependency coordinates: AndroidNativeDependencies).
    public var nativeDependencyTables: [SymbolTableSource] = []
    /// `kind: plugin_manifests` tables (what well-known Flutter plugins' and React Native modules' published
    /// Android manifests add: CrossPlatformPackages).
    public var pluginManifestTables: [SymbolTableSource] = []
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

/// Walks the project once and runs every registered inspector (`InspectorRegistry`) over the files, then
/// assembles the `ProjectModel` from their parts and facts.
public enum ProjectInspector {
    /// Throws only when the root itself cannot be inspected (missing, not a folder) or a symbol table is
    /// malformed; a file that cannot be read becomes an `InputProblem` and inspection goes on.
    /// What the inspectors that read no checklist gave (`inspectAhead`), for `inspect` to use instead of
    /// running them again: by inspector type, for the scope they ran in.
    public struct AheadOutputs: Sendable {
        let scope: InspectionOptions.Scope
        let outputs: [ObjectIdentifier: ErasedOutput]
    }

    /// Runs the inspectors that read nothing of the checklists (`Inspector.readsChecklists == false`) on a
    /// finished walk, so that a session can run them while its checklists still load: on a small project the
    /// walk is done first, and the Xcode projects' parse then waited for the checklists. One that reads
    /// earlier parts runs here only when every inspector of the earlier stage does. Their outputs are what
    /// `inspect` would compute (same files, same options but the checklists' tables, which they do not read).
    public static func inspectAhead(root: String, manifest: Manifest?, scope: InspectionOptions.Scope,
                                    inspectors: [any Inspector] = InspectorRegistry.builtin, walk: FileWalker.Result) -> AheadOutputs {
        let (absoluteRoot, files, _) = prepared(root: root, walk: walk)
        let selected = inspectors.filter { $0.scopes.contains(scope) }
        guard let first = selected.map(\.stage).min() else { return AheadOutputs(scope: scope, outputs: [:]) }
        let earlyAhead = selected.allSatisfy { $0.stage != first || !$0.readsChecklists }
        let ahead = selected.filter { !$0.readsChecklists && ($0.stage == first || !$0.readsEarlierParts || earlyAhead) }
        let base = ProjectModel(root: absoluteRoot, manifest: manifest, problems: walk.problems)
        let outputs = StagedJobs.run(ahead, earlyParts: base.parts, job: { inspector, earlier in
            run(inspector, InspectionInput(root: absoluteRoot, files: wanted(files, by: inspector), manifest: manifest,
                                           options: InspectionOptions(scope: scope), earlier: earlier))
        })
        // StagedJobs hands the outputs back in stage, then registration, order.
        let order = Set(ahead.map(\.stage)).sorted().flatMap { stage in ahead.filter { $0.stage == stage } }
        return AheadOutputs(scope: scope, outputs: Dictionary(zip(order.map { ObjectIdentifier(type(of: $0)) }, outputs),
                                                              uniquingKeysWith: { first, _ in first }))
    }

    /// The resolved root, and the walk's files without packages' example apps (never uploaded), which every
    /// inspector is given, with those folders.
    static func prepared(root: String, walk: FileWalker.Result) -> (root: String, files: [ProjectFile], examples: [String]) {
        let examples = PackageExamples.folders(walk.files)
        let files = examples.isEmpty ? walk.files : walk.files.filter { !PackageExamples.contains(examples, $0.path) }
        return (FileWalker.realPath(root) ?? root, files, examples)
    }

    public static func inspect(root: String, manifest: Manifest?, options: InspectionOptions,
                               inspectors: [any Inspector] = InspectorRegistry.builtin,
                               walk given: FileWalker.Result? = nil, ahead: AheadOutputs? = nil) throws(InspectionError) -> ProjectModel {
        let tables = try symbolTables(options.symbolTables)
        // `given`: the walk of this root with the manifest's excludes, done ahead (a session begins it early).
        let walk: FileWalker.Result
        if let given { walk = given } else { walk = try FileWalker(exclude: manifest?.exclude ?? []).walk(root: root) }
        // Packages' example apps are never uploaded: left out of every inspector, and said so in a fact.
        let (absoluteRoot, files, examples) = prepared(root: root, walk: walk)
        let selected = inspectors.filter { $0.scopes.contains(options.scope) }
        // What already ran beside the checklists' load, on this walk (`given`) and in this scope.
        let done = given != nil && ahead?.scope == options.scope ? ahead?.outputs ?? [:] : [:]

        var model = ProjectModel(root: absoluteRoot, manifest: manifest, problems: walk.problems)
        model.walkedFiles = files.map(\.path)
        var facts: [Fact] = PackageExamples.fact(examples).map { [$0] } ?? []
        // Stage by stage (the Xcode projects first: their target membership tells the scan which files only
        // tests build). Inside a stage the inspectors are independent pure functions of the file list: run
        // them side by side, then merge in registration order so the model is the same on every run.
        // A later inspector that reads no earlier part runs beside the earlier stage (StagedJobs).
        for output in StagedJobs.run(selected, earlyParts: model.parts, job: { inspector, earlier in
            if let output = done[ObjectIdentifier(type(of: inspector))] { return output }
            return run(inspector, InspectionInput(root: absoluteRoot, files: wanted(files, by: inspector), manifest: manifest,
                                                  options: options, symbolTables: tables, earlier: earlier))
        }) {
            facts += output.facts
            model.problems += output.problems
            output.store(&model.parts)
        }
        facts += StoreDetection.facts(StoreEvidenceInput(files: files, model: model, options: options), inspectors: inspectors)
        facts += manifest.map(statedFacts) ?? []
        for fact in facts { model.facts.add(fact) }
        for inspector in inspectors {
            for fact in inspector.derivedFacts(model) { model.facts.add(fact) }
        }
        model.problems.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        model.symbolHits.sort { ($0.location, $0.signal, $0.symbol) < ($1.location, $1.signal, $1.symbol) }
        return model
    }

    /// One inspector's output with its part type erased: the facts, the problems, and how to store the part.
    struct ErasedOutput: Sendable {
        let facts: [Fact]
        let problems: [InputProblem]
        let store: @Sendable (inout ModelParts) -> Void
    }

    static func run<I: Inspector>(_ inspector: I, _ input: InspectionInput) -> ErasedOutput {
        let output = inspector.inspect(input)
        let part = output.part
        return ErasedOutput(facts: output.facts, problems: output.problems) { parts in
            if let part { parts[I.Part.self] = part }
        }
    }

    static func wanted(_ files: [ProjectFile], by inspector: any Inspector) -> [ProjectFile] {
        if case .all = inspector.files { return files }
        return files.filter(inspector.files.wants)
    }

    /// Loads the whole files some checks read (the Data safety export, parsed here once; the local privacy
    /// policy), found in the one walk or stated in the manifest, so that checks never touch the disk. The
    /// inspection does this through `DataSafetyInspector` and `PrivacyPolicyInspector`; tests that build a
    /// model by hand call it.
    public static func loadDocuments(into model: inout ProjectModel, files: [ProjectFile], dataSafetySchema: DataSafetySchema?) {
        let input = InspectionInput(root: model.root, files: files, manifest: model.manifest,
                                    options: InspectionOptions(dataSafetySchema: dataSafetySchema, scope: .metadata))
        if let part = DataSafetyInspector().inspect(input).part { model.parts[DataSafetyPart.self] = part }
        if let part = PrivacyPolicyInspector().inspect(input).part { model.parts[PrivacyPolicyPart.self] = part }
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
