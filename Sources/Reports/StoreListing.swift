/// One metadata tree as its store shows it, per locale: what the HTML report previews. Built by the command
/// line from the inspected trees and the `field_limits` table (rules/metadata.yml), so the report itself
/// reads nothing; counts are in the unit the store counts.
public struct StoreListing: Sendable {
    public struct Field: Sendable {
        /// The file's name without `.txt` (`title`, `subtitle`), or `changelogs/123`.
        public let name: String
        /// Where the text lives, from the report's root.
        public let path: String
        /// What the store shows, up to its limit…
        public let fitting: String
        /// …and what it would refuse or cut ("" when the text fits).
        public let over: String
        public let count: Int
        public let limit: Int?
        /// `UTF-16 units`, `Unicode scalars`.
        public let unit: String
        /// From the tree's `default/` folder.
        public let inherited: Bool

        public init(name: String, path: String, fitting: String, over: String, count: Int, limit: Int?, unit: String, inherited: Bool = false) {
            self.name = name
            self.path = path
            self.fitting = fitting
            self.over = over
            self.count = count
            self.limit = limit
            self.unit = unit
            self.inherited = inherited
        }

        public var isOver: Bool { !over.isEmpty }
    }

    /// A listing image (screenshot, icon, feature graphic) in its slot, with its pixel size when read.
    public struct Image: Sendable {
        /// `phoneScreenshots`, `icon`, `featureGraphic`…
        public let slot: String
        public let path: String
        public let width: Int?
        public let height: Int?

        public init(slot: String, path: String, width: Int?, height: Int?) {
            self.slot = slot
            self.path = path
            self.width = width
            self.height = height
        }
    }

    public struct Locale: Sendable {
        /// The folder name as on disk.
        public let code: String
        public let fields: [Field]
        public let images: [Image]

        public init(code: String, fields: [Field], images: [Image] = []) {
            self.code = code
            self.fields = fields
            self.images = images
        }
    }

    /// `App Store`, `Google Play`, `F-Droid`: the store whose rules judge the tree.
    public let store: String
    /// The tree's folder, from the report's root.
    public let path: String
    /// `main`, a flavor, an application id.
    public let name: String
    public let locales: [Locale]

    public init(store: String, path: String, name: String, locales: [Locale]) {
        self.store = store
        self.path = path
        self.name = name
        self.locales = locales
    }
}
