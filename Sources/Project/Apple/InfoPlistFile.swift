/// An Info.plist (or the keys Xcode generates from `INFOPLIST_KEY_*` build settings). Skeleton: filled by the Apple inspectors.
public struct InfoPlistFile: Sendable {
    public let location: SourceLocation
    /// The target it belongs to, when the Xcode project says so.
    public let target: String?
    /// Top-level string values by key (purpose strings and the like).
    public let strings: [String: String]

    public init(location: SourceLocation, target: String?, strings: [String: String]) {
        self.location = location
        self.target = target
        self.strings = strings
    }
}
