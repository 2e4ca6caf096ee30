/// Why an archive, or one entry of it, could not be read: always names the archive and, when there is
/// one, the entry (`app.ipa!/Payload/App.app/App: load command 3 runs past the end of the file`).
public struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The archive as the user named it (relative to the project root when inside it).
    public let archive: String
    /// The entry inside it, when the problem is one entry's.
    public let entry: String?
    public let message: String

    public init(archive: String, entry: String? = nil, _ message: String) {
        self.archive = archive
        self.entry = entry
        self.message = message
    }

    public var description: String {
        "\(ArchiveLocation.display(archive: archive, entry: entry)): \(message)"
    }
}

/// A problem in bytes being decoded (a Mach-O, an ELF, a plist); the archive reader adds which entry.
public struct DecodeError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
