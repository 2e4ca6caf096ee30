import StoreLocale

/// Everything shipcheck read from a project: its manifest, store metadata, Apple and Android files,
/// dependencies and the facts drawn from them. A value: built once by inspection, read by the rules.
public struct ProjectModel: Sendable {
    /// Absolute path of the project root; every `SourceLocation.path` is relative to it.
    public var root: String
    public var manifest: Manifest?
    public var facts: FactStore
    public var metadata: [MetadataTree]
    public var infoPlists: [InfoPlistFile]
    public var privacyManifests: [PrivacyManifestFile]
    public var androidManifests: [AndroidManifestFile]
    public var gradleFiles: [GradleFile]
    public var dependencies: [Dependency]
    public var symbolHits: [SymbolHit]
    /// The Play Data safety export (`paths.data_safety`, else the first `data-safety*.csv` found), read and
    /// parsed once: the form, or why it could not be read.
    public var dataSafety: DataSafetyInput?
    /// The local copy of the privacy policy (`paths.privacy_policy` when it is a path, not a URL), read whole.
    public var privacyPolicyDocument: LoadedDocument?
    /// With `--online`: each URL the checks judge, fetched once before evaluation (`OnlineStep`).
    public var webPages: [String: WebFetch] = [:]
    /// The bundles with their own binary an upload carries (app, extensions, frameworks), from the Xcode projects.
    public var appleBundles: [AppleBundle] = []
    /// The built archives given with `--archive` (.ipa, .xcarchive, .app, .aab, .apk), as read (Project/Archive).
    public var archives: [BuiltArchive] = []
    /// fastlane deliver's screenshots folders (`fastlane/screenshots/<locale>/`), each screenshot's header read.
    public var appStoreScreenshots: [AppStoreScreenshotFolder] = []
    /// Files that could not be read or parsed; inspection went on without them.
    public var problems: [InputProblem]

    public init(root: String, manifest: Manifest? = nil, facts: FactStore = FactStore(), metadata: [MetadataTree] = [],
                infoPlists: [InfoPlistFile] = [], privacyManifests: [PrivacyManifestFile] = [],
                androidManifests: [AndroidManifestFile] = [], gradleFiles: [GradleFile] = [],
                dependencies: [Dependency] = [], symbolHits: [SymbolHit] = [], problems: [InputProblem] = []) {
        self.root = root
        self.manifest = manifest
        self.facts = facts
        self.metadata = metadata
        self.infoPlists = infoPlists
        self.privacyManifests = privacyManifests
        self.androidManifests = androidManifests
        self.gradleFiles = gradleFiles
        self.dependencies = dependencies
        self.symbolHits = symbolHits
        self.dataSafety = nil
        self.privacyPolicyDocument = nil
        self.problems = problems
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
