
/// Exact pins in a `Package.swift` manifest: `.package(url: "…/Name.git", exact: "1.2.3")` and the older
/// `.package(url: "…", .exact("1.2.3"))`. Read only when the project holds no `Package.resolved` (the
/// inspector decides): an exact pin is then the version SwiftPM resolves, and ranges (`from:`, `"1.0"..<"2.0"`)
/// say nothing exact, so they are not reported. The manifest is Swift and is never run; this is a text scan,
/// bounded to the first 4,000 `.package(` calls and 600 bytes per call.
package enum PackageSwiftPinReader {
    package static func read(_ text: String, path: String) -> [Dependency] {
        var dependencies: [Dependency] = []
        let bytes = Array(text.utf8)
        let needle = Array(".package(".utf8)
        var line = 1
        var index = 0
        var calls = 0
        while index + needle.count <= bytes.count, calls < 4_000 {
            if bytes[index] == UInt8(ascii: "\n") { line += 1; index += 1; continue }
            guard bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle else { index += 1; continue }
            calls += 1
            // The call's text up to its closing parenthesis (nesting counted), at most 600 bytes.
            var depth = 0
            var end = index + needle.count - 1
            while end < bytes.count, end - index < 600 {
                if bytes[end] == UInt8(ascii: "(") { depth += 1 }
                if bytes[end] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                end += 1
            }
            let call = String(decoding: bytes[index..<min(end + 1, bytes.count)], as: UTF8.self)
            if let url = quoted(after: "url:", in: call), let version = quoted(after: "exact:", in: call) ?? quoted(after: ".exact(", in: call) {
                dependencies.append(Dependency(name: PackageResolvedReader.repositoryName(url), version: version,
                                               location: SourceLocation(path: path, line: line), ecosystem: .swiftpm))
            }
            index += needle.count
        }
        return dependencies
    }

    /// The first string literal after `label` in `text`: `url: "https://…"` → `https://…`.
    static func quoted(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard rest.first == "\"" else { return nil }
        let body = rest.dropFirst()
        guard let close = body.firstIndex(of: "\"") else { return nil }
        let value = String(body[..<close])
        return value.isEmpty ? nil : value
    }
}
