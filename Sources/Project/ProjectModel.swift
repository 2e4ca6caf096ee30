import StoreLocale
import Formats

/// Everything shipcheck read from a project: its manifest, the parts the inspectors produced (Apple and
/// Android files, metadata trees, dependencies, the Data safety form…) and the facts drawn from them. A value:
/// built once by inspection, read by the rules.
///
/// The parts are keyed by their type (`parts[ApplePart.self]`), so a new inspector adds its own part without
/// editing this type. The named properties below are views of the built-in parts, kept so that checks read
/// `project.infoPlists` as before.
public struct ProjectModel: Sendable {
    /// Absolute path of the project root; every `SourceLocation.path` is relative to it.
    public var root: String
    public var manifest: Manifest?
    public var facts: FactStore
    /// One part per inspector that produced one (see `Inspector`).
    public var parts: ModelParts
    /// With `--online`: each URL the checks judge, fetched once before evaluation (`OnlineStep`).
    public var webPages: [String: WebFetch] = [:]
    /// The built archives given with `--archive` (.ipa, .xcarchive, .app, .aab, .apk), as read (Project/Archive).
    public var archives: [BuiltArchive] = []
    /// Files that could not be read or parsed; inspection went on without them.
    public var problems: [InputProblem]
    /// Inputs the inspectors found but could not read to the end, in a fixed order (`CoverageGap.ordered`).
    public var coverage: [CoverageGap] = []
    /// Every file the walk found, relative to the root, in walk order (reports place a folder's finding on
    /// its first file from these, without listing the folder again).
    public var walkedFiles: [String] = []

    public init(root: String, manifest: Manifest? = nil, facts: FactStore = FactStore(), metadata: [MetadataTree] = [],
                infoPlists: [InfoPlistFile] = [], privacyManifests: [PrivacyManifestFile] = [],
                androidManifests: [AndroidManifestFile] = [], gradleFiles: [GradleFile] = [],
                dependencies: [Dependency] = [], symbolHits: [SymbolHit] = [], problems: [InputProblem] = []) {
        self.root = root
        self.manifest = manifest
        self.facts = facts
        self.parts = ModelParts()
        self.problems = problems
        if !metadata.isEmpty { self.metadata = metadata }
        if !infoPlists.isEmpty { self.infoPlists = infoPlists }
        if !privacyManifests.isEmpty { self.privacyManifests = privacyManifests }
        if !androidManifests.isEmpty { self.androidManifests = androidManifests }
        if !gradleFiles.isEmpty { self.gradleFiles = gradleFiles }
        if !dependencies.isEmpty { self.dependencies = dependencies }
        if !symbolHits.isEmpty { self.symbolHits = symbolHits }
    }

    /// fastlane deliver's screenshots folders (`fastlane/screenshots/<locale>/`), each screenshot's header read (`MetadataPart`).
    public var appStoreScreenshots: [AppStoreScreenshotFolder] { parts[MetadataPart.self].appStoreScreenshots }

    /// The store metadata trees (`MetadataPart`).
    public var metadata: [MetadataTree] {
        get { parts[MetadataPart.self].trees }
        set { parts[MetadataPart.self].trees = newValue }
    }
    public var infoPlists: [InfoPlistFile] {
        get { parts[ApplePart.self].infoPlists }
        set { parts[ApplePart.self].infoPlists = newValue }
    }
    public var privacyManifests: [PrivacyManifestFile] {
        get { parts[ApplePart.self].privacyManifests }
        set { parts[ApplePart.self].privacyManifests = newValue }
    }
    /// The bundles with their own binary an upload carries (app, extensions, frameworks), from the Xcode projects.
    public var appleBundles: [AppleBundle] {
        get { parts[ApplePart.self].bundles }
        set { parts[ApplePart.self].bundles = newValue }
    }
    public var androidManifests: [AndroidManifestFile] {
        get { parts[AndroidPart.self].manifests }
        set { parts[AndroidPart.self].manifests = newValue }
    }
    public var gradleFiles: [GradleFile] {
        get { parts[AndroidPart.self].gradleFiles }
        set { parts[AndroidPart.self].gradleFiles = newValue }
    }
    public var dependencies: [Dependency] {
        get { parts[DependenciesPart.self].dependencies }
        set { parts[DependenciesPart.self].dependencies = newValue }
    }
    /// Every API use found, in the source code and in the binaries of the archives given (each with its origin).
    public var symbolHits: [SymbolHit] {
        get { parts[SourceScanPart.self].symbolHits }
        set { parts[SourceScanPart.self].symbolHits = newValue }
    }
    /// The API uses one input shows: the source code's (`origin.isArchive` false), or the built archives'.
    public func symbolHits(fromArchive: Bool) -> [SymbolHit] {
        symbolHits.filter { $0.origin.isArchive == fromArchive }
    }
    /// The Play Data safety export (`paths.data_safety`, else the first `data-safety*.csv` found), read and
    /// parsed once: the form, or why it could not be read.
    public var dataSafety: DataSafetyInput? { parts[DataSafetyPart.self].input }
    /// The local copy of the privacy policy (`paths.privacy_policy` when it is a path, not a URL), read whole.
    public var privacyPolicyDocument: LoadedDocument? {
        get { parts[PrivacyPolicyPart.self].document }
        set { parts[PrivacyPolicyPart.self].document = newValue }
    }
}

/// A file that could not be used, and why; reported, never fatal to the rest of the inspection.
public struct InputProblem: Sendable, Hashable, Codable {
    public let location: SourceLocation
    public let message: String
    /// The store's own tool would refuse the file too (a non-UTF-8 listing file): an error, not a warning.
    public let storeRefusesIt: Bool

    public init(location: SourceLocation, message: String, storeRefusesIt: Bool = false) {
        self.location = location
        self.message = message
        self.storeRefusesIt = storeRefusesIt
    }
}
