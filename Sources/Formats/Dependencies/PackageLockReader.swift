import Foundation

/// npm `package-lock.json`: lockfileVersion 2 and 3 list `packages["node_modules/x"]` (nested
/// `node_modules/a/node_modules/b` too); version 1 lists `dependencies.x`. The root entry (`""`) is the app itself.
package enum PackageLockReader {
    package static func read(_ text: String, path: String) throws(FormatFailure) -> [Dependency] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw FormatFailure(SourceLocation(path: path), "is not valid JSON")
        }
        /// Name → version and the JSON key it was listed under (for its line).
        var entries: [String: (version: String?, key: String)] = [:]
        if let packages = object["packages"] as? [String: Any] {
            // Shortest key first, so that the top-level copy of a package wins over nested ones. (Each key's length
            // counted once, not in every comparison of the sort: a lock file has thousands of keys.)
            for (_, key, value) in packages.map({ ($0.key.count, $0.key, $0.value) }).sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
                guard let range = key.range(of: "node_modules/", options: .backwards) else { continue }
                let name = String(key[range.upperBound...])
                if entries[name] == nil { entries[name] = ((value as? [String: Any])?["version"] as? String, key) }
            }
        } else if let dependencies = object["dependencies"] as? [String: Any] {
            for (name, value) in dependencies {
                entries[name] = ((value as? [String: Any])?["version"] as? String, name)
            }
        } else {
            throw FormatFailure(SourceLocation(path: path), "has neither `packages` nor `dependencies`; not an npm lock file")
        }
        let keyLines = QuotedText.keyLines(in: text)
        return entries.keys.sorted().compactMap { name in
            guard let entry = entries[name] else { return nil }
            let line = keyLines[entry.key]
            return Dependency(name: name, version: entry.version, location: SourceLocation(path: path, line: line), ecosystem: .npm)
        }
    }
}
