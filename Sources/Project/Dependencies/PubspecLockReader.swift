/// Flutter `pubspec.lock`. It is YAML, but always written by `pub` in one fixed shape (two-space indents,
/// `packages:` → `  name:` → `    version: "1.2.3"`), so it is read line by line: no YAML parser needed.
enum PubspecLockReader {
    static func read(_ text: String, path: String) throws(InspectedText.Failure) -> [Dependency] {
        var dependencies: [Dependency] = []
        var inPackages = false
        var sawPackages = false
        var current: (name: String, line: Int)?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            if indent == 0 {
                inPackages = content == "packages:"
                sawPackages = sawPackages || inPackages
                current = nil
                continue
            }
            guard inPackages else { continue }
            if indent == 2 {
                guard content.hasSuffix(":") else {
                    throw InspectedText.Failure(SourceLocation(path: path, line: offset + 1), "expected a package name ending in `:` under packages, found `\(content)`")
                }
                current = (VersionCatalog.unquote(String(content.dropLast())), offset + 1)
            } else if indent == 4, content.hasPrefix("version:"), let package = current {
                let version = VersionCatalog.unquote(content.dropFirst("version:".count).trimmingCharacters(in: .whitespaces))
                dependencies.append(Dependency(name: package.name, version: version, location: SourceLocation(path: path, line: package.line), ecosystem: .pub))
                current = nil
            }
        }
        guard sawPackages else { throw InspectedText.Failure(SourceLocation(path: path), "has no `packages:` section; not a pub lock file") }
        return dependencies
    }
}
