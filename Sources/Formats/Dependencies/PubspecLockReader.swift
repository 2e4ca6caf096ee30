import Support

/// Flutter `pubspec.lock`. It is YAML, but always written by `pub` in one fixed shape (two-space indents,
/// `packages:` → `  name:` → `    version: "1.2.3"`), so it is read line by line: no YAML parser needed.
///
/// Packages from the SDK itself (`source: sdk`: `flutter`, `flutter_test`, `sky_engine`) carry the placeholder
/// `0.0.0` and are left out; instead the `sdks:` section's `flutter: ">=3.22.0"` gives a dependency named
/// `Flutter` whose version is that lower bound (`versionIsMinimum`): the Flutter the app is built with is at
/// least that (a bare `flutter: "3.47.0"` pins it), which the Flutter pod's placeholder `Flutter (1.0.0)` in
/// Podfile.lock cannot say.
package enum PubspecLockReader {
    package static func read(_ text: String, path: String) throws(FormatFailure) -> [Dependency] {
        var dependencies: [Dependency] = []
        var section = ""
        var sawPackages = false
        var current: (name: String, line: Int, source: String?, dev: Bool)?
        for (offset, raw) in text.lineSlices().enumerated() {
            let line = String(raw)
            if line.trimmingBlanks().isEmpty || line.hasPrefix("#") { continue }
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingBlanks()
            if indent == 0 {
                section = content
                sawPackages = sawPackages || section == "packages:"
                current = nil
                continue
            }
            if section == "sdks:", indent == 2, content.hasPrefix("flutter:") {
                let constraint = QuotedText.unquote(content.dropFirst("flutter:".count).trimmingBlanks())
                // A bare version (`flutter: "3.47.0"`) pins the SDK exactly; `>=` gives its least version.
                let exact = DependencyVersion(constraint) != nil
                if let version = exact ? constraint : lowerBound(constraint) {
                    dependencies.append(Dependency(name: "Flutter", version: version, location: SourceLocation(path: path, line: offset + 1),
                                                   ecosystem: .pub, versionIsMinimum: !exact))
                }
                continue
            }
            guard section == "packages:" else { continue }
            if indent == 2 {
                guard content.hasSuffix(":") else {
                    throw FormatFailure(SourceLocation(path: path, line: offset + 1), "expected a package name ending in `:` under packages, found `\(content)`")
                }
                current = (QuotedText.unquote(String(content.dropLast())), offset + 1, nil, false)
            } else if indent == 4, content.hasPrefix("dependency:"), current != nil {
                current?.dev = QuotedText.unquote(content.dropFirst("dependency:".count).trimmingBlanks()) == "direct dev"
            } else if indent == 4, content.hasPrefix("source:"), current != nil {
                current?.source = QuotedText.unquote(content.dropFirst("source:".count).trimmingBlanks())
            } else if indent == 4, content.hasPrefix("version:"), let package = current {
                current = nil
                if package.source == "sdk" { continue }
                let version = QuotedText.unquote(content.dropFirst("version:".count).trimmingBlanks())
                dependencies.append(Dependency(name: package.name, version: version, location: SourceLocation(path: path, line: package.line), ecosystem: .pub,
                                               isDevelopmentOnly: package.dev))
            }
        }
        guard sawPackages else { throw FormatFailure(SourceLocation(path: path), "has no `packages:` section; not a pub lock file") }
        return dependencies
    }

    /// `>=3.22.0 <4.0.0` → `3.22.0`; `>=3.22.0-0.1.pre` → `3.22.0-0.1.pre`; `any` or no `>=` → nil.
    package static func lowerBound(_ constraint: String) -> String? {
        for part in constraint.split(separator: " ") where part.hasPrefix(">=") {
            let version = String(part.dropFirst(2))
            return DependencyVersion(version) == nil ? nil : version
        }
        return nil
    }
}
