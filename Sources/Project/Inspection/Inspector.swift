import StoreLocale
import Formats

/// A piece of the project model one inspector produces (the Apple files, the metadata trees, the Data safety
/// form…). `init()` is the part of a project where the inspector found nothing, so a reader never needs a
/// fallback: `model.parts[ApplePart.self]` is always a value.
public protocol ModelPart: Sendable {
    init()
}

/// One input of shipcheck: which files it reads, which facts it emits, which model part it produces, and how
/// it answers the questions the front door asks of every input ("is this a project root?", "was anything
/// found to check?", "which store does this evidence point to?"). Adding an input is a new type that conforms,
/// plus one line in `InspectorRegistry.builtin`; no hub changes.
public protocol Inspector: Sendable {
    associatedtype Part: ModelPart

    /// A short name for docs and tests (`apple`, `android`, `metadata`).
    var name: String { get }
    /// Inspectors of an earlier stage run first; a later one reads their parts (`InspectionInput.earlier`).
    var stage: InspectionStage { get }
    /// Whether `inspect` reads `InspectionInput.earlier` (true unless an inspector says otherwise); one that
    /// does not runs beside the earlier stages and is given no earlier parts.
    var readsEarlierParts: Bool { get }
    /// Whether `inspect` reads the checklists' tables (`InspectionInput.symbolTables`, the tables in
    /// `options`); true unless an inspector says otherwise. An early stage none of whose inspectors reads
    /// them runs while the checklists load (`InspectionAhead`), and is given none.
    var readsChecklistTables: Bool { get }
    /// The earlier parts `inspect` reads when it reads only some (`[GradleFilesPart.self]`: the build scripts as
    /// read, not the Xcode projects), so it waits for those alone; nil: all of them (if `readsEarlierParts`).
    var earlierPartsRead: [any ModelPart.Type]? { get }
    /// The inspection scopes it runs in (`shipcheck metadata` reads only a few inputs).
    var scopes: Set<InspectionOptions.Scope> { get }
    /// The files of the walk it is given.
    var files: FileInterest { get }
    /// The fact names (or `*` families) it emits. Their type and one-line doc live in the fact catalog
    /// (rules/shipcheck.yml `facts:`, or the team's own checklist); a test holds the two together.
    var emits: [String] { get }
    /// `given:` selectors over its part (e.g. `example.entries.*`), which checklists may name.
    var selectors: [SelectorDeclaration] { get }
    /// Names in a folder that say a project of this kind starts there (`settings.gradle`, `*.xcodeproj`).
    var rootMarkers: [RootMarker] { get }
    /// What the "nothing to check" message says was looked for (`AndroidManifest.xml, Gradle build files`).
    var lookedFor: String? { get }

    func inspect(_ input: InspectionInput) -> InspectorOutput<Part>
    /// Evidence that the project ships to a store, from the walk and the inspected model; asked of every
    /// registered inspector in every scope (the walk is always there, the part may be empty).
    func storeEvidence(_ input: StoreEvidenceInput) -> [StoreEvidence]
    /// What it found that can be checked, if anything (the front door refuses a folder with nothing).
    func found(in model: ProjectModel) -> FoundInput?
    /// Facts drawn from the whole model after every inspector ran (the release note depends on `android.version_code`).
    func derivedFacts(_ model: ProjectModel) -> [Fact]
    /// Inputs found but not read to the end that only the whole model shows (an upload's folder that no
    /// readable variable names), beside those its `inspect` returned.
    func derivedCoverage(_ model: ProjectModel) -> [CoverageGap]
}

extension Inspector {
    /// The type of part it produces, to match against another's `earlierPartsRead`.
    var partType: ObjectIdentifier { ObjectIdentifier(Part.self) }
    /// What it waits for of the early stage: the part types it reads, or nil for all of them.
    var earlierPartTypes: Set<ObjectIdentifier>? { earlierPartsRead.map { Set($0.map { ObjectIdentifier($0) }) } }

    public var stage: InspectionStage { .main }
    public var readsEarlierParts: Bool { true }
    public var readsChecklistTables: Bool { true }
    public var earlierPartsRead: [any ModelPart.Type]? { nil }
    public var scopes: Set<InspectionOptions.Scope> { [.everything] }
    public var files: FileInterest { .all }
    public var emits: [String] { [] }
    public var selectors: [SelectorDeclaration] { [] }
    public var rootMarkers: [RootMarker] { [] }
    public var lookedFor: String? { nil }
    public func storeEvidence(_ input: StoreEvidenceInput) -> [StoreEvidence] { [] }
    public func found(in model: ProjectModel) -> FoundInput? { nil }
    public func derivedFacts(_ model: ProjectModel) -> [Fact] { [] }
    public func derivedCoverage(_ model: ProjectModel) -> [CoverageGap] { [] }
}

public enum InspectionStage: Int, Sendable, Comparable {
    /// Read before the others (the Xcode projects: target membership tells the scan what ships).
    case early
    case main

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Which files of the walk an inspector is given.
public enum FileInterest: Sendable {
    /// Every file (the ported inspectors filter the list themselves).
    case all
    /// The files whose name ends with one of these (`.example`, `Podfile.lock`).
    case nameSuffixes([String])

    public func wants(_ file: ProjectFile) -> Bool {
        switch self {
        case .all: return true
        case .nameSuffixes(let suffixes): return suffixes.contains { file.fileName.hasSuffix($0) }
        }
    }
}

/// A name that marks a project root: the whole name, or a suffix (`.xcodeproj`).
public enum RootMarker: Sendable, Hashable {
    case name(String)
    case suffix(String)

    public func matches(_ entry: String) -> Bool {
        switch self {
        case .name(let name): return entry == name
        case .suffix(let suffix): return entry.hasSuffix(suffix)
        }
    }
}

/// What an inspector found worth checking.
public enum FoundInput: Sendable {
    /// App project files (Info.plist, AndroidManifest.xml, Gradle files…).
    case project
    /// Store metadata folders.
    case metadata
}

/// What one inspector is given.
public struct InspectionInput: Sendable {
    /// Absolute, resolved.
    public let root: String
    /// The files of the walk it asked for (`Inspector.files`), in walk order.
    public let files: [ProjectFile]
    public let manifest: Manifest?
    public let options: InspectionOptions
    /// The checklists' `kind: symbols` tables, parsed once (the source scan's input).
    public let symbolTables: [SymbolTable]
    /// The parts of the inspectors of earlier stages.
    public let earlier: ModelParts

    public init(root: String, files: [ProjectFile], manifest: Manifest?, options: InspectionOptions,
                symbolTables: [SymbolTable] = [], earlier: ModelParts = ModelParts()) {
        self.root = root
        self.files = files
        self.manifest = manifest
        self.options = options
        self.symbolTables = symbolTables
        self.earlier = earlier
    }
}

/// What one inspector returns: its part (nil: leave the model's part as it is), facts and unreadable inputs.
public struct InspectorOutput<Part: ModelPart>: Sendable {
    public var part: Part?
    public var facts: [Fact]
    public var problems: [InputProblem]
    /// Inputs it found but could not read to the end (the reports' "Not checked" items).
    public var coverage: [CoverageGap]

    public init(part: Part?, facts: [Fact] = [], problems: [InputProblem] = [], coverage: [CoverageGap] = []) {
        self.part = part
        self.facts = facts
        self.problems = problems
        self.coverage = coverage
    }
}

/// What store detection gives each inspector: the whole walk and the model as inspected so far.
public struct StoreEvidenceInput: Sendable {
    public let files: [ProjectFile]
    public let model: ProjectModel
    public let options: InspectionOptions
}

/// One piece of evidence that the project ships to `store`.
public struct StoreEvidence: Sendable {
    public let store: Store
    public let evidence: Evidence

    public init(_ store: Store, _ evidence: Evidence) {
        self.store = store
        self.evidence = evidence
    }
}

/// A value a selector picks (a metadata field, a changelog, a plist value) with where it is; the Rules module
/// calls it `Subject`.
public struct SelectedValue: Sendable {
    public let value: String
    public let location: SourceLocation
    /// `store`, `tree`, `locale`, `field`, `version`…: what the selector matched, for messages.
    public let labels: [String: String]
    /// The selector named this field or key and it is not there (`location` is where it would be written).
    /// Only functions that judge presence (`CheckFunction.judgesAbsence`) are shown such subjects.
    public let isAbsent: Bool

    public init(value: String, location: SourceLocation, labels: [String: String] = [:], isAbsent: Bool = false) {
        self.value = value
        self.location = location
        self.labels = labels
        self.isAbsent = isAbsent
    }
}

/// A `given:` selector an inspector provides: its exact text, the labels its subjects carry (for the
/// `{{placeholders}}` a rule may use), a one-line doc, and how it selects from the model.
public struct SelectorDeclaration: Sendable {
    public let text: String
    public let labels: Set<String>
    public let doc: String
    public let select: @Sendable (ProjectModel) -> [SelectedValue]

    public init(text: String, labels: Set<String>, doc: String, select: @escaping @Sendable (ProjectModel) -> [SelectedValue]) {
        self.text = text
        self.labels = labels
        self.doc = doc
        self.select = select
    }
}

extension SelectorDeclaration: Equatable {
    /// Two declarations are the same selector when they have the same text (the registry keeps one per text).
    public static func == (a: Self, b: Self) -> Bool { a.text == b.text }
}
