import YAML

/// A regular file under the project root, found by the walk.
public struct ProjectFile: Sendable, Hashable {
    /// Relative to the root, forward slashes.
    public let path: String
    public let absolutePath: String
    public let size: Int
    /// Inside a dependency or build folder (Pods, Carthage/Checkouts, node_modules, …): its source is not
    /// scanned, but its privacy manifests and lock files still count.
    public let isVendored: Bool

    public init(path: String, absolutePath: String, size: Int, isVendored: Bool) {
        self.path = path
        self.absolutePath = absolutePath
        self.size = size
        self.isVendored = isVendored
    }

    public var fileName: Substring { path.split(separator: "/").last ?? Substring(path) }
}

/// What one group of inspectors contributes; the inspector merges them into the `ProjectModel`.
public struct PartialInspection: Sendable {
    public var facts: [Fact] = []
    public var problems: [InputProblem] = []
    public var infoPlists: [InfoPlistFile] = []
    public var privacyManifests: [PrivacyManifestFile] = []
    public var androidManifests: [AndroidManifestFile] = []
    public var gradleFiles: [GradleFile] = []
    public var dependencies: [Dependency] = []
    public var symbolHits: [SymbolHit] = []
    public var metadata: [MetadataTree] = []

    public init() {}
}

/// A symbol table from a checklist (`kind: symbols`), handed to the source scan as YAML.
public struct SymbolTableSource: Sendable {
    public let name: String
    public let file: String
    public let value: Node

    public init(name: String, file: String, value: Node) {
        self.name = name
        self.file = file
        self.value = value
    }
}
