/// Finds the project's Data safety export: `paths.data_safety` in shipcheck.yml when stated, else the
/// first file (shallowest, then by path) named `data-safety*.csv`, `data_safety*.csv` or
/// `datasafety*.csv` (any case) under the root, outside dependency and build folders (`FileSearch`).
public enum DataSafetyLocator {
    public static let fileNamePrefixes = ["data-safety", "data_safety", "datasafety"]

    /// The path relative to `root`, or nil when there is none.
    public static func locate(root: String, manifest: Manifest?) -> String? {
        if let stated = manifest?.paths.dataSafety { return stated }
        return FileSearch.find(root: root, matches: isExportName).first
    }

    /// Whether a file name looks like a Data safety export.
    public static func isExportName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".csv") && fileNamePrefixes.contains { lower.hasPrefix($0) }
    }
}
