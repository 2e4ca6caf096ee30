/// A relative path written in a build or package file, applied to the folder that file is in: `.` is skipped,
/// `..` climbs; nil when it climbs above the root (never read outside it).
enum TreePath {
    static func join(_ folder: String, _ relative: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for piece in relative.split(separator: "/") {
            if piece == "." { continue }
            if piece == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(String(piece))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether the relative `path` lies inside the relative `folder` (`a/b/c` in `a/b`, not `a/bc`; nothing lies
    /// in ""): on the bytes, without building `folder + "/"`, as the callers ask it of every file of a tree.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let bytes = path.utf8
        let count = folder.utf8.count
        guard count > 0, bytes.count > count, bytes.starts(with: folder.utf8) else { return false }
        return bytes[bytes.index(bytes.startIndex, offsetBy: count)] == UInt8(ascii: "/")
    }
}
