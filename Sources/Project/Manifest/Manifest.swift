import StoreLocale
import Formats

/// The project's optional `shipcheck.yml`: what the team states instead of letting shipcheck guess.
/// Every field is optional; discovery fills what is not stated.
public struct Manifest: Sendable {
    /// Path of the manifest relative to the project root (or as given to `--config`).
    public let file: String
    public var appName: String?
    public var developer: String?
    public var stores: Set<Store>?
    public var paths: Paths
    /// Facts the team states; they win over detection.
    public var facts: [Fact]
    public var review: Review
    public var skip: [String]
    /// Rule id or checklist name → severity name (`error`, `warning`, `info`, `off`).
    public var severity: [String: String]
    /// Glob patterns (relative to the root) the scan skips, besides the built-in vendored/build folders.
    public var exclude: [String]
    /// `archives:` built archives to read with every `check` (.ipa, .xcarchive, .app, .aab, .apk), relative
    /// to the root and inside it; `--archive` on the command line replaces them.
    public var archives: [String] = []
    /// `ignore:` entries: findings silenced by rule and path, each with its reason.
    public var ignores: [IgnoreEntry] = []
    /// Where each key was written (`stores`, `facts.account.creation`, `rules.skip`, `rules.severity.<id>`,
    /// `exclude`), so that a rule or the engine can point at the manifest line.
    public var locations: [String: SourceLocation] = [:]
    /// Where each stated fact's name is written (`facts:`), for an error with a caret under it.
    public var factNameLocations: [String: SourceLocation] = [:]

    /// Where `stores:` was written, if it was.
    public var storesLocation: SourceLocation? { locations["stores"] }

    public struct Paths: Sendable {
        public var appstoreMetadata: [String]
        public var playMetadata: [String]
        /// Supply-layout folders that only F-Droid reads (no Play upload): judged by F-Droid's rules.
        public var fdroidMetadata: [String]
        public var dataSafety: String?
        public var privacyPolicy: String?

        public init(appstoreMetadata: [String] = [], playMetadata: [String] = [], fdroidMetadata: [String] = [],
                    dataSafety: String? = nil, privacyPolicy: String? = nil) {
            self.appstoreMetadata = appstoreMetadata
            self.playMetadata = playMetadata
            self.fdroidMetadata = fdroidMetadata
            self.dataSafety = dataSafety
            self.privacyPolicy = privacyPolicy
        }
    }

    /// Review credentials as references (`env:NAME`), never literal secrets; and Play app-access instructions.
    public struct Review: Sendable {
        public var demoUser: String?
        public var demoPassword: String?
        public var notes: String?
        public var playAppAccess: String?

        public init(demoUser: String? = nil, demoPassword: String? = nil, notes: String? = nil, playAppAccess: String? = nil) {
            self.demoUser = demoUser
            self.demoPassword = demoPassword
            self.notes = notes
            self.playAppAccess = playAppAccess
        }
    }

    public init(file: String, appName: String? = nil, developer: String? = nil, stores: Set<Store>? = nil,
                paths: Paths = Paths(), facts: [Fact] = [], review: Review = Review(),
                skip: [String] = [], severity: [String: String] = [:], exclude: [String] = []) {
        self.file = file
        self.appName = appName
        self.developer = developer
        self.stores = stores
        self.paths = paths
        self.facts = facts
        self.review = review
        self.skip = skip
        self.severity = severity
        self.exclude = exclude
    }
}
