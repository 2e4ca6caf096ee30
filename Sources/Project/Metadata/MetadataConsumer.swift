import StoreLocale
import Formats

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
    /// `skip_upload_metadata: true`), `changelogs` (`skip_upload_changelogs: true`), `images` (icon, feature
    /// graphic, TV banner: `skip_upload_images`), `screenshots` (`skip_upload_screenshots`). No rule judges them.
    public let skipped: Set<String>
    /// Consumers per file: where a workflow, script or Gradle Play Publisher task copies this tree's release
    /// notes into what it sends to Google Play (r0adkll/upload-google-play's `whatsNewDirectory`, a
    /// `whatsnew-en-US` file, GPP's `release-notes`), though the tree itself is another store's (F-Droid's).
    /// The notes are then judged by Play's rules as well; the listing stays the tree's consumer's.
    public var releaseNotesSentToPlay: [Evidence]
    /// Other stores that read the whole tree as well, with why: F-Droid builds from the same
    /// `fastlane/metadata/android` that supply uploads to Play. Each judges the tree by its own rules.
    public var alsoReadBy: [Store: [Evidence]]
    /// Uploads of the layout's store whose folder shipcheck could not resolve (`metadata_path: ENV["X"]` with X
    /// set by no file it reads): this tree may be the one sent, so its findings are never mere notes.
    public var unresolvedUploads: [Evidence]
    /// The locale folders left in the tree when the upload runs, where a release job moves or removes folders
    /// first with plain commands (`mv`, `rm`, `mkdir`); nil when no job changes the tree.
    public var uploadedLocales: Set<String>?
    /// Commands of a release job that change the tree before the upload in ways not replayed (a glob, a
    /// variable, a script): what is sent is not known, so the tree's findings are at most warnings.
    public var changedBeforeUpload: [Evidence]
    /// How each upload of the tree resolves, for `facts`: `supply in lane deploy (fastlane/Fastfile:12) ← …`.
    public var uploadChains: [String]

    public init(store: Store?, evidence: [Evidence], stated: Bool = false, skipped: Set<String> = [],
                releaseNotesSentToPlay: [Evidence] = [], alsoReadBy: [Store: [Evidence]] = [:], unresolvedUploads: [Evidence] = [],
                uploadedLocales: Set<String>? = nil, changedBeforeUpload: [Evidence] = [], uploadChains: [String] = []) {
        self.store = store
        self.evidence = evidence
        self.stated = stated
        self.skipped = skipped
        self.releaseNotesSentToPlay = releaseNotesSentToPlay
        self.alsoReadBy = alsoReadBy
        self.unresolvedUploads = unresolvedUploads
        self.uploadedLocales = uploadedLocales
        self.changedBeforeUpload = changedBeforeUpload
        self.uploadChains = uploadChains
    }

    /// Unknown, but the lanes that upload to this tree's store are visible and send other folders (or only
    /// builds): the tree is a copy, a template or a translation source, and its findings are notes. Not when an
    /// upload's folder is unresolved: that upload may send this one.
    public var isPassedBy: Bool { store == nil && !stated && !evidence.isEmpty && unresolvedUploads.isEmpty }

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
        if consumer.store == store || consumer.alsoReadBy[store] != nil { return .judged }
        // An unknown tree is judged by the store its layout belongs to (supply's layout: Google Play), and so is
        // one another store reads when an upload of the layout's store has a folder shipcheck cannot resolve.
        if self.store == store, consumer.store == nil || !consumer.unresolvedUploads.isEmpty { return .ifUploaded }
        return .notJudged
    }

    /// How `store` judges one part of the tree: its release notes (`field: "changelogs"`) are Play's too
    /// when a workflow or script sends them to Play (`consumer.releaseNotesSentToPlay`).
    public func judgement(by store: Store, field: String?) -> MetadataJudgement {
        if field == "changelogs", store == .play, consumer.store != .play, !consumer.releaseNotesSentToPlay.isEmpty { return .judged }
        return judgement(by: store)
    }

    /// The first of `stores` that judges this tree (or its part `field`), preferring one that receives it.
    public func judgingStore(among stores: Set<Store>, field: String? = nil) -> (store: Store, judgement: MetadataJudgement)? {
        let ordered = stores.isEmpty ? Store.allCases : stores.sorted()
        if let store = ordered.first(where: { judgement(by: $0, field: field) == .judged }) { return (store, .judged) }
        if let store = ordered.first(where: { judgement(by: $0, field: field) == .ifUploaded }) { return (store, .ifUploaded) }
        return nil
    }

    /// The part of the tree a project-relative path inside it is: `changelogs` for a release note
    /// (`<locale>/changelogs/<name>.txt`), else nil (the listing, images, folders).
    public func field(ofPath path: String) -> String? {
        let inside = self.path.isEmpty ? path : String(path.dropFirst(min(path.count, self.path.count + 1)))
        let parts = inside.split(separator: "/")
        switch layout {
        case .fastlane: return parts.count == 3 && parts[1] == "changelogs" ? "changelogs" : nil
        case .gradlePlayPublisher: return parts.count == 3 && parts[0] == "release-notes" ? "changelogs" : nil
        case .whatsNewFiles: return "changelogs"
        }
    }

    /// The locale folder a project-relative path inside the tree lies in (`en-US` for
    /// `fastlane/metadata/android/en-US/title.txt`, or for GPP's `listings/en-US/…` and `release-notes/en-US/…`).
    public func locale(ofPath path: String) -> String? {
        guard contains(path: path) else { return nil }
        let inside = self.path.isEmpty ? path : String(path.dropFirst(min(path.count, self.path.count + 1)))
        let parts = inside.split(separator: "/")
        switch layout {
        case .fastlane: return parts.first.map(String.init)
        case .gradlePlayPublisher: return parts.count >= 2 ? String(parts[1]) : nil
        case .whatsNewFiles: return parts.first.map { String($0.dropFirst(WhatsNewTrees.prefix.count)) }
        }
    }

    /// Whether the uploader sends this field (`changelogs`, `title`…, or an image type such as
    /// `phoneScreenshots` or `icon`): not when its part is skipped.
    public func uploads(field: String) -> Bool {
        uploads(field: field, to: consumer.store)
    }

    /// Whether `store` receives this field. The skip flags are the uploader's (supply's `skip_upload_metadata`
    /// leaves the title out of what Play receives); another store that reads the same folder (F-Droid building
    /// from `fastlane/metadata/android`) reads every file in it whatever the lanes skip.
    public func uploads(field: String, to store: Store?) -> Bool {
        if let store, store != consumer.store, consumer.alsoReadBy[store] != nil { return true }
        if field == "changelogs" { return !consumer.skipped.contains("changelogs") }
        if MetadataTree.listingFields.contains(field) { return !consumer.skipped.contains("metadata") }
        if field.hasSuffix("Screenshots") { return !consumer.skipped.contains("screenshots") }
        if MetadataTree.imageTypes.contains(field) { return !consumer.skipped.contains("images") }
        return true
    }

    /// The parts supply's `skip_upload_<part>` options leave out (fastlane supply, uploader.rb perform_upload).
    public static let uploadParts = ["metadata", "changelogs", "images", "screenshots"]

    /// supply's single images (`skip_upload_images`); `*Screenshots` folders are `skip_upload_screenshots`'.
    static let imageTypes: Set<String> = ["icon", "featureGraphic", "promoGraphic", "tvBanner"]

    /// Whether an uploader of this tree sends anything in locale folder `code`: supply reads each folder for the
    /// parts it uploads, so a folder holding only parts every lane skips (F-Droid's translations in a tree whose
    /// lanes upload changelogs only) is never sent. True when the folder is not a read locale (nothing known).
    public func uploadsAnything(inFolder code: String) -> Bool {
        guard !consumer.skipped.isEmpty, let locale = locales.first(where: { $0.code == code }) else { return true }
        if locale.fields.isEmpty, locale.changelogs.isEmpty, locale.images.isEmpty { return true }
        return locale.fields.keys.contains { uploads(field: $0) } || (!locale.changelogs.isEmpty && uploads(field: "changelogs"))
            || locale.images.contains { uploads(field: $0.type) }
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
