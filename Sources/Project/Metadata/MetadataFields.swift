/// The metadata field names a rule may select (`fields: [...]`, `given: <store>.locales.*.<field>`): every file
/// deliver, supply and F-Droid read, so a misspelt field is a load error rather than a rule that never fires.
public enum MetadataFields {
    /// Per-locale files without `.txt`, and `changelogs`.
    public static let locale: Set<String> = Set(
        (MetadataLayout.appStoreLocaleFiles.union(MetadataLayout.playLocaleFiles).union(MetadataLayout.fdroidLocaleFiles))
            .map { String($0.dropLast(4)) }
    ).union(["changelogs"])
    /// deliver's root files without `.txt` (`root.<name>`).
    public static let root: Set<String> = Set(MetadataLayout.appStoreRootFiles.map { String($0.dropLast(4)) })
    /// deliver's review_information files (`review.<name>`), current names.
    public static let review: Set<String> = Set(MetadataLayout.legacyReviewNames.values)

    /// Every name as a rule writes it (`keywords`, `root.copyright`, `review.notes`), for suggestions.
    public static var all: [String] {
        (locale.sorted() + root.sorted().map { "root.\($0)" } + review.sorted().map { "review.\($0)" })
    }

    public static func isKnown(_ field: String) -> Bool {
        if field.hasPrefix("root.") { return root.contains(String(field.dropFirst(5))) }
        if field.hasPrefix("review.") { return review.contains(String(field.dropFirst(7))) }
        return locale.contains(field)
    }
}
