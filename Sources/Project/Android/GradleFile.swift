/// A build.gradle(.kts). Skeleton: filled by the Android inspectors.
public struct GradleFile: Sendable {
    public let location: SourceLocation

    public init(location: SourceLocation) {
        self.location = location
    }
}
