import Support

/// `yarn.lock`, classic (v1: `"name@^1.0", name@~1.1:` then `  version "1.2.3"`) and berry
/// (`"name@npm:^1.0":` then `  version: 1.2.3`). One dependency per name, at its first entry.
package enum YarnLockReader {
    package static func read(_ text: String, path: String) throws(FormatFailure) -> [Dependency] {
        var dependencies: [Dependency] = []
        var seen = Set<String>()
        var current: (name: String, line: Int)?
        for (offset, raw) in text.lineSlices().enumerated() {
            let line = String(raw)
            let content = line.trimmingBlanks()
            if content.isEmpty || content.hasPrefix("#") { continue }
            if !line.hasPrefix(" ") {
                guard content.hasSuffix(":") else {
                    throw FormatFailure(SourceLocation(path: path, line: offset + 1), "expected an entry header ending in `:`, found `\(content)`")
                }
                // Classic quotes each spec (`"a@^1", "a@^1.2":`); berry quotes the whole key once (`"a@npm:1, a@npm:^1":`):
                // the quotes come off the key and off each spec, so both give `a@…` for the first spec.
                let key = QuotedText.unquote(String(content.dropLast()).trimmingBlanks())
                let firstSpec = key.split(separator: ",").first.map { QuotedText.unquote($0.trimmingBlanks()) } ?? ""
                current = packageName(firstSpec).map { ($0, offset + 1) }
                continue
            }
            guard let entry = current, line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
            let version: String?
            if content.hasPrefix("version:") {
                version = QuotedText.unquote(content.dropFirst("version:".count).trimmingBlanks())
            } else if content.hasPrefix("version ") {
                version = QuotedText.unquote(content.dropFirst("version ".count).trimmingBlanks())
            } else {
                continue
            }
            current = nil
            // Berry writes a `__metadata` entry and the workspace itself (`name@workspace:.`).
            guard entry.name != "__metadata", seen.insert(entry.name).inserted else { continue }
            dependencies.append(Dependency(name: entry.name, version: version, location: SourceLocation(path: path, line: entry.line), ecosystem: .npm))
        }
        return dependencies
    }

    /// `@scope/name@^1.0` → `@scope/name`; `name@npm:1.0` → `name`; the workspace root → nil.
    /// Only a scope starts with `@`, so the name ends at the first `@` after the first character.
    static func packageName(_ spec: String) -> String? {
        if spec == "__metadata" { return spec }
        guard let at = spec.dropFirst().firstIndex(of: "@") else { return nil }
        let range = spec[at...]
        if range.hasPrefix("@workspace:") { return nil }
        let name = String(spec[..<at])
        return name.isEmpty ? nil : name
    }
}
