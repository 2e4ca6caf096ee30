import Formats

/// Dependencies declared in Gradle: `implementation("g:a:v")` / `implementation 'g:a:v'` in build scripts
/// (test-only configurations and `buildscript` classpath excluded), and every `[libraries]` entry of a
/// version catalog, where `libs.x.y` references point. Catalog entries are taken from the catalog itself,
/// so a `libs.…` reference in a script adds nothing twice.
enum GradleDependencyReader {
    static func read(script: GradleScript, path: String) -> [Dependency] {
        script.dependencies.compactMap { declaration in
            guard !declaration.notation.hasPrefix("libs.") else { return nil }
            let parts = declaration.notation.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
            var version = parts.count > 2 ? parts[2] : nil
            if let text = version, text.isEmpty || text.contains("$") { version = nil }
            if let text = version, let at = text.firstIndex(of: "@") { version = String(text[..<at]) }
            return Dependency(name: parts[0] + ":" + parts[1], version: version, location: SourceLocation(path: path, line: declaration.line), ecosystem: .gradle)
        }
    }

    static func read(catalog: VersionCatalog, path: String) -> [Dependency] {
        catalog.libraries.map { library in
            Dependency(name: library.module, version: library.version, location: SourceLocation(path: path, line: library.line), ecosystem: .gradle)
        }
    }
}
