/// The two stores shipcheck knows.
public enum Store: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case appstore
    case play

    public var displayName: String {
        switch self {
        case .appstore: return "App Store"
        case .play: return "Google Play"
        }
    }

    public var description: String { rawValue }

    public static func < (a: Store, b: Store) -> Bool { a.rawValue < b.rawValue }
}
