/// Which lock files the app's build uses, when a repository holds several.
///
/// Xcode resolves Swift packages for the workspace (or project) it opens and writes
/// `*.xcworkspace/xcshareddata/swiftpm/Package.resolved` (or `*.xcodeproj/project.xcworkspace/…`); a
/// `Package.resolved` beside a local package's own `Package.swift` is that package's, ignored once the
/// package is a dependency, and often stale. CocoaPods installs from the `Podfile.lock` beside the Podfile
/// it runs; a deeper one belongs to an example or an old copy. So: the workspace's resolved file wins, then
/// the project's, then any other; the shallowest Podfile.lock wins over deeper ones.
enum LockFilePrecedence {
    enum ResolvedTier: Int, Comparable {
        case workspace = 0, project, packageLocal
        static func < (a: ResolvedTier, b: ResolvedTier) -> Bool { a.rawValue < b.rawValue }
    }

    static func tier(ofResolved path: String) -> ResolvedTier {
        let parts = path.split(separator: "/")
        guard parts.count >= 4, parts[parts.count - 2] == "swiftpm", parts[parts.count - 3] == "xcshareddata" else { return .packageLocal }
        let container = parts[parts.count - 4]
        if container == "project.xcworkspace", parts.count >= 5, parts[parts.count - 5].hasSuffix(".xcodeproj") { return .project }
        return container.hasSuffix(".xcworkspace") ? .workspace : .packageLocal
    }

    /// The lock files to read, in walk order: all files but the `Package.resolved` and `Podfile.lock` files
    /// a better one overrides. (A lazy view: a copy of a 150,000-file list costs 7 MB.)
    static func filter(_ files: [ProjectFile]) -> LazyFilterSequence<[ProjectFile]> {
        let resolved = files.filter { $0.fileName == "Package.resolved" && !$0.isVendored }
        let bestTier = resolved.map { tier(ofResolved: $0.path) }.min()
        let podLocks = files.filter { $0.fileName == "Podfile.lock" && !$0.isVendored }
        let shallowest = podLocks.map { depth($0.path) }.min()
        return files.lazy.filter { file in
            switch file.fileName {
            case "Package.resolved" where !file.isVendored:
                return tier(ofResolved: file.path) == bestTier
            case "Podfile.lock" where !file.isVendored:
                return depth(file.path) == shallowest
            default:
                return true
            }
        }
    }

    static func depth(_ path: String) -> Int {
        path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }
}
