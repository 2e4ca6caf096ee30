/// A third-party SDK the project uses, from a lock file, a build file or a vendored framework.
public struct Dependency: Sendable, Hashable {
    public let name: String
    public let version: String?
    /// Where it was declared or found.
    public let location: SourceLocation

    public init(name: String, version: String?, location: SourceLocation) {
        self.name = name
        self.version = version
        self.location = location
    }
}
