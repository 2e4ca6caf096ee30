import Foundation
import YAML
import Support
import Formats

/// The versionCodes F-Droid builds, from the build recipes a repository keeps: `.fdroid.yml` (fdroidserver's
/// in-repo metadata) and fdroiddata-style `metadata/<applicationId>.yml`, each a `Builds:` list of
/// `versionCode:` entries. fdroidserver's update.py (insert_localized_app_metadata) sets the note
/// `changelogs/<versionCode>.txt` of every build listed there as that build's What's New, cut at 500 characters,
/// besides `<CurrentVersionCode>.txt` (else `default.txt`) as the app's; so each of these notes is published.
///
/// Fact: `fdroid.build_version_codes` (list, ascending), evidence at each recipe's `Builds:` line.
enum FDroidBuildRecipes {
    static let maxBytes = 512 * 1024
    static let maxBuilds = 2000

    static func facts(files: [ProjectFile]) -> [Fact] {
        var codes = Set<Int>()
        var evidence: [Evidence] = []
        for file in files where !file.isVendored && isRecipe(file) && file.size <= maxBytes {
            guard let bytes = try? FileBytes.read(file, limit: maxBytes),
                  let text = String(bytes: bytes, encoding: .utf8),
                  let root = try? YAMLParser.parse(text, file: file.path),
                  let builds = root["Builds"]?.sequence else { continue }
            let found = builds.prefix(maxBuilds).compactMap { $0["versionCode"]?.scalar.flatMap { Int($0) } }
            guard !found.isEmpty else { continue }
            codes.formUnion(found)
            let line = text.lineSlices().firstIndex { $0.hasPrefix("Builds:") }.map { $0 + 1 }
            evidence.append(Evidence(location: SourceLocation(path: file.path, line: line),
                                     snippet: "Builds: versionCode \(found.map(String.init).joined(separator: ", "))"))
        }
        guard !codes.isEmpty else { return [] }
        return [Fact(name: "fdroid.build_version_codes", value: .list(codes.sorted().map(String.init)), source: .detected, evidence: evidence)]
    }

    /// `.fdroid.yml` anywhere outside dependencies, or `metadata/<applicationId>.yml` (a dotted name, as fdroiddata's).
    static func isRecipe(_ file: ProjectFile) -> Bool {
        let name = file.fileName
        if name == ".fdroid.yml" || name == ".fdroid.yaml" { return true }
        // Asked of every file: the name first, then only the folder above it (not a split of the whole path).
        guard name.hasSuffix(".yml") else { return false }
        let parts = PathComponents.last(2, of: file.path)
        guard parts.count == 2, parts[1] == "metadata" else { return false }
        return name.dropLast(4).split(separator: ".").count >= 2
    }
}
