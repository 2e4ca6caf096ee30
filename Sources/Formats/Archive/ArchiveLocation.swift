/// How a place inside an archive is written: `app.ipa!/Payload/App.app/App` (the `!/` convention of
/// jar: URLs). A folder archive (.xcarchive, .app) has real files, so its entries are plain paths.
public enum ArchiveLocation {
    public static let separator = "!/"

    public static func display(archive: String, entry: String?) -> String {
        guard let entry, !entry.isEmpty else { return archive }
        return archive + separator + entry
    }

    /// `app.ipa!/Payload/App.app/App` → (`app.ipa`, `Payload/App.app/App`); a plain path → (path, nil).
    public static func split(_ path: String) -> (file: String, entry: String?) {
        guard let range = path.range(of: separator) else { return (path, nil) }
        return (String(path[..<range.lowerBound]), String(path[range.upperBound...]))
    }
}
