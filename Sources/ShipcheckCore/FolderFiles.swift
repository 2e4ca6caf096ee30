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
        guard !folders.isEmpty else { return [:] }
        // Every walked file passes through here: its ancestors are found from the end of its bytes, without
        // splitting it, and the sort key is built only for a folder that has a finding.
        let wanted = Set(folders.map { Substring($0) })
        let wantsRoot = folders.contains(".")
        var best: [String: (key: [Step], file: String)] = [:]
        for file in files {
            let utf8 = file.utf8
            var componentEnd = utf8.endIndex
            // Every ancestor folder within `maxDepth` levels, from the nearest: `a/b/c.txt` is in `a/b`, `a` and "".
            for _ in 1...maxDepth {
                let slash = utf8[..<componentEnd].lastIndex(of: UInt8(ascii: "/"))
                let componentStart = slash.map { utf8.index(after: $0) } ?? utf8.startIndex
                // The path below the folder grows by one name a level: stop at the first hidden one.
                if componentStart < componentEnd, utf8[componentStart] == UInt8(ascii: ".") { break }
                let folder = file[..<(slash ?? utf8.startIndex)]
                if wanted.contains(folder) || (folder.isEmpty && wantsRoot) {
                    let inner = file[componentStart...].split(separator: "/", omittingEmptySubsequences: false)
                    let key = inner.enumerated().map { Step(isFolder: $0.offset < inner.count - 1, name: String($0.element)) }
                    let name = String(folder)
                    if best[name].map({ key < $0.key }) ?? true { best[name] = (key, file) }
                }
                guard let slash else { break }
                componentEnd = slash
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
