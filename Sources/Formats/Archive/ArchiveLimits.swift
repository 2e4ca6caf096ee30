/// Bounds on what an archive may make shipcheck read: a hostile archive ends in an error, never in
/// unbounded time or memory. Generous for real builds (a 200 MB .ipa has some 10,000 entries and a
/// largest binary near 150 MB).
public struct ArchiveLimits: Sendable, Hashable {
    /// The archive file itself.
    public var maxArchiveBytes: Int = 4 << 30
    public var maxEntries: Int = 200_000
    /// One entry, inflated (the largest Mach-O binaries of real apps are some hundreds of MB).
    public var maxEntryBytes: Int = 512 << 20
    /// Everything shipcheck inflates from one archive.
    public var maxTotalInflatedBytes: Int = 2 << 30
    /// Inflated : compressed, for entries over `ratioFloorBytes` (deflate tops out near 1032:1).
    public var maxRatio: Int = 200
    public var ratioFloorBytes: Int = 1 << 20
    /// Distinct imported symbol names kept from all the archive's binaries (MachOReader keeps at most 64 MB per binary).
    public var maxSymbolTextBytes: Int = 256 << 20
    /// Property lists inside an archive (Info.plist, privacy manifests), as in a source tree (`PlistReader.maxBytes`).
    public var maxPlistBytes: Int = 32 << 20
    /// `META-INF/*.version` files are one short line; a larger one is skipped unread.
    public var maxVersionFileBytes: Int = 256
    /// Files of a folder archive (.xcarchive, .app) and how deep it is walked.
    public var maxFolderDepth: Int = 24

    public init() {}
}
