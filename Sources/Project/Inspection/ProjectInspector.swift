import Foundation
import StoreLocale
import Formats

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
    /// `kind: flutter_sdk_defaults` tables (what `flutter.targetSdkVersion` is per Flutter release: FlutterSDKDefaults).
    public var flutterSDKDefaultTables: [SymbolTableSource] = []
    /// `kind: agp_sdk_defaults` tables (what an unset targetSdk is per AGP version: AndroidGradlePluginSDKDefaults).
    public var agpSDKDefaultTables: [SymbolTableSource] = []
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
    public static func inspect(root: String, manifest: Manifest?, options: InspectionOptions,
                               inspectors: [any Inspector] = InspectorRegistry.builtin,
                               walk given: FileWalker.Result? = nil) throws(InspectionError) -> ProjectModel {
        let tables = try symbolTables(options.symbolTables)
        // `given`: the walk of this root with the manifest's excludes, done ahead.
        let walk: FileWalker.Result
        if let given { walk = given } else { walk = try FileWalker(exclude: manifest?.exclude ?? []).walk(root: root) }
        return inspect(WalkedProject(root: root, walk: walk), manifest: manifest, options: options, tables: tables,
                       inspectors: inspectors, ahead: nil)
    }

    /// The inspection a session began while its checklists loaded (`InspectionAhead`): its walk, and its early
    /// stage when it ran one for this scope; the rest runs here.
    public static func inspect(ahead: InspectionAhead, options: InspectionOptions,
                               inspectors: [any Inspector] = InspectorRegistry.builtin) throws(InspectionError) -> ProjectModel {
        let walked = try ahead.walked()
        let tables = try symbolTables(options.symbolTables)
        // Its early stage stands for this one's when it ran over the same inspectors in the same scope.
        let ranEarly = ahead.runsEarlyStage && ahead.scope == options.scope && ahead.inspectorNames == inspectors.map(\.name)
        return inspect(walked, manifest: ahead.manifest, options: options, tables: tables, inspectors: inspectors,
                       ahead: ranEarly ? ahead : nil)
    }

    static func inspect(_ walked: WalkedProject, manifest: Manifest?, options: InspectionOptions, tables: [SymbolTable],
                        inspectors: [any Inspector], ahead: InspectionAhead?) -> ProjectModel {
        let files = walked.files
        var selected = inspectors.filter { $0.scopes.contains(options.scope) }
        if let ahead, let stage = ahead.early.first?.stage {
            // Its early stage ran over these very inspectors (the same list and scope): leave them out here.
            selected = selected.filter { $0.stage != stage }
        }

        var model = ProjectModel(root: walked.root, manifest: manifest, problems: walked.problems)
        model.walkedFiles = files.map(\.path)
        var facts = walked.facts
        var coverage = walked.coverage
        // Stage by stage (the Xcode projects first: their target membership tells the scan which files only
        // tests build). Inside a stage the inspectors are independent pure functions of the file list: run
        // them side by side, then merge in registration order so the model is the same on every run.
        // A later inspector that reads no earlier part runs beside the earlier stage (StagedJobs), or, when the
        // early stage ran ahead, at once.
        var ranAhead: (@Sendable (Set<ObjectIdentifier>?) -> [ErasedOutput])?
        if let ahead { ranAhead = { @Sendable reading in ahead.earlyOutputs(reading: reading) } }
        for output in StagedJobs.run(selected, earlyParts: model.parts, ranAhead: ranAhead, job: { inspector, earlier in
            run(inspector, InspectionInput(root: walked.root, files: wanted(files, by: inspector), manifest: manifest,
                                           options: options, symbolTables: tables, earlier: earlier))
        }) {
            facts += output.facts
            model.problems += output.problems
            coverage += output.coverage
            output.store(&model.parts)
        }
        facts += StoreDetection.facts(StoreEvidenceInput(files: files, model: model, options: options), inspectors: inspectors)
        facts += manifest.map(statedFacts) ?? []
        for fact in facts { model.facts.add(fact) }
        for inspector in inspectors {
            for fact in inspector.derivedFacts(model) { model.facts.add(fact) }
        }
        for inspector in inspectors { coverage += inspector.derivedCoverage(model) }
        model.coverage = CoverageGap.ordered(coverage)
        model.problems.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        model.symbolHits.sort { ($0.location, $0.signal, $0.symbol) < ($1.location, $1.signal, $1.symbol) }
        return model
    }

    /// One inspector's output with its part type erased: the facts, the problems, and how to store the part.
    struct ErasedOutput: Sendable {
        let facts: [Fact]
        let problems: [InputProblem]
        let coverage: [CoverageGap]
        let store: @Sendable (inout ModelParts) -> Void
    }

    static func run<I: Inspector>(_ inspector: I, _ input: InspectionInput) -> ErasedOutput {
        let output = inspector.inspect(input)
        let part = output.part
        return ErasedOutput(facts: output.facts, problems: output.problems, coverage: output.coverage) { parts in
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
            if let parsed = source.parsed {
                tables.append(parsed)
                continue
            }
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
