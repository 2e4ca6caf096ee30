import Foundation
import Formats

/// Reads an asset catalog entry's `Contents.json` for `on-demand-resource-tags`, the way a catalog
/// marks an image set or data set as an On-Demand Resource.
public enum AssetCatalogReader {
    public static let maxBytes = 4 << 20

    /// The tags of the entry (empty when it has none) as evidence, or an error naming the file.
    public static func evidence(_ file: ProjectFile) -> Result<Evidence?, PlistReadError> {
        guard file.size <= maxBytes, let data = FileManager.default.contents(atPath: file.absolutePath) else {
            return .failure(PlistReadError(path: file.path, line: nil, message: "could not be read (missing, unreadable or over \(maxBytes) bytes)"))
        }
        return onDemandTags(data, path: file.path).map { tags in
            tags.isEmpty ? nil : Evidence(location: SourceLocation(path: file.path, line: tagLine(data)),
                                          snippet: "on-demand-resource-tags: \(tags.joined(separator: ", "))")
        }
    }

    public static func onDemandTags(_ data: Data, path: String) -> Result<[String], PlistReadError> {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let (line, reason) = PlistReader.describe(error)
            return .failure(PlistReadError(path: path, line: line, message: "not valid JSON: \(reason)"))
        }
        guard let root = object as? [String: Any] else {
            return .failure(PlistReadError(path: path, line: nil, message: "not a JSON object"))
        }
        guard let properties = root["properties"] as? [String: Any] else { return .success([]) }
        return .success(properties["on-demand-resource-tags"] as? [String] ?? [])
    }

    /// The line of `"on-demand-resource-tags"` in the file's text.
    static func tagLine(_ data: Data) -> Int? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        return TextLines.firstLine(in: text) { $0.contains("on-demand-resource-tags") }
    }
}
