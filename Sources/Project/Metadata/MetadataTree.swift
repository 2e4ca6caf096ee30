import StoreLocale
import Formats

/// One store metadata folder (fastlane deliver or supply layout, or F-Droid's own). A project may have several
/// (flavors, application ids); `name` tells them apart in findings.
public struct MetadataTree: Sendable {
    /// The store whose folder layout the tree has: `appstore` (deliver), `play` (supply, which F-Droid reads
    /// too) or `fdroid` (F-Droid's `name.txt`/`summary.txt`/`description.txt`). Who receives it is `consumer`.
    public let store: Store
    /// Folder path relative to the project root (`fastlane/metadata/android`).
    public let path: String
    /// `main`, a flavor (`generic`) or an application id; shown in findings when a project has several trees.
    public let name: String
    public var locales: [MetadataLocale]
    /// App Store `default/` values, applied to every locale that lacks the field.
    public var defaults: MetadataLocale?
    /// App Store root files: `copyright`, `primary_category`, … (key: file name without `.txt`).
    public var rootFields: [String: MetadataValue]
    /// App Store `review_information/` files, legacy names mapped to the current ones.
    public var reviewInformation: [String: MetadataValue]
    /// Every sub-folder of the tree as named on disk, locales and special folders alike, for the locale-folder rules.
    public var folders: [MetadataFolder]
    /// Who uploads or reads the tree, with the evidence; decides which store's rules judge it.
    public var consumer: MetadataConsumer
    /// How the folder is laid out: fastlane's (deliver, supply, F-Droid), Gradle Play Publisher's, or an upload
    /// action's folder of `whatsnew-<locale>` files.
    public var layout: Layout = .fastlane
    /// Gradle Play Publisher's track (`play { track.set("beta") }`), whose `release-notes/<locale>/<track>.txt` ships.
    public var track: String?

    public enum Layout: String, Sendable {
        /// `<locale>/title.txt`, `<locale>/changelogs/<versionCode>.txt` (fastlane supply and deliver, F-Droid).
        case fastlane
        /// `src/<sourceSet>/play/`: `listings/<locale>/title.txt`, `short-description.txt`, `full-description.txt`,
        /// `release-notes/<locale>/<track>.txt` or `default.txt` (Triple-T gradle-play-publisher, README "Publishing listings").
        case gradlePlayPublisher
        /// r0adkll/upload-google-play's `whatsNewDirectory`: `whatsnew-<locale>` files, one release note each.
        case whatsNewFiles
    }

    public init(store: Store, path: String, name: String, locales: [MetadataLocale] = [], defaults: MetadataLocale? = nil,
                rootFields: [String: MetadataValue] = [:], reviewInformation: [String: MetadataValue] = [:],
                folders: [MetadataFolder] = [], consumer: MetadataConsumer? = nil) {
        self.store = store
        self.path = path
        self.name = name
        self.locales = locales
        self.defaults = defaults
        self.rootFields = rootFields
        self.reviewInformation = reviewInformation
        self.folders = folders
        // A deliver tree has one reader; a supply tree's reader must be found (MetadataConsumerDetection).
        self.consumer = consumer ?? (store == .play ? .unknown : MetadataConsumer(store: store, evidence: []))
    }
}

/// A sub-folder of a tree, as named on disk, with its location; the locale checks judge these names.
public struct MetadataFolder: Sendable, Hashable {
    public let name: String
    public let location: SourceLocation
    /// Whether the store's tool treats it as a special, non-locale folder (`default`, `review_information`…).
    public let isSpecial: Bool

    public init(name: String, location: SourceLocation, isSpecial: Bool) {
        self.name = name
        self.location = location
        self.isSpecial = isSpecial
    }
}

/// One locale folder of a tree.
public struct MetadataLocale: Sendable {
    /// The folder name as on disk (`en-US`, `de`, `en_GB`).
    public let code: String
    public let location: SourceLocation
    /// Field name (file name without `.txt`: `title`, `short_description`, `keywords`) → value.
    public var fields: [String: MetadataValue]
    /// Play `changelogs/<versionCode>.txt` and `default.txt` (key `default`).
    public var changelogs: [String: MetadataValue]
    public var images: [MetadataImage]

    public init(code: String, location: SourceLocation, fields: [String: MetadataValue] = [:],
                changelogs: [String: MetadataValue] = [:], images: [MetadataImage] = []) {
        self.code = code
        self.location = location
        self.fields = fields
        self.changelogs = changelogs
        self.images = images
    }
}

/// A field's text and where it lives. `text` is what the store receives: trimmed for the App Store
/// (deliver strips), as written for Play (supply does not strip) less one trailing line break, which
/// editors add and which would otherwise make a note of exactly 500 characters count 501.
/// `location.line` is the line the text starts on (after leading blank lines the App Store trims).
public struct MetadataValue: Sendable, Hashable {
    public let text: String
    public let raw: String
    public let location: SourceLocation
    /// True when the value came from the tree's `default/` folder rather than the locale's own file.
    public let inherited: Bool

    public init(text: String, raw: String, location: SourceLocation, inherited: Bool = false) {
        self.text = text
        self.raw = raw
        self.location = location
        self.inherited = inherited
    }
}

/// A store image file, with its pixel size when the header could be read (PNG, JPEG).
public struct MetadataImage: Sendable, Hashable {
    /// `icon`, `featureGraphic`, `tvBanner`, `phoneScreenshots`, …
    public let type: String
    public let location: SourceLocation
    public let width: Int?
    public let height: Int?
    /// `png` or `jpeg` from the header; nil when it could not be read.
    public let format: String?
    /// Whether a PNG's colour type has an alpha channel (nil: not known, e.g. a palette image).
    public let hasAlpha: Bool?
    /// A PNG's bits per pixel (24 for RGB8, 32 for RGBA8).
    public let bitsPerPixel: Int?
    /// The file's size in bytes, from the walk.
    public let byteCount: Int?

    public init(type: String, location: SourceLocation, width: Int?, height: Int?, format: String? = nil, hasAlpha: Bool? = nil,
                bitsPerPixel: Int? = nil, byteCount: Int? = nil) {
        self.type = type
        self.location = location
        self.width = width
        self.height = height
        self.format = format
        self.hasAlpha = hasAlpha
        self.bitsPerPixel = bitsPerPixel
        self.byteCount = byteCount
    }
}
