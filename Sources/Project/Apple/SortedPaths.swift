/// The tree's own (not vendored) file paths in byte order, so that the files under a folder are found by a
/// binary search instead of a pass over every file.
struct SortedPaths: Sendable {
    let paths: [String]

    init(_ files: [ProjectFile]) {
        paths = files.lazy.filter { !$0.isVendored }.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether `path` is one of the files.
    func contains(_ path: String) -> Bool {
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle].utf8.lexicographicallyPrecedes(path.utf8) { low = middle + 1 } else { high = middle }
        }
        return low < paths.count && paths[low] == path
    }

    /// The paths inside `folder` (relative to the root; "" is the root itself), in order.
    func under(_ folder: String) -> ArraySlice<String> {
        if folder.isEmpty { return paths[...] }
        let prefix = folder + "/"
        // The first path not below the prefix in byte order; every path that starts with it follows.
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle].utf8.lexicographicallyPrecedes(prefix.utf8) { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < paths.count, paths[end].utf8.starts(with: prefix.utf8) { end += 1 }
        return paths[low..<end]
    }
}
