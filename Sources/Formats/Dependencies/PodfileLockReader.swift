import Support

/// `Podfile.lock` (and its copy `Pods/Manifest.lock`): the `PODS:` section lists every pod as
/// `  - Name (1.2.3)` or `  - Name/Subspec (1.2.3):`; nested lines are its own dependencies.
package enum PodfileLockReader {
    package static func read(_ text: String, path: String) throws(FormatFailure) -> [Dependency] {
        var dependencies: [Dependency] = []
        var seen = Set<String>()
        var inPods = false
        var sawPods = false
        for (offset, raw) in text.lineSlices().enumerated() {
            let line = String(raw)
            if !line.hasPrefix(" ") && !line.isEmpty {
                inPods = line.trimmingBlanks() == "PODS:"
                sawPods = sawPods || inPods
                continue
            }
            guard inPods, line.hasPrefix("  - ") else { continue }
            var entry = line.dropFirst(4).trimmingBlanks()
            if entry.hasSuffix(":") { entry.removeLast() }
            entry = QuotedText.unquote(entry)
            guard let open = entry.firstIndex(of: "("), entry.hasSuffix(")") else {
                throw FormatFailure(SourceLocation(path: path, line: offset + 1), "expected `- Name (version)` in PODS, found `\(entry)`")
            }
            let fullName = entry[..<open].trimmingBlanks()
            let version = String(entry[entry.index(after: open)..<entry.index(before: entry.endIndex)])
            let name = String(fullName.split(separator: "/").first ?? Substring(fullName))
            guard !name.isEmpty, seen.insert(name).inserted else { continue }
            dependencies.append(Dependency(name: name, version: version, location: SourceLocation(path: path, line: offset + 1), ecosystem: .cocoapods))
        }
        guard sawPods else { throw FormatFailure(SourceLocation(path: path), "has no PODS: section; not a CocoaPods lock file") }
        return dependencies
    }
}
