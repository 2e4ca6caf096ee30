import Formats

/// An `ignore:` entry of shipcheck.yml: findings of a rule (or checklist) silenced under some paths, with
/// the reason the team gives. Counted as suppressed in every report, never dropped silently.
///
///     ignore:
///       - rule: metadata.play-image-sizes
///         paths: ["fastlane/metadata/android/*/images/legacy/**"]
///         reason: "Old screenshots kept for reference; supply does not upload this folder."
public struct IgnoreEntry: Sendable, Hashable {
    /// Rule ids or checklist names.
    public let rules: [String]
    /// Globs relative to the project root (as in `exclude:`); empty means everywhere.
    public let paths: [Glob]
    public let reason: String
    /// Where the entry is written in the manifest.
    public let location: SourceLocation

    public init(rules: [String], paths: [Glob], reason: String, location: SourceLocation) {
        self.rules = rules
        self.paths = paths
        self.reason = reason
        self.location = location
    }

    /// Whether the entry silences a finding of `rule` (in `checklist`) at `path`.
    public func covers(rule: String, checklist: String, path: String) -> Bool {
        guard rules.contains(rule) || rules.contains(checklist) else { return false }
        return paths.isEmpty || paths.contains { $0.matches(path) }
    }
}
