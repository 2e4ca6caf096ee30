import Foundation
import Support

/// A `settings.gradle(.kts)`: the modules a build includes and the folders they live in.
///
/// Reads `include(":app")`, `include ':a', ':b'`, `include(":a", ":b")` (also spread over lines), and
/// `project(":x").projectDir = file("path")` overrides written as literals. A computed include
/// (`include(*modules.toTypedArray())`) is not followed: `hasComputedIncludes` says so, and the
/// inspector then falls back to every build script under the settings file's folder.
package struct GradleSettings: Sendable, Equatable {
    package struct Module: Sendable, Equatable {
        /// The Gradle path as written (`:app`, `:common:android`).
        package let path: String
        /// The folder relative to the settings file's folder (`app`, `common/android`).
        package var folder: String
        package let line: Int
    }

    package var modules: [Module] = []
    /// Builds pulled in with `includeBuild("build-logic")` (folders relative to the settings file).
    package var includedBuilds: [String] = []
    /// Version catalogs declared under a name with `versionCatalogs { create("mihonx") { from(files("gradle/x.toml")) } }`:
    /// name → file, relative to the settings file's folder.
    package var catalogs: [String: String] = [:]
    package var hasComputedIncludes = false
    /// A `projectDir` set from a computed value (`project(":${child.name}").projectDir = child`): the
    /// folder of a module cannot be read from its Gradle path.
    package var computedProjectDirLine: Int?
    /// The first line of a computed include, for the facts.
    package var computedIncludeLine: Int?

    package static func parse(_ text: String) -> GradleSettings {
        var settings = GradleSettings()
        var overrides: [String: String] = [:]
        for statement in GradleStatements.split(text).statements {
            let line = statement.text
            // `include(…)`, `include ':a'`; not `includeBuild` nor `includeGroupByRegex(…)` of a repository filter.
            if line.hasPrefix("include"), let next = line.dropFirst("include".count).first, next == "(" || next == " " || next == "'" || next == "\"" {
                let arguments = line.dropFirst("include".count)
                let paths = quoted(in: String(arguments))
                if paths.isEmpty || arguments.contains("*") || arguments.contains("$") {
                    settings.hasComputedIncludes = true
                    settings.computedIncludeLine = settings.computedIncludeLine ?? statement.line
                }
                for path in paths where !path.contains("$") {
                    let normalized = path.hasPrefix(":") ? path : ":" + path
                    settings.modules.append(Module(path: normalized, folder: folder(forPath: normalized), line: statement.line))
                }
            } else if line.hasPrefix("from"), statement.blocks.dropLast().last == "versionCatalogs", let name = statement.blocks.last,
                      GradleScript.isIdentifier(name), line.contains("files("), let file = quoted(in: line).first, file.hasSuffix(".toml") {
                settings.catalogs[name] = file
            } else if line.hasPrefix("includeBuild") {
                settings.includedBuilds += quoted(in: line).prefix(1)
            } else if let groups = GradleScript.captures(projectDirPattern, line) {
                overrides[groups[0].hasPrefix(":") ? groups[0] : ":" + groups[0]] = groups[1]
            } else if line.contains(".projectDir") && line.contains("=") && !line.contains("==") {
                settings.computedProjectDirLine = settings.computedProjectDirLine ?? statement.line
            }
        }
        for index in settings.modules.indices {
            if let folder = overrides[settings.modules[index].path] {
                settings.modules[index].folder = normalize(folder)
            }
        }
        return settings
    }

    /// `:common:android` → `common/android`.
    package static func folder(forPath path: String) -> String {
        path.split(separator: ":").joined(separator: "/")
    }

    /// `project(":x").projectDir = file("libs/x")` or `= new File(rootDir, "libs/x")`.
    private static let projectDirPattern = try! NSRegularExpression(pattern:
        #"^project\s*\(\s*["']([\w\-:.]+)["']\s*\)\s*\.projectDir\s*=\s*(?:file\s*\(\s*|new\s+File\s*\(\s*(?:rootDir|settingsDir|rootProject\.projectDir)\s*,\s*|File\s*\(\s*(?:rootDir|settingsDir)\s*,\s*)["']([^"'$]+)["']\s*\)$"#)

    /// Every single- or double-quoted literal in `text`.
    package static func quoted(in text: String) -> [String] {
        var result: [String] = []
        var current: String?
        var quote: Character = "\""
        for character in text {
            if var open = current {
                if character == quote {
                    result.append(open)
                    current = nil
                } else {
                    open.append(character)
                    current = open
                }
            } else if character == "\"" || character == "'" {
                quote = character
                current = ""
            }
        }
        return result
    }

    /// `./a/b/` → `a/b`; `..` segments are kept, the caller decides what they mean.
    package static func normalize(_ folder: String) -> String {
        folder.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
    }
}
