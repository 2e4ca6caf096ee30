/// The stores shipcheck knows. F-Droid is a store too: it reads the same fastlane supply folders as
/// Google Play (and its own `metadata/<applicationId>/` layout) but with its own limits and rules.
public enum Store: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case appstore
    case play
    case fdroid

    public var displayName: String {
        switch self {
        case .appstore: return "App Store"
        case .play: return "Google Play"
        case .fdroid: return "F-Droid"
        }
    }

    public var description: String { rawValue }

    public static func < (a: Store, b: Store) -> Bool { a.rawValue < b.rawValue }
}
