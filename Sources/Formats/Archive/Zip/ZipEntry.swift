import Support

/// One file of a ZIP archive as its central directory describes it.
public struct ZipEntry: Sendable, Hashable {
    public let name: String
    public let method: Int
    public let crc32: UInt32
    public let compressedSize: Int
    public let uncompressedSize: Int
    /// Where its local header starts.
    public let localHeaderOffset: Int

    public var isDirectory: Bool { name.hasSuffix("/") }

    /// Stored (0) and deflated (8) are what app bundles use; anything else is refused by name.
    public static let stored = 0
    public static let deflated = 8
}
