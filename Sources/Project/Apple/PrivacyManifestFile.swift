import Foundation

/// A PrivacyInfo.xcprivacy. Skeleton: filled by the Apple inspectors.
public struct PrivacyManifestFile: Sendable {
    public let location: SourceLocation
    /// True for the app's own manifest, false for one inside a vendored SDK or dependency.
    public let isAppOwned: Bool

    public init(location: SourceLocation, isAppOwned: Bool) {
        self.location = location
        self.isAppOwned = isAppOwned
    }
}
