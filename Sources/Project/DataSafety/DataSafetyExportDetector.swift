import Formats

/// Whether the project keeps its Data safety export: `paths.data_safety` stated in shipcheck.yml, or a
/// file named like an export in the walk (outside dependency folders; shallowest first). The detected
/// fact `play.data_safety_export` (the path) lets rules tell "the form is in the repository, check it"
/// from "the form is only in Play Console, confirm it there".
public enum DataSafetyExportDetector {
    public static let factName = "play.data_safety_export"

    public static func inspect(files: [ProjectFile], manifest: Manifest?) -> PartialInspection {
        var result = PartialInspection()
        if let stated = manifest?.paths.dataSafety {
            result.facts.append(Fact(name: factName, value: .string(stated), source: .detected,
                                     evidence: [Evidence(location: SourceLocation(path: manifest?.file ?? "shipcheck.yml"), snippet: "paths.data_safety: \(stated)")]))
            return result
        }
        let exports = files.filter { !$0.isVendored && DataSafetyLocator.isExportName(String($0.fileName)) }
            .sorted { (depth($0.path), $0.path) < (depth($1.path), $1.path) }
        guard let first = exports.first else { return result }
        result.facts.append(Fact(name: factName, value: .string(first.path), source: .detected,
                                 evidence: [Evidence(location: SourceLocation(path: first.path), snippet: first.path)]))
        return result
    }

    static func depth(_ path: String) -> Int {
        path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }
}
