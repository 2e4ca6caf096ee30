import Formats

/// Whether the project keeps its Data safety export: `paths.data_safety` stated in shipcheck.yml, or a
/// file named like an export in the walk (outside dependency folders; shallowest first). The detected
/// fact `play.data_safety_export` (the path) lets rules tell "the form is in the repository, check it"
/// from "the form is only in Play Console, confirm it there".
public enum DataSafetyExportDetector {
    public static let factName = "play.data_safety_export"

    /// The fact, or nil when the manifest states no export and the walk holds none.
    public static func fact(files: [ProjectFile], manifest: Manifest?) -> Fact? {
        if let stated = manifest?.paths.dataSafety {
            return Fact(name: factName, value: .string(stated), source: .detected,
                        evidence: [Evidence(location: SourceLocation(path: manifest?.file ?? "shipcheck.yml"), snippet: "paths.data_safety: \(stated)")])
        }
        let exports = files.filter { !$0.isVendored && DataSafetyLocator.isExportName(String($0.fileName)) }
            .sorted { (depth($0.path), $0.path) < (depth($1.path), $1.path) }
        guard let first = exports.first else { return nil }
        return Fact(name: factName, value: .string(first.path), source: .detected,
                    evidence: [Evidence(location: SourceLocation(path: first.path), snippet: first.path)])
    }

    static func depth(_ path: String) -> Int {
        path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }
}
