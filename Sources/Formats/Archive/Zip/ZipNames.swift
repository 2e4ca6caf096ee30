import Support

/// Entry names are only ever compared as strings, never used as file system paths; still, a name that
/// would climb out of a folder or is absolute is a sign of a hostile archive, and is refused by name.
enum ZipNames {
    package static func problem(_ name: String) -> String? {
        if name.isEmpty { return "an entry has an empty name" }
        if name.utf8.count > 4096 { return "the entry name is over 4096 bytes" }
        if name.hasPrefix("/") { return "the entry name is an absolute path" }
        if name.contains("\\") { return "the entry name contains a backslash (a Windows path separator)" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "the entry name contains a control character" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "the entry name climbs out of the archive with `..` (a path traversal name)"
        }
        return nil
    }
}
