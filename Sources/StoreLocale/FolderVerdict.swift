/// What a store makes of a metadata folder name.
public enum FolderVerdict: Sendable, Equatable {
    /// A locale code the store lists.
    case valid(String)
    /// A folder the tool reads that is not a locale (`default`, `review_information`, …).
    case special
    /// An old App Store code still seen in repositories; the store now uses `modern`.
    case legacy(modern: String)
    /// Not a code of this store; `suggestions` are what the store expects instead, best first
    /// (empty when the store has no equivalent, as for `und` or `tok`).
    case invalid(suggestions: [String])
}
