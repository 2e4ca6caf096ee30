import Project

/// A finding the team silenced, kept for the reports that show suppressions rather than drop them
/// (SARIF's `suppressions`, §3.27.23): code scanning then shows it as "suppressed", not as gone.
public struct SuppressedFinding: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A `shipcheck:disable` comment in the file itself.
        case inSource
        /// An `ignore:` entry of shipcheck.yml, with the reason the team wrote.
        case ignoreEntry(reason: String)
        /// Recorded in the `--baseline` file.
        case baseline
    }

    public let finding: Finding
    public let kind: Kind

    public init(finding: Finding, kind: Kind) {
        self.finding = finding
        self.kind = kind
    }
}
