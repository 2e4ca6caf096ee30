/// Where a value of the model was read: a file of the source tree, or an entry of a built archive given with
/// `--archive`. The Apple parts (`InfoPlistFile`, `PrivacyManifestFile`, `AppleBundle`) carry it, so one rule can
/// read the same shapes from either input and still say truthfully where it looked.
public enum InputOrigin: Sendable, Hashable {
    /// A file of the project's tree.
    case source
    /// A member of the built archive of that name (`app.ipa`): its locations are `app.ipa!/Payload/…`.
    case archive(String)

    public var isArchive: Bool {
        if case .archive = self { return true }
        return false
    }
}
