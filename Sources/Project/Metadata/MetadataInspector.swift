import StoreLocale
import Formats

/// The store metadata trees (fastlane deliver and supply folders, F-Droid), each with who uploads it.
public struct MetadataPart: ModelPart {
    public var trees: [MetadataTree] = []
    /// fastlane deliver's screenshots folders beside the App Store trees.
    public var appStoreScreenshots: [AppStoreScreenshotFolder] = []

    public init() {}
}

/// The store metadata trees, found and read by `MetadataDiscovery` (which returns this part).
public struct MetadataInspector: Inspector {
    public init() {}

    public var name: String { "metadata" }
    /// The build scripts as the Gradle files inspector read them (release-note senders, Gradle Play Publisher,
    /// F-Droid flavours), not the Xcode projects: it runs beside those.
    public var earlierPartsRead: [any ModelPart.Type]? { [GradleFilesPart.self] }
    public var scopes: Set<InspectionOptions.Scope> { [.everything, .metadata] }
    public var emits: [String] { ["metadata.*.consumer", "metadata.*.release_notes", "metadata.*.upload", "metadata.*.upload_unresolved",
                                         "metadata.*.uploaded_locales", "metadata.*.changed_before_upload", "metadata.*.also_read_by",
                                         "fdroid.build_version_codes", GitLFSPointer.factName] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<MetadataPart> {
        MetadataDiscovery.discover(root: input.root, files: input.files, manifest: input.manifest, anyName: input.options.scope == .metadata,
                                   gradleFiles: input.earlier[GradleFilesPart.self])
    }

    /// A tree counts for the store that reads it; a supply tree nobody is known to upload counts for Play.
    public func storeEvidence(_ input: StoreEvidenceInput) -> [StoreEvidence] {
        input.model.metadata.flatMap { tree in
            let store = tree.consumer.store ?? tree.store
            // A tree another store reads as well (F-Droid builds from the folder supply uploads) counts for both.
            return ([store] + tree.consumer.alsoReadBy.keys.sorted { $0.rawValue < $1.rawValue }).map { store in
                StoreEvidence(store, Evidence(location: SourceLocation(path: tree.path), snippet: "\(store.displayName) metadata"))
            }
        }
    }

    public func found(in model: ProjectModel) -> FoundInput? { model.metadata.isEmpty ? nil : .metadata }

    /// Computed after every inspector ran: the release note depends on `android.version_code`.
    public func derivedFacts(_ model: ProjectModel) -> [Fact] { MetadataFacts.facts(model.metadata, facts: model.facts) }

    /// Uploads whose metadata folder only a run of fastlane knows (`metadata_path: ENV["X"]`, X set nowhere readable).
    public func derivedCoverage(_ model: ProjectModel) -> [CoverageGap] {
        let trees = model.metadata.filter { !$0.consumer.unresolvedUploads.isEmpty }
        guard !trees.isEmpty else { return [] }
        return [CoverageGap(.metadataUploadPath, subjects: Array(Set(trees.map { $0.path.isEmpty ? "." : $0.path })).sorted(),
                            evidence: trees.flatMap(\.consumer.unresolvedUploads))]
    }
}
