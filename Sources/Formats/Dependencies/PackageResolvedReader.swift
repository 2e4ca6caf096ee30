import Foundation

/// SwiftPM `Package.resolved`: version 1 (`object.pins[].package`) and versions 2 and 3
/// (`pins[].identity` and `location`). The name is the repository's (`Alamofire`), which keeps its case,
/// where the identity is lowercased.
package enum PackageResolvedReader {
    package static func read(_ text: String, path: String) throws(FormatFailure) -> [Dependency] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw FormatFailure(SourceLocation(path: path), "is not valid JSON")
        }
        let pins: [[String: Any]]
        if let v1 = (object["object"] as? [String: Any])?["pins"] as? [[String: Any]] {
            pins = v1
        } else if let v2 = object["pins"] as? [[String: Any]] {
            pins = v2
        } else {
            throw FormatFailure(SourceLocation(path: path), "has no `pins` list (neither version 1 `object.pins` nor version 2/3 `pins`)")
        }
        let lines = QuotedText.quotedStringLines(in: text)
        return pins.compactMap { pin in
            let location = (pin["location"] as? String) ?? (pin["repositoryURL"] as? String)
            let identity = (pin["identity"] as? String) ?? (pin["package"] as? String)
            let name = (pin["package"] as? String) ?? location.map(repositoryName) ?? identity
            guard let name, !name.isEmpty else { return nil }
            let state = pin["state"] as? [String: Any]
            let version = (state?["version"] as? String) ?? (state?["branch"] as? String) ?? (state?["revision"] as? String)
            let needle = identity.map { "\"\($0)\"" } ?? "\"\(name)\""
            return Dependency(name: name, version: version, location: SourceLocation(path: path, line: lines[needle]),
                              ecosystem: .swiftpm)
        }
    }

    /// `https://github.com/Alamofire/Alamofire.git` → `Alamofire`.
    static func repositoryName(_ url: String) -> String {
        var last = url.split(separator: "/").last.map(String.init) ?? url
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last
    }
}
