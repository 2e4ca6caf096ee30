import Foundation

/// npm `package-lock.json`: lockfileVersion 2 and 3 list `packages["node_modules/x"]` (nested
/// `node_modules/a/node_modules/b` too); version 1 lists `dependencies.x`. The root entry (`""`) is the app itself.
enum PackageLockReader {
    static func read(_ text: String, path: String) throws(InspectedText.Failure) -> [Dependency] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw InspectedText.Failure(SourceLocation(path: path), "is not valid JSON")
        }
        var versions: [String: String?] = [:]
        if let packages = object["packages"] as? [String: Any] {
            for (key, value) in packages {
                guard let range = key.range(of: "node_modules/", options: .backwards) else { continue }
                let name = String(key[range.upperBound...])
                let version = (value as? [String: Any])?["version"] as? String
                if versions[name] == nil { versions[name] = version }
            }
        } else if let dependencies = object["dependencies"] as? [String: Any] {
            for (name, value) in dependencies {
                versions[name] = (value as? [String: Any])?["version"] as? String
            }
        } else {
            throw InspectedText.Failure(SourceLocation(path: path), "has neither `packages` nor `dependencies`; not an npm lock file")
        }
        return versions.keys.sorted().map { name in
            let line = InspectedText.line(of: "\"node_modules/\(name)\"", in: text) ?? InspectedText.line(of: "\"\(name)\"", in: text)
            return Dependency(name: name, version: versions[name] ?? nil, location: SourceLocation(path: path, line: line), ecosystem: .npm)
        }
    }
}
