import Foundation
import YAML
import Support
import Formats

/// The packages a Flutter or React Native app's Android build merges manifests from, beside the Gradle modules:
/// Flutter plugins (`pubspec.yaml` / `pubspec.lock`, the lock at the app or at its pub workspace's root) and React
/// Native native modules (`package.json` dependencies). Each is one of:
///
/// - **in the tree** (a pub `path:` dependency, an npm `file:` / `link:` dependency, a workspace member): its
///   `android/src/main/AndroidManifest.xml`, when the tree has one, is merged like an in-repo library's;
/// - **known** (a row of the checklists' `kind: plugin_manifests` table, each with its source): the permissions its
///   published manifest adds are merged, placed at the package's line in the lock file (or package.json);
/// - **unseen** (from pub.dev, git or npm, not in the table): its manifest may add permissions shipcheck cannot see;
/// - **outside the root** (a path dependency that leaves the folder checked): never read, and said so.
///
/// Nothing outside the root is read; paths are resolved and refused when they climb above it.
struct CrossPlatformPackages: Sendable {
    enum Framework: String, Sendable { case flutter = "Flutter", reactNative = "React Native" }

    struct Package: Sendable {
        let name: String
        let version: String?
        /// Where the app's lock file or manifest lists it.
        let path: String
        let line: Int?
        /// The package's folder under the root, for a path dependency that stays inside it.
        var folder: String?
        var direct: Bool
    }

    /// A `kind: plugin_manifests` row: `{ package: flutter_foreground_task, ecosystem: pub, permissions: [...], source: "…" }`.
    struct KnownManifest: Sendable {
        let package: String
        let ecosystem: String
        let permissions: [String]
        let source: String

        static func rows(_ tables: [SymbolTableSource]) -> [KnownManifest] {
            tables.flatMap { table in
                (table.value.sequence ?? []).compactMap { node -> KnownManifest? in
                    guard let package = node["package"]?.scalar, let ecosystem = node["ecosystem"]?.scalar,
                          let source = node["source"]?.scalar else { return nil }
                    let permissions = (node["permissions"]?.sequence ?? []).compactMap(\.scalar).map { name in
                        name.contains(".") ? name : "android.permission." + name
                    }
                    return KnownManifest(package: package, ecosystem: ecosystem, permissions: permissions, source: source)
                }
            }
        }
    }

    let framework: Framework
    /// The app's folder (where pubspec.yaml / package.json is).
    let appFolder: String
    /// The file that lists the packages (pubspec.lock, else pubspec.yaml; package.json).
    let listedIn: String
    var inTree: [Package] = []
    var known: [(package: Package, row: KnownManifest)] = []
    var unseen: [Package] = []
    var outsideRoot: [(package: Package, written: String)] = []
    /// The in-tree packages' manifests merged (set by `manifests(inTreeManifests:)`'s caller).
    var mergedInTree: [String] = []

    static let maxPackages = 2_000

    /// The cross-platform app an Android module belongs to: the nearest folder above it with a `pubspec.yaml`
    /// (Flutter: `app/android/app` → `app`), else with a `package.json` that names react-native.
    /// `members` gives the in-tree package names of a manifest kind (`pubspec.yaml`, `package.json`): see `members(_:files:read:)`;
    /// the caller computes each once per inspection.
    static func find(module: String, files: [String: ProjectFile], read: (ProjectFile) -> String?,
                     members: (String) -> [String: String], table: [KnownManifest]) -> CrossPlatformPackages? {
        for folder in AndroidInspector.ancestorFolders(of: module).dropFirst() {
            if let pubspec = files[AndroidInspector.join(folder, "pubspec.yaml")], let text = read(pubspec) {
                return flutter(folder: folder, pubspec: (pubspec.path, text), files: files, read: read, members: members, table: table)
            }
            if let manifest = files[AndroidInspector.join(folder, "package.json")], let text = read(manifest), text.contains("\"react-native\"") {
                return reactNative(folder: folder, manifest: (manifest.path, text), members: members("package.json"), table: table)
            }
        }
        return nil
    }

    // MARK: Flutter

    static func flutter(folder: String, pubspec: (path: String, text: String), files: [String: ProjectFile],
                        read: (ProjectFile) -> String?, members: (String) -> [String: String], table: [KnownManifest]) -> CrossPlatformPackages {
        let direct = pubspecDependencies(pubspec.text, path: pubspec.path)
        // The lock beside the pubspec, else, for a pub workspace member (`resolution: workspace`), the workspace root's.
        let isMember = pubspec.text.split(separator: "\n").contains { $0.trimmingBlanks().hasPrefix("resolution: workspace") }
        let lock = (isMember ? AndroidInspector.ancestorFolders(of: folder) : [folder]).lazy
            .compactMap { files[AndroidInspector.join($0, "pubspec.lock")] }.first
        var result = CrossPlatformPackages(framework: .flutter, appFolder: folder, listedIn: lock?.path ?? pubspec.path)
        var packages: [Package] = []
        if let lock, let text = read(lock) {
            let lockFolder = AndroidInspector.folder(of: lock.path)
            // Dev dependencies (build_runner, test) never ship.
            for entry in lockEntries(text).prefix(maxPackages) where entry.source != "sdk" && entry.dependency != "direct dev" {
                var package = Package(name: entry.name, version: entry.version, path: lock.path, line: entry.line,
                                      direct: direct.contains { $0.name == entry.name })
                if entry.source == "path" {
                    guard let written = entry.path else { continue }
                    guard let resolved = resolve(written, from: lockFolder) else {
                        result.outsideRoot.append((package, written))
                        continue
                    }
                    package.folder = resolved
                }
                packages.append(package)
            }
        } else {
            for dependency in direct.prefix(maxPackages) {
                var package = Package(name: dependency.name, version: dependency.version, path: pubspec.path, line: dependency.line, direct: true)
                if let written = dependency.localPath {
                    guard let resolved = resolve(written, from: folder) else {
                        result.outsideRoot.append((package, written))
                        continue
                    }
                    package.folder = resolved
                }
                packages.append(package)
            }
        }
        // Path dependencies of the pubspecs in the tree (the app's, then each path package's): a pub workspace's
        // members are not in its lock. Bounded: 64 pubspecs.
        var queue: [(folder: String, text: String, path: String)] = [(folder, pubspec.text, pubspec.path)]
        var visited: Set<String> = [folder]
        while !queue.isEmpty && visited.count <= 64 {
            let current = queue.removeFirst()
            let dependencies = current.folder == folder ? direct : pubspecDependencies(current.text, path: current.path)
            for dependency in dependencies {
                guard let written = dependency.localPath else { continue }
                let package = Package(name: dependency.name, version: dependency.version, path: current.path, line: dependency.line, folder: nil,
                                      direct: current.folder == folder)
                guard let resolved = resolve(written, from: current.folder) else {
                    if !result.outsideRoot.contains(where: { $0.package.name == dependency.name }) { result.outsideRoot.append((package, written)) }
                    continue
                }
                guard !visited.contains(resolved) else { continue }
                visited.insert(resolved)
                if let index = packages.firstIndex(where: { $0.name == dependency.name }) {
                    packages[index].folder = packages[index].folder ?? resolved
                } else {
                    var added = package
                    added.folder = resolved
                    packages.append(added)
                }
                let nested = AndroidInspector.join(resolved, "pubspec.yaml")
                if let file = files[nested], let text = read(file) { queue.append((resolved, text, nested)) }
            }
        }
        // A pub workspace's member named by a version resolves to the member (workspace members are not in the lock).
        let unlisted = direct.filter { dependency in dependency.localPath == nil && !packages.contains { $0.name == dependency.name } }
        let named = unlisted.isEmpty ? [:] : members("pubspec.yaml")
        for dependency in unlisted {
            guard let member = named[dependency.name], member != folder else { continue }
            packages.append(Package(name: dependency.name, version: dependency.version, path: pubspec.path, line: dependency.line, folder: member, direct: true))
        }
        // A workspace's own members are path packages too: the app itself is not one of its plugins.
        result.classify(packages.filter { $0.folder != folder }, ecosystem: "pub", table: table)
        return result
    }

    /// `dependencies:` of a pubspec.yaml (not dev_dependencies: they never ship), with `path:` dependencies, then the
    /// `dependency_overrides:` that point at a path (the override is what the app builds with).
    static func pubspecDependencies(_ text: String, path: String) -> [(name: String, version: String?, localPath: String?, line: Int)] {
        guard let root = try? YAMLParser.parse(text, file: path, limits: YAMLLimits(maxDepth: 32, maxNodes: 50_000, maxBytes: 1 << 20)) else { return [] }
        func local(_ node: Node) -> String? { node["path"]?.scalar.flatMap { node["git"] == nil ? $0 : nil } }
        var found: [(name: String, version: String?, localPath: String?, line: Int)] = []
        for pair in (root["dependencies"]?.mapping ?? []).prefix(maxPackages) {
            guard let name = pair.key.scalar, name != "flutter", pair.value["sdk"] == nil else { continue }
            found.append((name, pair.value.scalar, local(pair.value), pair.key.mark.line))
        }
        for pair in (root["dependency_overrides"]?.mapping ?? []).prefix(maxPackages) {
            guard let name = pair.key.scalar, let written = local(pair.value) else { continue }
            if let index = found.firstIndex(where: { $0.name == name }) {
                found[index].localPath = written
            } else {
                found.append((name, nil, written, pair.key.mark.line))
            }
        }
        return found
    }

    /// pubspec.lock's packages: name, `source` (hosted, git, path, sdk), version, a path package's `path`.
    static func lockEntries(_ text: String) -> [(name: String, source: String?, version: String?, path: String?, dependency: String?, line: Int)] {
        var entries: [(name: String, source: String?, version: String?, path: String?, dependency: String?, line: Int)] = []
        var inPackages = false
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where entries.count <= maxPackages {
            let indent = raw.prefix { $0 == " " }.count
            let content = raw.trimmingBlanks()
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 0 { inPackages = content == "packages:"; continue }
            guard inPackages else { continue }
            func value(_ key: String) -> String {
                VersionCatalog.unquote(content.dropFirst(key.count).trimmingBlanks())
            }
            if indent == 2, content.hasSuffix(":") {
                entries.append((VersionCatalog.unquote(String(content.dropLast())), nil, nil, nil, nil, offset + 1))
            } else if !entries.isEmpty, indent == 4, content.hasPrefix("dependency:") {
                entries[entries.count - 1].dependency = value("dependency:")
            } else if !entries.isEmpty, indent == 4, content.hasPrefix("source:") {
                entries[entries.count - 1].source = value("source:")
            } else if !entries.isEmpty, indent == 4, content.hasPrefix("version:") {
                entries[entries.count - 1].version = value("version:")
            } else if !entries.isEmpty, indent == 6, content.hasPrefix("path:") {
                entries[entries.count - 1].path = value("path:")
            }
        }
        return entries
    }

    // MARK: React Native

    /// Package name → folder of every in-tree `pubspec.yaml` or `package.json` (a monorepo's own packages, which a
    /// workspace resolves a dependency to by name), at most 300.
    static func members(_ fileName: String, files: [String: ProjectFile], read: (ProjectFile) -> String?) -> [String: String] {
        var names: [String: String] = [:]
        for (path, file) in files.sorted(by: { $0.key < $1.key }).prefix(2_000) where file.fileName == fileName && names.count < 300 {
            guard let text = read(file) else { continue }
            let name: String?
            if fileName == "package.json" {
                name = (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["name"] as? String
            } else {
                name = LocalPackages.yamlName(text)
            }
            if let name, names[name] == nil { names[name] = AndroidInspector.folder(of: path) }
        }
        return names
    }

    static func reactNative(folder: String, manifest: (path: String, text: String), members: [String: String] = [:],
                            table: [KnownManifest]) -> CrossPlatformPackages {
        var result = CrossPlatformPackages(framework: .reactNative, appFolder: folder, listedIn: manifest.path)
        guard let object = try? JSONSerialization.jsonObject(with: Data(manifest.text.utf8)) as? [String: Any],
              let dependencies = object["dependencies"] as? [String: Any] else { return result }
        let lines = QuotedText.quotedStringLines(in: manifest.text)
        var packages: [Package] = []
        for (name, value) in dependencies.sorted(by: { $0.key < $1.key }).prefix(maxPackages) {
            let spec = value as? String
            var package = Package(name: name, version: spec, path: manifest.path, line: lines["\"\(name)\""], direct: true)
            if let spec, let written = ["file:", "link:"].lazy.compactMap({ spec.hasPrefix($0) ? String(spec.dropFirst($0.count)) : nil }).first {
                guard let resolved = resolve(written, from: folder) else {
                    result.outsideRoot.append((package, written))
                    continue
                }
                package.folder = resolved
            } else if let member = members[name], member != folder {
                // A workspace's own package (`workspace:*`, or a version the workspace resolves to its member).
                package.folder = member
            }
            packages.append(package)
        }
        result.classify(packages, ecosystem: "npm", table: table)
        return result
    }

    // MARK: Shared

    mutating func classify(_ packages: [Package], ecosystem: String, table: [KnownManifest]) {
        for package in packages {
            if package.folder != nil {
                inTree.append(package)
            } else if let row = table.first(where: { $0.ecosystem == ecosystem && $0.package == package.name }) {
                known.append((package, row))
            } else if !Self.isOtherPlatformsPackage(package.name) {
                unseen.append(package)
            }
        }
        // Direct dependencies first: they are the ones the app's developers chose.
        unseen = unseen.filter(\.direct) + unseen.filter { !$0.direct }
    }

    /// A federated Flutter plugin's package for another platform or its interface (`url_launcher_ios`,
    /// `path_provider_platform_interface`): by the federated-plugin naming convention it holds no Android code.
    static func isOtherPlatformsPackage(_ name: String) -> Bool {
        ["_platform_interface", "_web", "_linux", "_windows", "_macos", "_ios", "_foundation", "_storekit", "_avfoundation", "_apple", "_html"]
            .contains { name.hasSuffix($0) }
    }

    /// A relative path from `folder`, normalised; nil when it is absolute or climbs above the root.
    static func resolve(_ written: String, from folder: String) -> String? {
        guard !written.hasPrefix("/"), !written.hasPrefix("~"), !written.contains("\\"), !written.isEmpty else { return nil }
        return TreePath.join(folder, written)
    }

    /// The manifests these packages add to the app's merged release manifest, lowest priority (after the Gradle
    /// libraries): an in-tree package's own `android/src/main/AndroidManifest.xml`, then a known package's
    /// permissions as a manifest placed at its lock line. `described` gives each placed line's evidence text.
    func manifests(inTreeManifests: [String: AndroidManifestFile]) -> (manifests: [AndroidManifestFile], described: [String: String], merged: [String]) {
        var manifests: [AndroidManifestFile] = []
        var described: [String: String] = [:]
        var merged: [String] = []
        for package in inTree {
            guard let folder = package.folder, let manifest = inTreeManifests[AndroidInspector.join(folder, "android/src/main/AndroidManifest.xml")] else { continue }
            manifests.append(manifest)
            merged.append(manifest.location.path)
        }
        for (package, row) in known {
            let line = package.line ?? 1
            let permissions = row.permissions.map { AndroidPermission(name: $0, maxSdkVersion: nil, line: line) }
            manifests.append(AndroidManifestFile(location: SourceLocation(path: package.path, line: line), permissions: permissions))
            described["\(package.path):\(line)"] = "\(package.name) \(package.version ?? ""): its published AndroidManifest.xml adds "
                + row.permissions.map { $0.replacingOccurrences(of: "android.permission.", with: "") }.joined(separator: ", ") + " (\(row.source))"
        }
        return (manifests, described, merged)
    }
}
