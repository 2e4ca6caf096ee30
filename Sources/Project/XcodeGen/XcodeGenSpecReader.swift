import YAML

/// XcodeGen's `project.yml` (github.com/yonaskolb/XcodeGen, docs/ProjectSpec.md), as far as the Info.plist of each
/// target goes: project `settings` (flat, or `base` and the release `configs`), `targetTemplates` a target names
/// in `templates`, the target's own `settings` and `info: properties:`. `include:` files are read when they are
/// in the project (four levels at most); what is not read (a missing include, settings `groups`, `configFiles`,
/// an undefined template) is listed in `unevaluated`. The spec is data: nothing in it is run.
enum XcodeGenSpecReader {
    static let maxIncludeDepth = 4
    /// Included files read in all, so that a spec whose includes fan out stays cheap.
    static let maxIncludedFiles = 32
    /// Template settings and properties applied to targets in all (targets × the templates they name): past it,
    /// further templates are listed as not read, so that many targets naming one huge template stay linear.
    static let maxTemplateWork = 1_000_000

    /// `load` gives an included file's text by its project-relative path, nil when it is not in the project;
    /// `loadConfig` an `.xcconfig` file's bytes the same way (the release `configFiles`, read for the paths they set).
    static func read(path: String, text: String, load: (String) -> String?, loadConfig: (String) -> [UInt8]? = { _ in nil }) -> ProjectSpec {
        var spec = ProjectSpec(path: path)
        var merged = Merged()
        collect(path: path, text: text, depth: 0, load: load, into: &merged, spec: &spec)
        let projectConfig = merged.projectConfigFiles.reduce(into: [String: XcconfigSetting]()) { settings, file in
            settings.merge(XcconfigReader.settings(path: file, read: loadConfig)) { $1 }
        }

        let projectKeys = merged.projectSettings
        var templateWork = 0
        for target in merged.targets {
            // The target's own type, else its first template's that has one.
            let type = target.type ?? target.templates.lazy.compactMap { merged.templates[$0]?.type }.first
            var out = ProjectSpec.Target(name: target.name, productType: type.map { "com.apple.product-type." + $0 }, line: target.line)
            out.sources = target.sources
            out.file = target.file
            out.platform = target.platform ?? target.templates.lazy.compactMap { merged.templates[$0]?.platform }.first
            var settings = projectKeys
            for name in target.templates {
                guard let template = merged.templates[name] else {
                    spec.unevaluated.append((target.line, "target \(target.name) uses template \(name), which the spec does not define"))
                    continue
                }
                templateWork += 1 + template.settings.count + template.properties.count
                guard templateWork <= maxTemplateWork else {
                    spec.unevaluated.append((target.line, "target \(target.name)'s template \(name) (past shipcheck's bound of \(maxTemplateWork) template values)"))
                    continue
                }
                settings.merge(template.settings) { $1 }
                // A template's sources, unless they name the target through a placeholder (`${target_name}`).
                out.sources += template.sources.filter { !$0.path.contains("$") }
                out.keys.merge(template.properties.mapValues(\.value)) { $1 }
                out.keyLines.merge(template.properties.mapValues(\.line)) { $1 }
                spec.unevaluated += template.unevaluated.map { ($0.line, "template \(name): \($0.what)") }
            }
            settings.merge(target.settings) { $1 }
            // Build settings' paths are the project's, which XcodeGen writes beside the root spec; the spec's own
            // settings win over its release xcconfig files (the configurations' base), the target's over the project's.
            var config = projectConfig
            for file in target.configFiles { config.merge(XcconfigReader.settings(path: file, read: loadConfig)) { $1 } }
            func pathSetting(_ name: String) -> String? {
                (settings[name]?.value ?? config[name]?.value).flatMap { resolve(Self.projectRelative($0), from: path) }
            }
            out.infoPlistPath = target.infoPath ?? pathSetting("INFOPLIST_FILE")
            let deployment = "IPHONEOS_DEPLOYMENT_TARGET"
            if let set = settings[deployment] {
                // The target's own setting is written in the target's file; a project or template setting is placed in the
                // root spec (as the Info.plist keys' lines are), though an included file may hold it.
                let file = target.settings[deployment] != nil ? (target.file ?? path) : path
                out.iOSDeploymentTarget = (set.value, SourceLocation(path: file, line: set.line))
            } else if let own = target.deploymentTarget {
                // A target's `deploymentTarget:` is a setting XcodeGen writes into the target: over its xcconfig.
                out.iOSDeploymentTarget = (own.value, SourceLocation(path: own.file, line: own.line))
            } else if let set = config[deployment] {
                out.iOSDeploymentTarget = (set.value, set.location)
            } else if let option = merged.iOSDeploymentTarget {
                out.iOSDeploymentTarget = (option.value, SourceLocation(path: option.file, line: option.line))
            }
            out.entitlementsPath = target.entitlementsPath ?? pathSetting("CODE_SIGN_ENTITLEMENTS")
            for (setting, value) in settings {
                if setting == "GENERATE_INFOPLIST_FILE" { out.generatesInfoPlist = value.value.uppercased() == "YES" || value.value == "true" }
                guard setting.hasPrefix(prefix), setting.count > prefix.count else { continue }
                let key = String(setting.dropFirst(prefix.count))
                out.keys[key] = value.value
                out.keyLines[key] = value.line
            }
            out.keys.merge(target.properties.mapValues(\.value)) { $1 }
            out.keyLines.merge(target.properties.mapValues(\.line)) { $1 }
            spec.unevaluated += target.unevaluated.map { ($0.line, "target \(target.name): \($0.what)") }
            spec.targets.append(out)
        }
        spec.unevaluated += merged.unevaluated
        return spec
    }

    static let prefix = "INFOPLIST_KEY_"

    typealias Values = [String: (value: String, line: Int)]

    struct TargetEntry {
        var name: String
        var type: String?
        var line: Int
        var templates: [String] = []
        var settings: Values = [:]
        var properties: Values = [:]
        var unevaluated: [(line: Int?, what: String)] = []
        var sources: [ProjectSpec.SourcePath] = []
        var platform: String?
        var infoPath: String?
        var entitlementsPath: String?
        var file: String?
        /// The release configurations' `configFiles`, project-relative.
        var configFiles: [String] = []
        /// `deploymentTarget: "15.0"` (an iOS target's), with its file and line.
        var deploymentTarget: (value: String, file: String, line: Int)?
    }

    /// The spec with its includes, later files over earlier ones as XcodeGen merges them.
    struct Merged {
        var projectSettings: Values = [:]
        var templates: [String: TargetEntry] = [:]
        var targets: [TargetEntry] = []
        /// Where each target name is in `targets` (a spec and its includes may name thousands).
        var targetIndex: [String: Int] = [:]
        var unevaluated: [(line: Int?, what: String)] = []
        var includedFiles = 0
        var projectConfigFiles: [String] = []
        /// `options: deploymentTarget: iOS:`, with the file and line it is written on.
        var iOSDeploymentTarget: (value: String, file: String, line: Int)?
    }

    static func collect(path: String, text: String, depth: Int, load: (String) -> String?, into merged: inout Merged, spec: inout ProjectSpec) {
        let root: Node
        do {
            guard let parsed = try YAMLParser.parse(text, file: path, limits: YAMLLimits(maxDepth: 64, maxNodes: 200_000, maxBytes: 4 << 20)) else { return }
            root = parsed
        } catch {
            merged.unevaluated.append((nil, "\(path) is not readable YAML (\(error.message))"))
            return
        }
        // Includes first: the including file's own values win over what it includes.
        for include in includes(root["include"]) {
            guard depth < maxIncludeDepth, merged.includedFiles < maxIncludedFiles,
                  let target = resolve(include.path, from: path), let included = load(target) else {
                let why = depth >= maxIncludeDepth ? "nested too deep" : merged.includedFiles >= maxIncludedFiles ? "too many includes" : "not in the project"
                merged.unevaluated.append((include.line, "include \(include.path) (\(why))"))
                continue
            }
            merged.includedFiles += 1
            collect(path: target, text: included, depth: depth + 1, load: load, into: &merged, spec: &spec)
        }
        if let settings = root["settings"] {
            var unread: [(line: Int?, what: String)] = []
            merged.projectSettings.merge(self.settings(settings, unevaluated: &unread)) { $1 }
            merged.unevaluated += unread.map { ($0.line, "project settings: \($0.what)") }
        }
        if let option = root["options"]?["deploymentTarget"]?["iOS"], let value = option.scalar {
            merged.iOSDeploymentTarget = (value, path, option.mark.line)
        }
        if let files = root["configFiles"], !(files.mapping ?? []).isEmpty {
            merged.unevaluated.append((files.mark.line, "project configFiles (the Info.plist keys of xcconfig files are not read)"))
            merged.projectConfigFiles += releaseConfigFiles(files, specPath: path)
        }
        for pair in root["targetTemplates"]?.mapping ?? [] {
            guard let name = pair.key.scalar else { continue }
            merged.templates[name] = targetEntry(name: name, pair.value, line: pair.key.mark.line, specPath: path)
        }
        for pair in root["targets"]?.mapping ?? [] {
            guard let name = pair.key.scalar else { continue }
            let entry = targetEntry(name: name, pair.value, line: pair.key.mark.line, specPath: path)
            if let index = merged.targetIndex[name] {
                // An including file's target adds to the included one's.
                var existing = merged.targets[index]
                existing.settings.merge(entry.settings) { $1 }
                existing.properties.merge(entry.properties) { $1 }
                existing.templates += entry.templates
                existing.type = entry.type ?? existing.type
                existing.unevaluated += entry.unevaluated
                existing.sources += entry.sources
                existing.platform = entry.platform ?? existing.platform
                existing.infoPath = entry.infoPath ?? existing.infoPath
                existing.entitlementsPath = entry.entitlementsPath ?? existing.entitlementsPath
                existing.configFiles += entry.configFiles
                existing.deploymentTarget = entry.deploymentTarget ?? existing.deploymentTarget
                merged.targets[index] = existing
            } else {
                merged.targetIndex[name] = merged.targets.count
                merged.targets.append(entry)
            }
        }
    }

    /// `specPath`: the file the target is written in; its paths are relative to that file's folder (XcodeGen's
    /// `relativePaths`, on by default for included files).
    static func targetEntry(name: String, _ node: Node, line: Int, specPath: String) -> TargetEntry {
        var entry = TargetEntry(name: name, type: node["type"]?.scalar, line: line)
        entry.platform = node["platform"]?.scalar
        entry.file = specPath
        if let own = node["deploymentTarget"], let value = own.scalar ?? own["iOS"]?.scalar {
            entry.deploymentTarget = (value, specPath, own.mark.line)
        }
        entry.sources = sources(node["sources"], specPath: specPath)
        entry.infoPath = node["info"]?["path"]?.scalar.flatMap { resolve($0, from: specPath) }
        entry.entitlementsPath = node["entitlements"]?["path"]?.scalar.flatMap { resolve($0, from: specPath) }
        entry.templates = (node["templates"]?.sequence ?? []).compactMap(\.scalar)
        if let settings = node["settings"] {
            entry.settings = self.settings(settings, unevaluated: &entry.unevaluated)
        }
        if let files = node["configFiles"], !(files.mapping ?? []).isEmpty {
            entry.unevaluated.append((files.mark.line, "configFiles (the Info.plist keys of xcconfig files are not read)"))
            entry.configFiles = releaseConfigFiles(files, specPath: specPath)
        }
        for pair in node["info"]?["properties"]?.mapping ?? [] {
            guard let key = pair.key.scalar, let value = pair.value.scalar else { continue }
            entry.properties[key] = (value, pair.key.mark.line)
        }
        return entry
    }

    /// `settings:` flat (`KEY: value`) or structured (`base:`, `configs: { release: … }`, `groups:`). Of the
    /// configurations, those named like release count (the build that ships).
    static func settings(_ node: Node, unevaluated: inout [(line: Int?, what: String)]) -> Values {
        guard let pairs = node.mapping else { return [:] }
        let structured = pairs.contains { ["base", "configs", "groups"].contains($0.key.scalar ?? "") }
        guard structured else { return scalars(pairs) }
        var values = scalars(node["base"]?.mapping ?? [])
        for pair in node["configs"]?.mapping ?? [] where (pair.key.scalar ?? "").lowercased().contains("release") {
            values.merge(scalars(pair.value.mapping ?? [])) { $1 }
        }
        if let groups = node["groups"]?.sequence, !groups.isEmpty {
            unevaluated.append((node["groups"]?.mark.line, "settings groups \(groups.compactMap(\.scalar).joined(separator: ", ")) (not read)"))
        }
        return values
    }

    static func scalars(_ pairs: [Node.Pair]) -> Values {
        var values: Values = [:]
        for pair in pairs {
            guard let key = pair.key.scalar, let value = pair.value.scalar else { continue }
            values[key] = (value, pair.key.mark.line)
        }
        return values
    }

    /// `configFiles: { Release: App/Release.xcconfig }`: the files of the configurations named like release (the
    /// build that ships), relative to the spec file's folder.
    static func releaseConfigFiles(_ node: Node, specPath: String) -> [String] {
        (node.mapping ?? []).compactMap { pair in
            guard (pair.key.scalar ?? "").lowercased().contains("release"), let file = pair.value.scalar else { return nil }
            return resolve(file, from: specPath)
        }
    }

    /// A build setting's path without the `$(SRCROOT)/` (or `$(PROJECT_DIR)/`) it may start with: the project's folder.
    static func projectRelative(_ value: String) -> String {
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where value.hasPrefix(prefix) {
            return String(value.dropFirst(prefix.count))
        }
        return value
    }

    /// Bounds a target's sources list (a spec is data from the repository).
    static let maxSources = 256

    /// `sources: App`, `sources: [App, Shared]` or `sources: [{path: App, excludes: ["**/Tests/**"]}]`, each resolved
    /// against the spec file's folder; "" is the project root itself. A path leaving the root is dropped.
    static func sources(_ node: Node?, specPath: String) -> [ProjectSpec.SourcePath] {
        guard let node else { return [] }
        let items = node.scalar.map { _ in [node] } ?? (node.sequence ?? [])
        return items.prefix(maxSources).compactMap { item -> ProjectSpec.SourcePath? in
            guard let raw = item.scalar ?? item["path"]?.scalar, !raw.isEmpty else { return nil }
            // `buildPhase: none`: shown in the project, neither compiled nor copied (bitwarden's snapshots, README).
            guard item["buildPhase"]?.scalar != "none", let path = resolveSource(raw, from: specPath) else { return nil }
            let excludes = (item["excludes"]?.sequence ?? []).compactMap(\.scalar)
            let includes = (item["includes"]?.sequence ?? []).compactMap(\.scalar)
            return ProjectSpec.SourcePath(path: path, excludes: Array(excludes.prefix(maxSources)), includes: Array(includes.prefix(maxSources)))
        }
    }

    /// Like `resolve`, but `.` from the root spec is the root itself ("").
    static func resolveSource(_ source: String, from path: String) -> String? {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let trimmed = source.hasSuffix("/") ? String(source.dropLast()) : source
        if trimmed == "." { return folder }
        return resolve(trimmed, from: path)
    }

    /// `include: base.yml`, `include: [a.yml, {path: b.yml}]`.
    static func includes(_ node: Node?) -> [(path: String, line: Int)] {
        guard let node else { return [] }
        if let path = node.scalar, !node.isNull { return [(path, node.mark.line)] }
        return (node.sequence ?? []).compactMap { item in
            if let path = item.scalar { return (path, item.mark.line) }
            return item["path"]?.scalar.map { ($0, item.mark.line) }
        }
    }

    /// An include path relative to the including file's folder, normalised (`../` resolved); nil when it is
    /// absolute or leaves the project root (shipcheck reads nothing outside it).
    static func resolve(_ include: String, from path: String) -> String? {
        guard !include.hasPrefix("/"), !include.hasPrefix("~") else { return nil }
        var parts = path.split(separator: "/").dropLast().map(String.init)
        for piece in include.split(separator: "/") {
            if piece == "." { continue }
            if piece == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(String(piece))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
