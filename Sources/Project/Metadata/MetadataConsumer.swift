import StoreLocale

/// Who reads a metadata tree and sends it to a store: fastlane deliver (App Store), fastlane supply, Gradle
/// Play Publisher or an upload action (Google Play), F-Droid's build server, or nobody shipcheck can see.
/// The same supply folder means different things to each: Play refuses an over-long title, F-Droid cuts it.
public struct MetadataConsumer: Sendable, Hashable {
    /// The store that receives the tree; nil when no uploader was found (`unknown`).
    public let store: Store?
    /// Where the tool found who reads the tree (a Fastfile line, a workflow step, an F-Droid link, the manifest).
    public let evidence: [Evidence]
    /// Whether `shipcheck.yml` stated it (`paths.play_metadata`, `paths.fdroid_metadata`, `paths.appstore_metadata`).
    public let stated: Bool
    /// Parts of the tree the uploader leaves out: `metadata` (title and descriptions: supply's
    /// `skip_upload_metadata: true`), `changelogs` (`skip_upload_changelogs: true`). No rule judges them.
    public let skipped: Set<String>

    public init(store: Store?, evidence: [Evidence], stated: Bool = false, skipped: Set<String> = []) {
        self.store = store
        self.evidence = evidence
        self.stated = stated
        self.skipped = skipped
    }

    /// `appstore`, `play`, `fdroid` or `unknown`, as facts and messages name it.
    public var name: String { store?.rawValue ?? "unknown" }

    public static let unknown = MetadataConsumer(store: nil, evidence: [])
}

/// How a store's rules judge one tree. Rules are written per store (`stores: [play]`); the tree's consumer
/// decides whether they apply: as written to a tree that store receives, as warnings ("if this folder is
/// uploaded to Google Play") to a supply tree nobody is known to upload, and not at all to a tree another
/// store reads (Play's rules never judge an F-Droid-only tree).
public enum MetadataJudgement: Sendable, Equatable {
    case judged
    case ifUploaded
    case notJudged
}

extension MetadataTree {
    public func judgement(by store: Store) -> MetadataJudgement {
        if consumer.store == store { return .judged }
        // An unknown tree is judged by the store its layout belongs to (supply's layout: Google Play).
        if consumer.store == nil, self.store == store { return .ifUploaded }
        return .notJudged
    }

    /// The first of `stores` that judges this tree, preferring one that receives it.
    public func judgingStore(among stores: Set<Store>) -> (store: Store, judgement: MetadataJudgement)? {
        let ordered = stores.isEmpty ? Store.allCases : stores.sorted()
        if let store = ordered.first(where: { judgement(by: $0) == .judged }) { return (store, .judged) }
        if let store = ordered.first(where: { judgement(by: $0) == .ifUploaded }) { return (store, .ifUploaded) }
        return nil
    }

    /// Whether the uploader sends this field (`changelogs`, `title`…): not when its part is skipped.
    public func uploads(field: String) -> Bool {
        if field == "changelogs" { return !consumer.skipped.contains("changelogs") }
        if MetadataTree.listingFields.contains(field) { return !consumer.skipped.contains("metadata") }
        return true
    }

    /// The text supply's `skip_upload_metadata` leaves out (fastlane supply, uploader.rb upload_metadata).
    static let listingFields: Set<String> = ["title", "short_description", "full_description", "video"]

    /// Whether a project-relative path lies inside this tree (a tree at the root holds its own sub-folders).
    public func contains(path: String) -> Bool {
        if self.path.isEmpty {
            guard let first = path.split(separator: "/").first else { return false }
            return folders.contains { $0.name == first } || rootFields.values.contains { $0.location.path == path }
        }
        return path == self.path || path.hasPrefix(self.path + "/")
    }
}
