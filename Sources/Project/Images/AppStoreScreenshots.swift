import Formats

/// One App Store screenshot in fastlane deliver's layout (`screenshots/<locale>/<name>.png`), with what its
/// header says. Which display type (6.9″ iPhone, 13″ iPad…) it fills is the checklist's table to decide
/// (rules/metadata.yml `appstore_screenshot_sizes`), as deliver decides it from the pixel size.
public struct AppStoreScreenshot: Sendable, Hashable {
    /// The locale folder as named on disk (`en-US`).
    public let locale: String
    public let location: SourceLocation
    /// The file name, for the names deliver reads to tell apart two display types of the same size.
    public let fileName: String
    public let width: Int?
    public let height: Int?
    /// `png` or `jpeg`; nil when the header could not be read.
    public let format: String?
    /// A PNG colour type with alpha (nil: not shown by the header, e.g. a palette image).
    public let hasAlpha: Bool?

    public init(locale: String, location: SourceLocation, fileName: String, width: Int?, height: Int?,
                format: String? = nil, hasAlpha: Bool? = nil) {
        self.locale = locale
        self.location = location
        self.fileName = fileName
        self.width = width
        self.height = height
        self.format = format
        self.hasAlpha = hasAlpha
    }
}

/// A deliver screenshots folder (`fastlane/screenshots`) and the screenshots deliver would upload from it.
public struct AppStoreScreenshotFolder: Sendable {
    /// Relative to the project root.
    public let path: String
    public var screenshots: [AppStoreScreenshot]

    public init(path: String, screenshots: [AppStoreScreenshot]) {
        self.path = path
        self.screenshots = screenshots
    }

    public var location: SourceLocation { SourceLocation(path: path) }
}
