import Formats

/// The stores whose consoles shipcheck can read.
public enum ConsoleStore: String, Sendable, Hashable, CaseIterable, Codable {
    case appstore, play

    /// How messages and logical locations name the console.
    public var consoleName: String {
        switch self {
        case .appstore: return "App Store Connect"
        case .play: return "Google Play Console"
        }
    }
}

/// What the console step put in the model: the snapshot (nil when nothing was read), where it came from, and
/// for each store asked for but not read, why (its items stay manual with that reason).
public struct ConsolePart: ModelPart {
    public var snapshot: ConsoleSnapshot?
    /// `snapshot FILE` or `the App Store Connect API`: named in the facts' evidence.
    public var origin: String?
    /// Stores that were asked for and could not be read, with the reason.
    public var unread: [ConsoleStore: String]

    public init() {
        snapshot = nil
        origin = nil
        unread = [:]
    }

    public init(snapshot: ConsoleSnapshot?, origin: String?, unread: [ConsoleStore: String] = [:]) {
        self.snapshot = snapshot
        self.origin = origin
        self.unread = unread
    }
}

extension ProjectModel {
    /// What was read from the store consoles (`--console`, `--console-snapshot`); empty otherwise.
    public var console: ConsolePart {
        get { parts[ConsolePart.self] }
        set { parts[ConsolePart.self] = newValue }
    }
}

/// A place in a console, shown where a file path would be: `App Store Connect › fr-FR › description`.
/// No slash and no line: reports print it as is and never open it.
public enum ConsoleLocation {
    public static let separator = " › "

    /// Whether a location's path is a console place (reports show it as is, never as a file under the root).
    public static func isConsolePlace(_ path: String) -> Bool {
        ConsoleStore.allCases.contains { path == $0.consoleName || path.hasPrefix($0.consoleName + separator) }
    }

    public static func at(_ store: ConsoleStore, _ parts: String...) -> SourceLocation {
        SourceLocation(path: ([store.consoleName] + parts.map(sanitized)).joined(separator: separator))
    }

    /// Server text in a location: no path separators, no control characters, bounded.
    public static func sanitized(_ part: String) -> String {
        let cleaned = String(String.UnicodeScalarView(part.unicodeScalars.map { scalar in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                ? "_" : scalar
        }))
        return cleaned.count > 64 ? String(cleaned.prefix(64)) + "…" : cleaned
    }
}
