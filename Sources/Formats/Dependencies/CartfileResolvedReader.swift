import Support

/// `Cartfile.resolved`: `github "owner/Name" "v1.2"`, `git "url" "ref"`, `binary "url" "1.0"`.
package enum CartfileResolvedReader {
    package static func read(_ text: String, path: String) throws(FormatFailure) -> [Dependency] {
        var dependencies: [Dependency] = []
        for (offset, raw) in text.lineSlices().enumerated() {
            let line = raw.trimmingBlanks()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = quotedParts(line)
            guard let kind = line.split(separator: " ").first, ["github", "git", "binary"].contains(kind), parts.count == 2 else {
                throw FormatFailure(SourceLocation(path: path, line: offset + 1), "expected `github|git|binary \"source\" \"version\"`, found `\(line)`")
            }
            var name = PackageResolvedReader.repositoryName(parts[0])
            if name.hasSuffix(".json") { name.removeLast(5) }
            dependencies.append(Dependency(name: name, version: parts[1], location: SourceLocation(path: path, line: offset + 1), ecosystem: .carthage))
        }
        return dependencies
    }

    private static func quotedParts(_ line: String) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
