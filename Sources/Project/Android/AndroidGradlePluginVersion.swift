import Foundation
import Formats

/// The Android Gradle Plugin version a build applies, read where Gradle takes it from: a version catalog's plugin
/// entry for a `com.android.*` plugin (`version.ref = "agp"`) or its `com.android.tools.build:gradle` library (what a
/// build-logic module puts on its classpath), a `plugins { id("com.android.application") version "…" }` line (in a
/// build or settings script), and a `buildscript` classpath `com.android.tools.build:gradle:X` (a literal, or a
/// `$name` the script's ext values or gradle.properties give). One build has one AGP on its classpath, so every
/// place found should agree; the caller decides what a disagreement means.
struct AndroidGradlePluginVersion: Sendable, Equatable {
    let version: DependencyVersion
    let path: String
    let line: Int
    /// How it reads (`agp = "9.1.0"`), for the evidence.
    let how: String

    private static let pluginPattern = try! NSRegularExpression(
        pattern: #"id\s*\(?\s*["']com\.android\.[A-Za-z.-]+["']\s*\)?\s*version\s*\(?\s*["']([^"']+)["']"#)
    private static let classpathPattern = try! NSRegularExpression(pattern: #"com\.android\.tools\.build:gradle:([^"'\s)]+)"#)

    /// Versions a build script or settings script names, line by line; `resolve` reads a `$name` / `${name}` reference.
    static func inScript(lines: [Substring], path: String, resolve: (String) -> String?) -> [AndroidGradlePluginVersion] {
        var found: [AndroidGradlePluginVersion] = []
        for (index, line) in lines.enumerated() where line.contains("com.android") {
            let text = String(line)
            let range = NSRange(text.startIndex..., in: text)
            for pattern in [pluginPattern, classpathPattern] {
                guard let match = pattern.firstMatch(in: text, range: range), let group = Range(match.range(at: 1), in: text) else { continue }
                var written = String(text[group])
                if written.hasPrefix("$") {
                    let name = written.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "{}"))
                    guard let value = resolve(name) else { continue }
                    written = value
                }
                if let version = DependencyVersion(written), version.parts.first.map({ $0 >= 1 }) == true {
                    found.append(AndroidGradlePluginVersion(version: version, path: path, line: index + 1,
                                                            how: text.trimmingCharacters(in: .whitespaces)))
                }
            }
        }
        return found
    }

    /// Versions a version catalog gives AGP: its `com.android.*` plugins and its `com.android.tools.build:gradle` library.
    static func inCatalog(_ catalog: VersionCatalog, path: String) -> [AndroidGradlePluginVersion] {
        var found: [AndroidGradlePluginVersion] = []
        for (id, entry) in catalog.pluginVersions.sorted(by: { $0.key < $1.key }) where id.hasPrefix("com.android.") {
            if let version = DependencyVersion(entry.value) {
                found.append(AndroidGradlePluginVersion(version: version, path: path, line: entry.line, how: "plugin \(id) version \(entry.value)"))
            }
        }
        for library in catalog.libraries where library.module == "com.android.tools.build:gradle" {
            if let written = library.version, let version = DependencyVersion(written) {
                found.append(AndroidGradlePluginVersion(version: version, path: path, line: library.line, how: "com.android.tools.build:gradle:\(written)"))
            }
        }
        return found
    }
}

extension AndroidInspector.GradleWorkspace {
    /// Every AGP version the build of the module at `moduleFolder` names: the catalogs, build scripts and settings
    /// scripts of its folder and the folders above it (where the root build, the settings and `gradle/` are).
    func androidGradlePluginVersions(moduleFolder: String) -> [AndroidGradlePluginVersion] {
        var found: [AndroidGradlePluginVersion] = []
        for folder in AndroidInspector.ancestorFolders(of: moduleFolder) {
            if let catalog = catalogsByFolder[folder] { found += AndroidGradlePluginVersion.inCatalog(catalog.catalog, path: catalog.path) }
            for name in ["settings.gradle.kts", "settings.gradle", "build.gradle.kts", "build.gradle"] {
                let path = AndroidInspector.join(folder, name)
                guard let lines = texts[path] else { continue }
                let resolver = resolver(forModule: folder, file: path, locals: [])
                found += AndroidGradlePluginVersion.inScript(lines: lines, path: path) { name in resolver.resolve(name)?.value }
            }
        }
        return found
    }
}
