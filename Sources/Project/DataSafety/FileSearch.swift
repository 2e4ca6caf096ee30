import Foundation

/// A small breadth-first search for files by name, for the policy checks that run without the
/// inspector's walk (the Data safety export, the app's privacy manifests). Never follows symbolic
/// links, skips dependency and build folders, stops `maxDepth` folders deep.
public enum FileSearch {
    public static let skippedFolders: Set<String> = [
        ".git", ".build", "build", "DerivedData", ".gradle", ".idea", "Pods", "Carthage", "node_modules", "vendor",
    ]

    /// Paths relative to `root` of regular files whose name satisfies `matches`, shallowest first, then by path.
    public static func find(root: String, maxDepth: Int = 8, matches: (String) -> Bool) -> [String] {
        var level = [""]
        var found: [String] = []
        for _ in 0...maxDepth {
            var next: [String] = []
            var foundHere: [String] = []
            for folder in level {
                let absolute = folder.isEmpty ? root : root + "/" + folder
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
                for name in names {
                    let relative = folder.isEmpty ? name : folder + "/" + name
                    // attributesOfItem does not traverse links: a link is `.typeSymbolicLink` and is skipped.
                    guard let type = (try? FileManager.default.attributesOfItem(atPath: absolute + "/" + name))?[.type] as? FileAttributeType else { continue }
                    if type == .typeDirectory {
                        if !skippedFolders.contains(name) { next.append(relative) }
                    } else if type == .typeRegular, matches(name) {
                        foundHere.append(relative)
                    }
                }
            }
            found += foundHere.sorted()
            if next.isEmpty { break }
            level = next.sorted()
        }
        return found
    }

    /// The absolute path of `relative` when it stays inside `root` once `..` and symbolic links are
    /// resolved; nil for a path that leads out of the project (shipcheck never reads outside it).
    public static func absolutePathInside(root: String, relative: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath()
        let target = rootURL.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"
        return target.path.hasPrefix(rootPath) ? target.path : nil
    }
}
