/// An AndroidManifest.xml. Skeleton: filled by the Android inspectors.
public struct AndroidManifestFile: Sendable {
    public let location: SourceLocation

    public init(location: SourceLocation) {
        self.location = location
    }
}
