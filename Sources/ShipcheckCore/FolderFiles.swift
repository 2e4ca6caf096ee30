import Project

/// For each finding placed on a folder (a metadata locale folder Play rejects), the first file in it, for
/// the formats that can place results on files only (SARIF, GitHub annotations, Checkstyle). Drawn from the
/// files the inspection walked, so rendering never lists a folder on disk: the first file by name at the
/// shallowest level (a folder's own files before its sub-folders', depth first), at most four levels down,
/// hidden names skipped.
enum FolderFiles {
    static let maxDepth = 4

    /// - Parameters:
    ///   - folders: the finding paths (base-relative); only those that are folders of the walk get a file.
    ///   - files: the walked files, base-relative.
    static func map(folders: Set<String>, files: [String]) -> [String: String] {
        var best: [String: (key: [Step], file: String)] = [:]
        for file in files {
            let parts = file.split(separator: "/", omittingEmptySubsequences: false)
            // Every ancestor folder within `maxDepth` levels, from the nearest: `a/b/c.txt` is in `a/b`, `a` and "".
            for depth in 1...min(maxDepth, parts.count) {
                let folderParts = parts.dropLast(depth)
                let inner = parts.suffix(depth)
                guard !inner.contains(where: { $0.hasPrefix(".") }) else { break }
                let folder = folderParts.joined(separator: "/")
                guard folders.contains(folder) || (folder.isEmpty && folders.contains(".")) else { continue }
                let key = inner.enumerated().map { Step(isFolder: $0.offset < inner.count - 1, name: String($0.element)) }
                if let current = best[folder], !(key < current.key) { continue }
                best[folder] = (key, file)
            }
        }
        var result: [String: String] = [:]
        for (folder, entry) in best {
            result[folder] = entry.file
            if folder.isEmpty, folders.contains(".") { result["."] = "./" + entry.file }
        }
        return result
    }

    /// One level of a path below the folder: a file sorts before a folder, then by name.
    struct Step: Comparable {
        let isFolder: Bool
        let name: String

        static func < (a: Step, b: Step) -> Bool {
            if a.isFolder != b.isFolder { return !a.isFolder }
            return a.name < b.name
        }
    }
}

private extension Array where Element == FolderFiles.Step {
    static func < (a: [Element], b: [Element]) -> Bool { a.lexicographicallyPrecedes(b) }
}
