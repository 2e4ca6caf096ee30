/// fastlane deliver / supply metadata trees; `root` may itself be a metadata folder. STUB: replaced by its owner.
public enum MetadataDiscovery {
    public static func discover(root: String, files: [ProjectFile], manifest: Manifest?) -> PartialInspection { PartialInspection() }
}
