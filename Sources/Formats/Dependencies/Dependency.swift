
/// A third-party SDK the project uses, from a lock file, a build file or a vendored framework.
public struct Dependency: Sendable, Hashable {
    /// Where a dependency was declared; names are compared within an ecosystem.
    public enum Ecosystem: String, Sendable, Hashable, CaseIterable {
        case cocoapods, swiftpm, carthage, pub, npm, gradle
        /// A `.framework` / `.xcframework` folder checked into the project.
        case vendored
        case unknown
    }

    /// As the ecosystem names it: `Alamofire`, `firebase_core`, `@react-native/foo`, `com.google.firebase:firebase-analytics`.
    public let name: String
    public let version: String?
    /// Where it was declared or found.
    public let location: SourceLocation
    public let ecosystem: Ecosystem
    /// For vendored frameworks: whether a `PrivacyInfo.xcprivacy` is inside. Nil where it cannot be seen (lock files).
    public let hasPrivacyManifest: Bool?
    /// The version is a lower bound, not the resolved one: the Flutter SDK of `pubspec.lock`'s `sdks:` section
    /// (`flutter: ">=3.22.0"`, the least Flutter the resolved packages accept).
    public let versionIsMinimum: Bool
    /// With `versionIsMinimum`: the exclusive upper bound of the range that may resolve, when one is written
    /// (a pbxproj `upToNextMajorVersion` from 4.0.4 allows up to, not including, 5.0.0).
    public let versionBelow: String?
    /// Listed only for development (pubspec.lock's `dependency: "direct dev"`): never built into the app.
    public let isDevelopmentOnly: Bool

    public init(name: String, version: String?, location: SourceLocation, ecosystem: Ecosystem = .unknown, hasPrivacyManifest: Bool? = nil,
                versionIsMinimum: Bool = false, versionBelow: String? = nil, isDevelopmentOnly: Bool = false) {
        self.isDevelopmentOnly = isDevelopmentOnly
        self.versionBelow = versionBelow
        self.name = name
        self.version = version
        self.location = location
        self.ecosystem = ecosystem
        self.hasPrivacyManifest = hasPrivacyManifest
        self.versionIsMinimum = versionIsMinimum
    }
}
