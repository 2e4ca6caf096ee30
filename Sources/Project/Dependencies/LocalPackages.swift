import Foundation
import Support
import Formats

/// The packages of a monorepo each app or package depends on by path: pub `path:` dependencies (and the members of a
/// pub `workspace:` named as dependencies), package.json `file:` / `link:` / `workspace:` dependencies and `workspaces`
/// members, SwiftPM `.package(path:)`. Facts:
///
/// - `packages.local.<folder>`: the in-tree package folders the package or app at `<folder>` (`.` for the root)
///   depends on directly (evidence: each declaration). The checks follow them transitively, so a sibling package's
///   code counts for the apps that depend on it, and only for them.
/// - `packages.outside_root`: path dependencies that leave the folder checked (`shipcheck check app/` with
///   `path: ../packages/x`): never read (evidence: each, as written), so what they hold is not judged.
///
/// Nothing is read outside the root: a path that climbs above it is only named.
enum LocalPackages {
    static let maxManifests = 500

    static func facts(files: [ProjectFile]) -> [Fact] {
        let manifests = files.filter { !$0.isVendored && ["pubspec.yaml", "package.json", "Package.swift"].contains($0.fileName) }
            .sorted { $0.path < $1.path }.prefix(maxManifests)
        var texts: [String: String] = [:]
        for file in manifests { if let text = try? InspectedText.read(file) { texts[file.path] = text } }
        let folders = Set(manifests.map { AndroidInspector.folder(of: $0.path) })
        // Package names → folders, for workspace members named as ordinary dependencies.
        var pubNames: [String: String] = [:]
        var npmNames: [String: String] = [:]
        for (path, text) in texts {
            let folder = AndroidInspector.folder(of: path)
            if path.hasSuffix("pubspec.yaml"), let name = yamlName(text) { pubNames[name] = pubNames[name] ?? folder }
            if path.hasSuffix("package.json"), let object = json(text), let name = object["name"] as? String { npmNames[name] = npmNames[name] ?? folder }
        }
        // Workspace members: the folders a root pubspec's `workspace:` or package.json's `workspaces` lists.
        var pubMembers = Set<String>()
        var npmMembers = Set<String>()
        for (path, text) in texts {
            let folder = AndroidInspector.folder(of: path)
            if path.hasSuffix("pubspec.yaml") {
                for member in yamlList(text, key: "workspace") { if let resolved = CrossPlatformPackages.resolve(member, from: folder) { pubMembers.insert(resolved) } }
            } else if path.hasSuffix("package.json"), let object = json(text) {
                let patterns = (object["workspaces"] as? [String]) ?? ((object["workspaces"] as? [String: Any])?["packages"] as? [String]) ?? []
                for pattern in patterns.prefix(50) { npmMembers.formUnion(expand(pattern, from: folder, folders: folders)) }
            }
        }

        var facts: [Fact] = []
        var outside: [Evidence] = []
        var outsideNames: [String] = []
        for (path, text) in texts.sorted(by: { $0.key < $1.key }) {
            let folder = AndroidInspector.folder(of: path)
            var found: [(folder: String, evidence: Evidence)] = []
            func add(_ written: String, name: String, line: Int?) {
                guard let resolved = CrossPlatformPackages.resolve(written, from: folder) else {
                    if outside.count < 20 {
                        outside.append(Evidence(location: SourceLocation(path: path, line: line),
                                                snippet: "\(name): path \(written) leaves the folder checked; not read"))
                    }
                    if !outsideNames.contains(written) { outsideNames.append(written) }
                    return
                }
                guard resolved != folder, !found.contains(where: { $0.folder == resolved }) else { return }
                found.append((resolved, Evidence(location: SourceLocation(path: path, line: line), snippet: "\(name): \(written)")))
            }
            if path.hasSuffix("pubspec.yaml") {
                for dependency in CrossPlatformPackages.pubspecDependencies(text, path: path) {
                    if let local = dependency.localPath {
                        add(local, name: dependency.name, line: dependency.line)
                    } else if let member = pubNames[dependency.name], pubMembers.contains(member) {
                        add(relative(member, from: folder), name: dependency.name, line: dependency.line)
                    }
                }
            } else if path.hasSuffix("package.json"), let object = json(text) {
                let lines = QuotedText.quotedStringLines(in: text)
                let dependencies = (object["dependencies"] as? [String: Any]) ?? [:]
                for (name, value) in dependencies.sorted(by: { $0.key < $1.key }) {
                    guard let spec = value as? String else { continue }
                    if let written = ["file:", "link:"].lazy.compactMap({ spec.hasPrefix($0) ? String(spec.dropFirst($0.count)) : nil }).first {
                        add(written, name: name, line: lines["\"\(name)\""])
                    } else if let member = npmNames[name], npmMembers.contains(member) || spec.hasPrefix("workspace:") {
                        add(relative(member, from: folder), name: name, line: lines["\"\(name)\""])
                    }
                }
            } else {
                for (written, line) in swiftPackagePaths(text) { add(written, name: written, line: line) }
            }
            guard !found.isEmpty else { continue }
            facts.append(Fact(name: "packages.local." + (folder.isEmpty ? "." : folder), value: .list(found.map(\.folder)), source: .detected,
                              evidence: found.map(\.evidence)))
        }
        if !outside.isEmpty {
            facts.append(Fact(name: "packages.outside_root", value: .list(outsideNames), source: .detected, evidence: outside))
        }
        return facts
    }

    /// The path dependencies outside the root as a not-checked input (their code is never read), from the facts above.
    static func coverage(_ facts: [Fact]) -> [CoverageGap] {
        guard let outside = facts.first(where: { $0.name == "packages.outside_root" }), case .list(let names) = outside.value else { return [] }
        return [CoverageGap(.localPackages, subjects: names, evidence: outside.evidence)]
    }

    /// `target` as a path relative to `folder` (both under the root).
    static func relative(_ target: String, from folder: String) -> String {
        let from = folder.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...].map(String.init)).joined(separator: "/")
    }

    /// `packages/*` → every folder directly under `packages` that has a manifest; a plain path → itself.
    static func expand(_ pattern: String, from folder: String, folders: Set<String>) -> [String] {
        if pattern.hasSuffix("/*") || pattern.hasSuffix("/**") {
            let base = pattern.hasSuffix("/**") ? String(pattern.dropLast(3)) : String(pattern.dropLast(2))
            guard let resolved = CrossPlatformPackages.resolve(base, from: folder) else { return [] }
            return folders.filter { $0.hasPrefix(resolved + "/") && (pattern.hasSuffix("/**") || !$0.dropFirst(resolved.count + 1).contains("/")) }.sorted()
        }
        guard !pattern.contains("*"), let resolved = CrossPlatformPackages.resolve(pattern, from: folder) else { return [] }
        return [resolved]
    }

    static func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    /// A pubspec's top-level `name:`.
    static func yamlName(_ text: String) -> String? {
        for line in text.split(separator: "\n").prefix(200) where line.hasPrefix("name:") {
            let value = line.dropFirst("name:".count).split(separator: "#").first?.trimmingBlanks() ?? ""
            return value.isEmpty ? nil : VersionCatalog.unquote(value)
        }
        return nil
    }

    /// A top-level block list (`workspace:` then `  - app`).
    static func yamlList(_ text: String, key: String) -> [String] {
        var items: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where items.count < 200 {
            if line.hasPrefix(key + ":") { inside = true; continue }
            guard inside else { continue }
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard line.first == " " || line.first == "-", trimmed.hasPrefix("- ") else { break }
            items.append(VersionCatalog.unquote(trimmed.dropFirst(2).split(separator: "#").first?.trimmingBlanks() ?? ""))
        }
        return items
    }

    /// `.package(path: "../Core")` and `.package(name: "Core", path: "../Core")` literals, with their lines.
    static func swiftPackagePaths(_ text: String) -> [(String, Int)] {
        var found: [(String, Int)] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where found.count < 100 {
            guard line.contains(".package("), !line.trimmingBlanks().hasPrefix("//"), let range = line.range(of: "path:") else { continue }
            let rest = line[range.upperBound...].drop { $0 == " " }
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { continue }
            found.append((String(rest[rest.index(after: rest.startIndex)..<close]), offset + 1))
        }
        return found
    }
}

/// The `packages.local.*` facts as a graph: which in-tree package folders an app folder depends on, directly or
/// through other local packages.
public struct LocalPackageGraph: Sendable {
    /// Folder (`""` for the root) → the package folders it depends on directly.
    public let edges: [String: [String]]

    public init(facts: FactStore) {
        var edges: [String: [String]] = [:]
        for fact in facts.facts(withPrefix: "packages.local.") {
            guard case .list(let folders) = fact.value else { continue }
            let folder = String(fact.name.dropFirst("packages.local.".count))
            edges[folder == "." ? "" : folder] = folders
        }
        self.edges = edges
    }

    public var isEmpty: Bool { edges.isEmpty }

    /// Every package folder `folder` depends on, transitively (bounded: 1,000 folders).
    public func closure(of folder: String) -> Set<String> {
        var seen = Set<String>()
        var queue = edges[folder] ?? []
        while let next = queue.popLast(), seen.count < 1_000 {
            guard seen.insert(next).inserted else { continue }
            queue += edges[next] ?? []
        }
        return seen
    }

    /// Whether `path` lies in one of `folders`.
    public static func path(_ path: String, isIn folders: Set<String>) -> Bool {
        folders.contains { TreePath.isInside(path, $0) }
    }
}
