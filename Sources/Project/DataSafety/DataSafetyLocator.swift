/// Finds the project's Data safety export: `paths.data_safety` in shipcheck.yml when stated, else the
/// first file (shallowest, then by path) named `data-safety*.csv`, `data_safety*.csv` or
/// `datasafety*.csv` (any case) in the walk, outside dependency folders (so `exclude:` applies too).
public enum DataSafetyLocator {
    public static let fileNamePrefixes = ["data-safety", "data_safety", "datasafety"]

    /// The path relative to the root, or nil when there is none.
    public static func locate(files: [ProjectFile], manifest: Manifest?) -> String? {
        if let stated = manifest?.paths.dataSafety { return stated }
        let candidates = files.filter { !$0.isVendored && isExportName(String($0.fileName)) }
        return candidates.min { a, b in
            let (da, db) = (depth(a.path), depth(b.path))
            return da != db ? da < db : a.path < b.path
        }?.path
    }

    /// Whether a file name looks like a Data safety export.
    public static func isExportName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".csv") && fileNamePrefixes.contains { lower.hasPrefix($0) }
    }

    private static func depth(_ path: String) -> Int {
        path.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
    }
}
