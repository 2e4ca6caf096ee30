/// What shipcheck read from the store consoles (App Store Connect, Google Play Console), as one value: read
/// once (from the APIs with `--console`, or from a file with `--console-snapshot`), then judged by pure checks.
/// Secrets never enter it: the App Review demo password is reduced to `demoAccountPasswordPresent` while the
/// answer is decoded, and keys and tokens stay in the reader.
public struct ConsoleSnapshot: Sendable, Codable, Equatable {
    /// The snapshot format; a newer number is refused with a message rather than half read.
    public var format: Int
    public var appStoreConnect: AppStoreConnectSnapshot?
    public var googlePlay: GooglePlaySnapshot?

    public static let currentFormat = 1

    public init(format: Int = ConsoleSnapshot.currentFormat, appStoreConnect: AppStoreConnectSnapshot? = nil,
                googlePlay: GooglePlaySnapshot? = nil) {
        self.format = format
        self.appStoreConnect = appStoreConnect
        self.googlePlay = googlePlay
    }
}

// MARK: - App Store Connect

/// The App Store Connect resources the console checks read (App Store Connect API, resource names in comments).
public struct AppStoreConnectSnapshot: Sendable, Codable, Equatable {
    /// `apps`.
    public var app: App
    /// The editable `appInfos` entry (not READY_FOR_DISTRIBUTION / REPLACED_WITH_NEW_INFO): what the next version ships.
    public var appInfo: AppInfo?
    /// The version in flight (`appStoreVersions` with an in-flight `appVersionState`); nil when there is none.
    public var version: Version?
    /// `inAppPurchasesV2` and the `subscriptions` of the app's `subscriptionGroups`; nil when not read (the key's
    /// role, or a snapshot from before they were read).
    public var purchases: [Purchase]?

    public init(app: App, appInfo: AppInfo? = nil, version: Version? = nil, purchases: [Purchase]? = nil) {
        self.app = app
        self.appInfo = appInfo
        self.version = version
        self.purchases = purchases
    }

    /// One in-app purchase or subscription product and its review state.
    public struct Purchase: Sendable, Codable, Equatable {
        public var productId: String
        public var name: String?
        /// `CONSUMABLE`, `NON_CONSUMABLE`, `NON_RENEWING_SUBSCRIPTION`, or `SUBSCRIPTION` (an auto-renewable one).
        public var type: String?
        /// `MISSING_METADATA`, `READY_TO_SUBMIT`, `WAITING_FOR_REVIEW`, `APPROVED`, `DEVELOPER_ACTION_NEEDED`, `REJECTED`…
        public var state: String?

        public init(productId: String, name: String? = nil, type: String? = nil, state: String? = nil) {
            self.productId = productId
            self.name = name
            self.type = type
            self.state = state
        }
    }

    public struct App: Sendable, Codable, Equatable {
        public var id: String
        public var bundleId: String
        public var name: String?
        public var primaryLocale: String?

        public init(id: String, bundleId: String, name: String? = nil, primaryLocale: String? = nil) {
            self.id = id
            self.bundleId = bundleId
            self.name = name
            self.primaryLocale = primaryLocale
        }
    }

    public struct AppInfo: Sendable, Codable, Equatable {
        public var id: String
        public var state: String?
        /// `appInfoLocalizations`.
        public var localizations: [AppInfoLocalization]
        /// `ageRatingDeclarations` (through the appInfo); nil when the key could not read it.
        public var ageRatingDeclaration: AgeRatingDeclaration?

        public init(id: String, state: String? = nil, localizations: [AppInfoLocalization] = [],
                    ageRatingDeclaration: AgeRatingDeclaration? = nil) {
            self.id = id
            self.state = state
            self.localizations = localizations
            self.ageRatingDeclaration = ageRatingDeclaration
        }

        enum CodingKeys: String, CodingKey { case id, state, localizations, ageRatingDeclaration }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            state = try container.decodeIfPresent(String.self, forKey: .state)
            localizations = try container.decodeIfPresent([AppInfoLocalization].self, forKey: .localizations) ?? []
            ageRatingDeclaration = try container.decodeIfPresent(AgeRatingDeclaration.self, forKey: .ageRatingDeclaration)
        }
    }

    public struct AppInfoLocalization: Sendable, Codable, Equatable {
        public var locale: String
        public var name: String?
        public var subtitle: String?
        public var privacyPolicyUrl: String?

        public init(locale: String, name: String? = nil, subtitle: String? = nil, privacyPolicyUrl: String? = nil) {
            self.locale = locale
            self.name = name
            self.subtitle = subtitle
            self.privacyPolicyUrl = privacyPolicyUrl
        }
    }

    /// The age-rating questionnaire as the API gives it: each attribute's answer, a JSON null being a
    /// question left unanswered. Kept whole (not a fixed struct) so that a question Apple adds is read
    /// without a code change; which questions must be answered is data (rules/app-review.yml).
    public struct AgeRatingDeclaration: Sendable, Codable, Equatable {
        public var id: String?
        public var answers: [String: AgeRatingAnswer]

        public init(id: String? = nil, answers: [String: AgeRatingAnswer]) {
            self.id = id
            self.answers = answers
        }
    }

    public struct Version: Sendable, Codable, Equatable {
        public var id: String
        public var versionString: String?
        public var appVersionState: String?
        public var platform: String?
        /// `appStoreVersionLocalizations`.
        public var localizations: [VersionLocalization]
        /// `appStoreReviewDetails`; nil when the version has none yet (or the key's role cannot read it).
        public var reviewDetail: ReviewDetail?
        /// The build attached to the version; nil when none is.
        public var build: Build?

        public init(id: String, versionString: String? = nil, appVersionState: String? = nil, platform: String? = nil,
                    localizations: [VersionLocalization] = [], reviewDetail: ReviewDetail? = nil, build: Build? = nil) {
            self.id = id
            self.versionString = versionString
            self.appVersionState = appVersionState
            self.platform = platform
            self.localizations = localizations
            self.reviewDetail = reviewDetail
            self.build = build
        }

        enum CodingKeys: String, CodingKey { case id, versionString, appVersionState, platform, localizations, reviewDetail, build }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            versionString = try container.decodeIfPresent(String.self, forKey: .versionString)
            appVersionState = try container.decodeIfPresent(String.self, forKey: .appVersionState)
            platform = try container.decodeIfPresent(String.self, forKey: .platform)
            localizations = try container.decodeIfPresent([VersionLocalization].self, forKey: .localizations) ?? []
            reviewDetail = try container.decodeIfPresent(ReviewDetail.self, forKey: .reviewDetail)
            build = try container.decodeIfPresent(Build.self, forKey: .build)
        }
    }

    public struct VersionLocalization: Sendable, Codable, Equatable {
        public var locale: String
        public var description: String?
        public var keywords: String?
        public var whatsNew: String?
        public var promotionalText: String?
        public var supportUrl: String?
        public var marketingUrl: String?
        /// `appScreenshotSets` with their `appScreenshots`; nil when not read (the key's role, a failed request, or
        /// a snapshot from before they were read), so that nothing is said about them.
        public var screenshotSets: [ScreenshotSet]?

        public init(locale: String, description: String? = nil, keywords: String? = nil, whatsNew: String? = nil,
                    promotionalText: String? = nil, supportUrl: String? = nil, marketingUrl: String? = nil,
                    screenshotSets: [ScreenshotSet]? = nil) {
            self.locale = locale
            self.description = description
            self.keywords = keywords
            self.whatsNew = whatsNew
            self.promotionalText = promotionalText
            self.supportUrl = supportUrl
            self.marketingUrl = marketingUrl
            self.screenshotSets = screenshotSets
        }
    }

    /// One `appScreenshotSets` entry of a localization: its display type (`APP_IPHONE_67`, `APP_IPAD_PRO_3GEN_129`…)
    /// and its screenshots.
    public struct ScreenshotSet: Sendable, Codable, Equatable {
        public var displayType: String
        public var screenshots: [Screenshot]

        public init(displayType: String, screenshots: [Screenshot] = []) {
            self.displayType = displayType
            self.screenshots = screenshots
        }

        enum CodingKeys: String, CodingKey { case displayType, screenshots }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            displayType = try container.decode(String.self, forKey: .displayType)
            screenshots = try container.decodeIfPresent([Screenshot].self, forKey: .screenshots) ?? []
        }
    }

    /// One `appScreenshots` entry: its file name and `assetDeliveryState.state` (`AWAITING_UPLOAD`,
    /// `UPLOAD_COMPLETE`, `COMPLETE`, `FAILED`).
    public struct Screenshot: Sendable, Codable, Equatable {
        public var fileName: String?
        public var state: String?

        public init(fileName: String? = nil, state: String? = nil) {
            self.fileName = fileName
            self.state = state
        }
    }

    /// App Review Information. The password itself is never held: a snapshot (or an API answer) that carries
    /// `demoAccountPassword` is decoded into `demoAccountPasswordPresent` and the text is dropped there.
    public struct ReviewDetail: Sendable, Codable, Equatable {
        public var demoAccountRequired: Bool?
        public var demoAccountName: String?
        public var demoAccountPasswordPresent: Bool
        public var notes: String?

        public init(demoAccountRequired: Bool? = nil, demoAccountName: String? = nil, demoAccountPasswordPresent: Bool = false,
                    notes: String? = nil) {
            self.demoAccountRequired = demoAccountRequired
            self.demoAccountName = demoAccountName
            self.demoAccountPasswordPresent = demoAccountPasswordPresent
            self.notes = notes
        }

        enum CodingKeys: String, CodingKey {
            case demoAccountRequired, demoAccountName, demoAccountPasswordPresent, demoAccountPassword, notes
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            demoAccountRequired = try container.decodeIfPresent(Bool.self, forKey: .demoAccountRequired)
            demoAccountName = try container.decodeIfPresent(String.self, forKey: .demoAccountName)
            notes = try container.decodeIfPresent(String.self, forKey: .notes)
            // The password is turned into present/absent here and never kept.
            let password = try container.decodeIfPresent(String.self, forKey: .demoAccountPassword)
            let stated = try container.decodeIfPresent(Bool.self, forKey: .demoAccountPasswordPresent)
            demoAccountPasswordPresent = stated ?? !(password ?? "").allSatisfy(\.isWhitespace)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(demoAccountRequired, forKey: .demoAccountRequired)
            try container.encodeIfPresent(demoAccountName, forKey: .demoAccountName)
            try container.encode(demoAccountPasswordPresent, forKey: .demoAccountPasswordPresent)
            try container.encodeIfPresent(notes, forKey: .notes)
        }
    }

    /// `builds` (with its `buildBundles`' SDK).
    public struct Build: Sendable, Codable, Equatable {
        public var id: String?
        public var version: String?
        public var processingState: String?
        public var minOsVersion: String?
        public var usesNonExemptEncryption: Bool?
        public var sdkBuild: String?
        /// `uploadedDate` as App Store Connect writes it (ISO 8601 with its offset, `2026-05-02T10:11:12-07:00`):
        /// a VALID build uploaded before an SDK requirement began says nothing about that requirement.
        public var uploadedDate: String?

        public init(id: String? = nil, version: String? = nil, processingState: String? = nil, minOsVersion: String? = nil,
                    usesNonExemptEncryption: Bool? = nil, sdkBuild: String? = nil, uploadedDate: String? = nil) {
            self.id = id
            self.version = version
            self.processingState = processingState
            self.minOsVersion = minOsVersion
            self.usesNonExemptEncryption = usesNonExemptEncryption
            self.sdkBuild = sdkBuild
            self.uploadedDate = uploadedDate
        }

        /// The calendar day of `uploadedDate` (`YYYY-MM-DD`, as App Store Connect dates it), or nil when the
        /// attribute is absent or not ISO 8601.
        public var uploadedDay: String? {
            guard let text = uploadedDate else { return nil }
            let day = Array(text.utf8.prefix(10))
            guard day.count == 10, day[4] == UInt8(ascii: "-"), day[7] == UInt8(ascii: "-"),
                  day.enumerated().allSatisfy({ $0 == 4 || $0 == 7 || (48...57).contains($1) }),
                  text.utf8.count == 10 || text.utf8.dropFirst(10).first == UInt8(ascii: "T") else { return nil }
            return String(decoding: day, as: UTF8.self)
        }
    }
}

/// One age-rating answer: unanswered (JSON null), a yes/no, a level or enum value.
public enum AgeRatingAnswer: Sendable, Codable, Equatable {
    case unanswered
    case bool(Bool)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .unanswered; return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(String.self) { self = .text(value); return }
        if let value = try? container.decode(Double.self) { self = .text(value == value.rounded() ? String(Int(value)) : String(value)); return }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "an age-rating answer is null, a boolean or a string")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .unanswered: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }
}

// MARK: - Google Play

/// The Google Play Developer API (androidpublisher v3) resources the console checks read, from one edit.
public struct GooglePlaySnapshot: Sendable, Codable, Equatable {
    public var packageName: String
    /// `edits.listings`.
    public var listings: [Listing]
    /// `edits.tracks`.
    public var tracks: [Track]
    /// `edits.bundles` (and `edits.apks`): what Play already holds.
    public var bundles: [UploadedBundle]
    /// `edits.details` `defaultLanguage`: the listing whose graphics the other languages fall back to.
    public var defaultLanguage: String?
    /// `edits.images.list` of the default language: how many images Play holds per image type (`icon`,
    /// `featureGraphic`, `phoneScreenshots`…). The API gives no pixel size, only ids and hashes. Nil when not read.
    public var images: [String: Int]?

    public init(packageName: String, listings: [Listing] = [], tracks: [Track] = [], bundles: [UploadedBundle] = [],
                defaultLanguage: String? = nil, images: [String: Int]? = nil) {
        self.packageName = packageName
        self.listings = listings
        self.tracks = tracks
        self.bundles = bundles
        self.defaultLanguage = defaultLanguage
        self.images = images
    }

    enum CodingKeys: String, CodingKey { case packageName, listings, tracks, bundles, defaultLanguage, images }

    /// A list the API (or a hand-written snapshot) leaves out is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        packageName = try container.decode(String.self, forKey: .packageName)
        listings = try container.decodeIfPresent([Listing].self, forKey: .listings) ?? []
        tracks = try container.decodeIfPresent([Track].self, forKey: .tracks) ?? []
        bundles = try container.decodeIfPresent([UploadedBundle].self, forKey: .bundles) ?? []
        defaultLanguage = try container.decodeIfPresent(String.self, forKey: .defaultLanguage)
        images = try container.decodeIfPresent([String: Int].self, forKey: .images)
    }

    /// The image types whose count is read: the ones every phone app's listing is judged on.
    public static let imageTypes = ["icon", "featureGraphic", "phoneScreenshots", "sevenInchScreenshots", "tenInchScreenshots"]

    public struct Listing: Sendable, Codable, Equatable {
        public var language: String
        public var title: String?
        public var shortDescription: String?
        public var fullDescription: String?

        public init(language: String, title: String? = nil, shortDescription: String? = nil, fullDescription: String? = nil) {
            self.language = language
            self.title = title
            self.shortDescription = shortDescription
            self.fullDescription = fullDescription
        }
    }

    public struct Track: Sendable, Codable, Equatable {
        public var track: String
        public var releases: [Release]

        public init(track: String, releases: [Release] = []) {
            self.track = track
            self.releases = releases
        }

        enum CodingKeys: String, CodingKey { case track, releases }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            track = try container.decode(String.self, forKey: .track)
            releases = try container.decodeIfPresent([Release].self, forKey: .releases) ?? []
        }
    }

    public struct Release: Sendable, Codable, Equatable {
        public var name: String?
        public var status: String?
        /// int64 values, as strings the way the API gives them.
        public var versionCodes: [String]
        public var releaseNotes: [ReleaseNote]

        public init(name: String? = nil, status: String? = nil, versionCodes: [String] = [], releaseNotes: [ReleaseNote] = []) {
            self.name = name
            self.status = status
            self.versionCodes = versionCodes
            self.releaseNotes = releaseNotes
        }

        enum CodingKeys: String, CodingKey { case name, status, versionCodes, releaseNotes }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            status = try container.decodeIfPresent(String.self, forKey: .status)
            versionCodes = try container.decodeIfPresent([FlexibleCode].self, forKey: .versionCodes)?.map(\.text) ?? []
            releaseNotes = try container.decodeIfPresent([ReleaseNote].self, forKey: .releaseNotes) ?? []
        }
    }

    public struct ReleaseNote: Sendable, Codable, Equatable {
        public var language: String
        public var text: String

        public init(language: String, text: String) {
            self.language = language
            self.text = text
        }
    }

    public struct UploadedBundle: Sendable, Codable, Equatable {
        public var versionCode: String
        public var sha256: String?

        public init(versionCode: String, sha256: String? = nil) {
            self.versionCode = versionCode
            self.sha256 = sha256
        }

        enum CodingKeys: String, CodingKey { case versionCode, sha256 }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            versionCode = try container.decode(FlexibleCode.self, forKey: .versionCode).text
            sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
        }
    }
}

/// A version code given as a JSON number (bundles) or a string (tracks' int64 values).
struct FlexibleCode: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int64.self) { text = String(value); return }
        let value = try container.decode(String.self)
        guard !value.isEmpty, value.count <= 19, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a versionCode is a whole number")
        }
        text = value
    }
}
