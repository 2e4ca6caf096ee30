import Support

/// Swift package requirements written in a project.pbxproj (`XCRemoteSwiftPackageReference`): what Xcode resolves
/// when no `Package.resolved` is committed for the project (the inspector decides). An `exactVersion` is the
/// version that ships; `upToNextMajorVersion`, `upToNextMinorVersion` and `versionRange` give only the lowest
/// version that may resolve (`versionIsMinimum`, with the exclusive upper bound the range allows); a `branch` or a
/// `revision` gives no version. A text scan of each reference's block (at most 2,000 references, 1,500 bytes
/// each): the project is also parsed by the Apple inspector, but dependencies are read beside it, not after it.
package enum PBXProjPackageReader {
    package static func read(_ text: String, path: String) -> [Dependency] {
        var dependencies: [Dependency] = []
        let bytes = Array(text.utf8)
        let needle = Array("isa = XCRemoteSwiftPackageReference;".utf8)
        var line = 1
        var index = 0
        var blockLine = 1
        while index + needle.count <= bytes.count, dependencies.count < 2_000 {
            if bytes[index] == UInt8(ascii: "\n") { line += 1; index += 1; continue }
            guard bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) else { index += 1; continue }
            blockLine = line
            // The block runs to the `};` that closes the reference: the requirement's own `};` comes first.
            let end = min(bytes.count, index + 1_500)
            let block = String(decoding: bytes[index..<end], as: UTF8.self)
            let body = closedBlock(block)
            index += needle.count
            guard let url = value(of: "repositoryURL", in: body) else { continue }
            let urlLine = blockLine + (body.range(of: "repositoryURL").map { body[..<$0.lowerBound].filter { $0 == "\n" }.count } ?? 0)
            let name = PackageResolvedReader.repositoryName(url)
            guard !name.isEmpty else { continue }
            let kind = value(of: "kind", in: body)
            let location = SourceLocation(path: path, line: urlLine)
            switch kind {
            case "exactVersion":
                dependencies.append(Dependency(name: name, version: value(of: "version", in: body), location: location, ecosystem: .swiftpm))
            case "upToNextMajorVersion", "upToNextMinorVersion", "versionRange":
                let minimum = value(of: "minimumVersion", in: body)
                var below: String?
                if kind == "versionRange" {
                    below = value(of: "maximumVersion", in: body)
                } else if let minimum, let parsed = DependencyVersion(minimum), let major = parsed.parts.first {
                    below = kind == "upToNextMajorVersion" ? "\(major + 1).0.0" : "\(major).\((parsed.parts.dropFirst().first ?? 0) + 1).0"
                }
                dependencies.append(Dependency(name: name, version: minimum, location: location, ecosystem: .swiftpm,
                                               versionIsMinimum: true, versionBelow: below))
            default:
                // A branch or a revision: the commit that resolves has no version to compare.
                dependencies.append(Dependency(name: name, version: nil, location: location, ecosystem: .swiftpm))
            }
        }
        return dependencies
    }

    /// The text up to the `};` that closes the reference (nesting counted from the requirement's `{`).
    static func closedBlock(_ text: String) -> Substring {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if c == "{" { depth += 1 }
            if c == "}" {
                if depth == 0 { return text[..<index] }
                depth -= 1
            }
            index = text.index(after: index)
        }
        return text[...]
    }

    /// `key = value;` or `key = "value";` in a block: the first one.
    static func value(of key: String, in block: Substring) -> String? {
        var search = block.startIndex..<block.endIndex
        while let found = block.range(of: key, range: search) {
            search = found.upperBound..<block.endIndex
            let before = found.lowerBound == block.startIndex ? " " : block[block.index(before: found.lowerBound)]
            guard before == " " || before == "\t" || before == "\n" || before == "{" || before == ";" else { continue }
            var rest = block[found.upperBound...].drop { $0 == " " || $0 == "\t" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            let value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else { return nil }
                value = body[..<close]
            } else {
                value = rest.prefix { $0 != ";" && $0 != "\n" }
            }
            let trimmed = value.trimmingBlanks()
            return trimmed.isEmpty ? nil : trimmed
        }
        return nil
    }
}
