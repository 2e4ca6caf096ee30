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
}
