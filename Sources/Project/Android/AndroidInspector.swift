import Support
import Formats

/// AndroidManifest.xml, Gradle settings and build scripts, `gradle.properties`, version catalogs and the
/// Kotlin constants of buildSrc / build-logic → the Android release model (`AndroidAppModule`s) → facts.
///
/// The modules come from `settings.gradle(.kts)`; an application module is one that applies
/// `com.android.application` (`apply false` only declares it). Each is its own app with its own form factor.
/// See `AndroidFacts` for the facts.
public enum AndroidInspector {
    public static func inspect(files: [ProjectFile], root: String, pluginManifests: [SymbolTableSource] = [],
                               flutterDefaults: FlutterSDKDefaults = FlutterSDKDefaults(rows: []),
                               agpDefaults: AndroidGradlePluginSDKDefaults = AndroidGradlePluginSDKDefaults(rows: []),
                               gradleFiles: GradleFilesPart = GradleFilesPart()) -> InspectorOutput<AndroidPart> {
        var part = AndroidPart()
        // 1. The Gradle workspace (AndroidGradleWorkspace.swift): the manifests, then gradle.properties, catalogs,
        // settings, build logic, build scripts and the scripts they apply, each file read once, in this order
        // (the build scripts and catalogs `gradleFiles` holds were read and parsed before, for the dependency reader too).
        let workspace = GradleWorkspace(files: files, shared: gradleFiles)
        part.manifests = workspace.readManifests()
        workspace.readBuild()
        // 2. Module resolution (AndroidModuleResolution.swift): each script's module, kind, plugins and settings
        // with the values they resolve to; the modules the builds include.
        part.gradleFiles = workspace.resolveModules()
        // 3. The release model (AndroidReleaseModules.swift): each included application module, its release
        // settings and its merged release manifest.
        let modules = workspace.appModules(manifests: part.manifests, pluginManifests: pluginManifests, flutterDefaults: flutterDefaults,
                                           agpDefaults: agpDefaults)

        // Without any module (a bare manifest, an old Eclipse layout) the shipping manifests still say something.
        let looseManifest = modules.isEmpty ? AndroidMergedManifest.merge(part.manifests.filter { !$0.isTestOrDebugOnly }) : nil
        let line: AndroidFacts.LineText = { path, line in workspace.describedLines["\(path):\(line)"] ?? lineText(workspace.texts, path, line) }
        // 4. The model part's modules, and the facts drawn from them (AndroidFacts.swift).
        part.modules = AndroidFacts.shippedModules(modules, looseManifest: looseManifest, line: line)
        part.loosePermissions = looseManifest?.shippedPermissions(module: nil) ?? []
        var facts = AndroidFacts.make(modules: modules, shipped: part.modules, looseManifest: looseManifest, line: line)
        // 5. The repository's superclasses of the services without a foreground service type (ServiceSuperclasses.swift).
        if let untyped = facts.first(where: { $0.name == "android.services_without_foreground_type" }) {
            let chains = ServiceSuperclasses.chains(services: untyped.evidence.map(\.snippet), files: files)
            if !chains.isEmpty {
                facts.append(Fact(name: "android.service_superclasses", value: .list(chains.keys.sorted()), source: .detected,
                                  evidence: chains.sorted { $0.key < $1.key }.flatMap { service, chain in
                                      chain.map { Evidence(location: $0.location, snippet: "\(service) \($0.name)") }
                                  }))
            }
        }
        return InspectorOutput(part: part, facts: facts, problems: workspace.problems,
                               coverage: AndroidFacts.coverage(modules: modules, looseManifest: looseManifest))
    }

    /// Names of the top-level functions a Kotlin file declares (`fun Project.configureFlavors(`, at the start of a
    /// line: members such as a plugin's `override fun apply` are indented and not counted).
    static func declaredFunctions(_ text: String) -> [String] {
        var names: [String] = []
        for line in text.lineSlices(omittingEmpty: true) where names.count < 200 {
            var rest = Substring(line)
            for modifier in ["internal ", "private ", "public ", "inline "] where rest.hasPrefix(modifier) { rest = rest.dropFirst(modifier.count) }
            guard rest.hasPrefix("fun ") else { continue }
            rest = rest.dropFirst(4)
            if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") { rest = rest[rest.index(after: close)...].drop { $0 == " " } }
            guard let open = rest.firstIndex(of: "(") else { continue }
            let name = rest[..<open].split(separator: ".").last.map(String.init) ?? ""
            if GradleScript.isIdentifier(name) { names.append(name) }
        }
        return names
    }

    /// The classes a Kotlin file declares (`class KiwixConfigurationPlugin : Plugin<Project>`, `abstract class X`), at most 50.
    static func declaredClasses(_ text: String) -> [String] {
        var names: [String] = []
        for line in text.lineSlices(omittingEmpty: true) where names.count < 50 && line.contains("class ") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first, ["internal", "private", "public", "abstract", "open", "data", "sealed", "final"].contains(first) { words = words.dropFirst() }
            guard words.first == "class", words.count >= 2 else { continue }
            let name = String(words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            if name.first?.isUppercase == true { names.append(name) }
        }
        return names
    }

    /// Identifiers written as calls (`configureFlavors(`) in a Kotlin text, once each, at most 500.
    static func calledFunctions(_ text: String) -> [String] {
        // Build logic is nearly always ASCII: a byte loop gives the same names without a `Character` per byte
        // (this was 56% of `check` on thunderbird-android's convention plugins under callgrind).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return calledFunctionsInASCII(text) }
        var names: [String] = []
        var seen: Set<String> = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
                continue
            }
            if character == "(", !current.isEmpty, !seen.contains(current), current.first!.isLetter {
                seen.insert(current)
                names.append(current)
                if names.count >= 500 { break }
            }
            current = ""
        }
        return names
    }

    /// `calledFunctions` for a text of ASCII bytes only: the same names in the same order.
    private static func calledFunctionsInASCII(_ text: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var start = -1
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        let bytes = Array(text.utf8)
        for index in bytes.indices {
            let byte = bytes[index]
            if isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") {
                if start < 0 { start = index }
                continue
            }
            if byte == UInt8(ascii: "("), start >= 0, isLetter(bytes[start]) {
                let name = String(decoding: bytes[start..<index], as: UTF8.self)
                if seen.insert(name).inserted {
                    names.append(name)
                    if names.count >= 500 { break }
                }
            }
            start = -1
        }
        return names
    }

    /// Plugin id → implementation class registered in a build-logic build script. The id may be a literal or
    /// a catalog plugin (`libs.plugins.x.get().pluginId`).
    /// Gradle scripts and XML resources: what `apply from:` and `android:networkSecurityConfig` point to.
    static func isNamedByPath(_ file: ProjectFile) -> Bool {
        let name = file.fileName
        return name.hasSuffix(".gradle") || name.hasSuffix(".kts") || name.hasSuffix(".xml")
    }

    /// The `package` a Kotlin script or file declares, if any.
    static func packageName(_ text: String) -> String? {
        for line in text.lineSlices(omittingEmpty: true).prefix(80) {
            let trimmed = line.trimmingBlanks()
            guard trimmed.hasPrefix("package ") else { continue }
            let name = String(trimmed.dropFirst("package ".count)).trimmingBlanks()
            return name.split(separator: ".").allSatisfy { GradleScript.isIdentifier(String($0)) } && !name.isEmpty ? name : nil
        }
        return nil
    }

    static func registeredPlugins(_ text: String, catalogs: [String: VersionCatalog]) -> [(String, String)] {
        var ids: [[String]: String] = [:]
        var classes: [[String]: String] = [:]
        for statement in GradleStatements.split(text).statements where statement.blocks.contains("plugins") {
            let parts = statement.text.split(separator: "=", maxSplits: 1).map { $0.trimmingBlanks() }
            guard parts.count == 2 else { continue }
            let value = parts[1]
            if parts[0] == "id" {
                if let literal = GradleValueResolver.literal(value) {
                    ids[statement.blocks] = literal
                } else if let marker = value.range(of: ".plugins."), let end = value.range(of: ".get()") ?? value.range(of: ".pluginId"),
                          marker.upperBound <= end.lowerBound, let catalog = catalogs[String(value[..<marker.lowerBound])] {
                    // `libs.plugins.x.get().pluginId`, `mihonx.plugins.android.base.get().pluginId`.
                    if let id = catalog.pluginId(accessor: String(value[marker.upperBound..<end.lowerBound])) { ids[statement.blocks] = id }
                }
            } else if parts[0] == "implementationClass", let literal = GradleValueResolver.literal(value) {
                classes[statement.blocks] = literal
            }
        }
        return ids.compactMap { blocks, id in classes[blocks].map { (id, $0) } }.sorted { $0.0 < $1.0 }
    }

    /// The line of `debuggable true` (Groovy), `isDebuggable = true` (Kotlin DSL) or their call forms in the
    /// `release` build type (`buildTypes { release { … } }`, `getByName("release")`, `named("release")`), if any.
    static func releaseDebuggableLine(_ text: String) -> Int? {
        for statement in GradleStatements.split(text).statements {
            guard let index = statement.blocks.lastIndex(of: "buildTypes"), index + 1 < statement.blocks.count,
                  statement.blocks[index + 1] == "release" else { continue }
            let compact = statement.text.filter { $0 != " " && $0 != "\t" && $0 != "(" && $0 != ")" && $0 != "=" }
            if compact == "debuggabletrue" || compact == "isDebuggabletrue" { return statement.line }
        }
        return nil
    }

    /// The line of a `<base-config cleartextTrafficPermitted="true">` in a network security config, if any.
    static func permissiveBaseConfigLine(_ text: String) -> Int? {
        guard let start = text.range(of: "<base-config") else { return nil }
        let tag = text[start.lowerBound...].prefix { $0 != ">" }
        guard tag.contains("cleartextTrafficPermitted=\"true\"") else { return nil }
        return text[..<start.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    static func lineText(_ texts: [String: [Substring]], _ path: String, _ line: Int) -> String {
        guard let lines = texts[path], line >= 1, line <= lines.count else { return "" }
        return lines[line - 1].trimmingBlanks()
    }

    /// main, then each release flavor with `release` and `<flavor>Release` over it; several flavors are merged
    /// one by one and joined (an element any of them ships counts).
    static func mergedRelease(own: [AndroidManifestFile], flavors: [String], libraries: [AndroidManifestFile]) -> AndroidMergedManifest {
        func manifest(_ set: String) -> AndroidManifestFile? { own.first { $0.sourceSet == set } }
        let main = manifest("main") ?? own.first { $0.sourceSet == nil }
        let release = manifest("release")
        let variants = flavors.isEmpty ? [[release, main]] : flavors.map { flavor in
            [manifest(flavor + "Release"), release, manifest(flavor), main]
        }
        var joined: AndroidMergedManifest?
        for variant in variants {
            let merged = AndroidMergedManifest.merge(variant.compactMap { $0 } + libraries)
            guard var result = joined else { joined = merged; continue }
            for source in merged.sources where !result.sources.contains(source) { result.sources.append(source) }
            result.permissions += merged.permissions.filter { new in !result.permissions.contains { $0.value.name == new.value.name } }
            result.removedPermissions += merged.removedPermissions.filter { new in !result.removedPermissions.contains { $0.path == new.path && $0.line == new.line } }
            result.features += merged.features.filter { new in !result.features.contains { $0.value.name == new.value.name } }
            result.usesLibraries += merged.usesLibraries.filter { new in !result.usesLibraries.contains { $0.value.name == new.value.name } }
            result.components += merged.components.filter { new in !result.components.contains { $0.value.name == new.value.name && $0.value.kind == new.value.kind } }
            result.application.merge(merged.application) { first, _ in first }
            result.usesSdk.merge(merged.usesSdk) { first, _ in first }
            joined = result
        }
        return joined ?? AndroidMergedManifest()
    }

    /// What the app module's release build merges from in-repo library modules.
    struct LibraryGraph {
        /// The library module folders merged, nearest first.
        var modules: [String] = []
        var manifests: [AndroidManifestFile] = []
        /// What could not be followed (a computed include or projectDir, a helper call, a computed project
        /// path, a module path that names no folder), at its place.
        var unresolved: [(path: String, line: Int?, what: String)] = []
        /// True when, because of `unresolved`, every Android library module's manifests were merged.
        var widened = false
    }

    /// The modules of a build as `libraryGraph` looks them up, the same for every app module of the build: made once
    /// per inspection (each of thunderbird-android's app modules made it again, a third of its release model).
    struct LibraryIndex {
        let scriptByModule: [String: (file: ProjectFile, script: GradleScript)]
        let gradleFiles: [String: GradleFile]
        let libraryFolders: [String]
        let knownBySimplified: [[String]: String]
        let knownByPath: [String: String]
        let librariesBySimplified: [[String]: [String]]
        let librariesByLastName: [String: [String]]

        init(scripts: [(file: ProjectFile, script: GradleScript)], gradleFiles: [String: GradleFile],
             settings: [String: (path: String, settings: GradleSettings)], included: Set<String>) {
            let scriptByModule = Dictionary(scripts.map { (folder(of: $0.file.path), $0) }, uniquingKeysWith: { first, _ in first })
            self.scriptByModule = scriptByModule
            self.gradleFiles = gradleFiles
            let known = settings.flatMap { folder, entry in entry.settings.modules.map { ($0.path, join(folder, $0.folder)) } }
            // A path whose folder holds no build script (a projectDir the settings compute): the one library module
            // folder with the same last name, if there is exactly one.
            let libraryFolders = scriptByModule.keys.filter { Self.isLibrary($0, scriptByModule: scriptByModule, gradleFiles: gradleFiles) && included.contains($0) }
            self.libraryFolders = libraryFolders
            // Each module path and library folder simplified once, not once per `projects.x.y` dependency: on a build
            // of some 200 modules (thunderbird-android) that matching was nearly half of a whole `check`.
            // Looked up by key, not by scanning every module per reference (a build of ~400 modules, duckduckgo's,
            // asks thousands of times): the first module of a path, as `first(where:)` found it, and the library
            // folders by simplified path and by last name.
            var knownBySimplified: [[String]: String] = [:]
            var knownByPath: [String: String] = [:]
            for (path, folder) in known {
                let key = path.split(separator: ":").map(Self.simplified)
                if knownBySimplified[key] == nil { knownBySimplified[key] = folder }
                if knownByPath[path] == nil { knownByPath[path] = folder }
            }
            var librariesBySimplified: [[String]: [String]] = [:]
            var librariesByLastName: [String: [String]] = [:]
            for folder in libraryFolders {
                librariesBySimplified[folder.split(separator: "/").map(Self.simplified), default: []].append(folder)
                if let last = folder.split(separator: "/").last { librariesByLastName[String(last), default: []].append(folder) }
            }
            self.knownBySimplified = knownBySimplified
            self.knownByPath = knownByPath
            self.librariesBySimplified = librariesBySimplified
            self.librariesByLastName = librariesByLastName
        }

        static func simplified(_ name: Substring) -> String { name.lowercased().filter { $0 != "-" && $0 != "_" } }

        /// A library, or a module whose convention plugin hides its kind; never an app nor a `com.android.test` module.
        static func isLibrary(_ folder: String, scriptByModule: [String: (file: ProjectFile, script: GradleScript)], gradleFiles: [String: GradleFile]) -> Bool {
            guard let script = scriptByModule[folder], let file = gradleFiles[script.file.path] else { return false }
            return file.kind == .library || (file.kind == .other && !file.plugins.contains { $0 == "com.android.test" || $0.hasSuffix("android.test") })
        }

        func isLibrary(_ folder: String) -> Bool { Self.isLibrary(folder, scriptByModule: scriptByModule, gradleFiles: gradleFiles) }

        func folderFor(_ reference: String) -> String? {
            if reference.hasPrefix("projects.") {
                let wanted = reference.dropFirst("projects.".count).split(separator: ".").map { $0.lowercased() }
                if let hit = knownBySimplified[wanted] { return hit }
                let byFolder = librariesBySimplified[wanted] ?? []
                return byFolder.count == 1 ? byFolder[0] : nil
            }
            let direct = knownByPath[reference] ?? GradleSettings.folder(forPath: reference)
            if scriptByModule[direct] != nil { return direct }
            let last = reference.split(separator: ":").last.map(String.init) ?? ""
            let byName = librariesByLastName[last] ?? []
            return byName.count == 1 ? byName[0] : nil
        }
    }

    /// The manifests of the in-repo library modules `module` depends on, directly or through other libraries
    /// (their own scripts and the convention plugins they apply), nearest first: each library's main and
    /// release source sets and those named for the app's release flavours. Only `project(":x")` /
    /// `projects.x` dependencies are followed; when anything on the way cannot be read statically, the graph
    /// is widened to every non-test manifest of every Android library module the builds include.
    static func libraryGraph(of module: String, index: LibraryIndex, appliedByScript: [String: [(path: String, script: GradleScript)]],
                             manifestsByModule: [String: [AndroidManifestFile]],
                             settings: [String: (path: String, settings: GradleSettings)], flavors: [String]) -> LibraryGraph {
        let scriptByModule = index.scriptByModule
        let libraryFolders = index.libraryFolders
        let isLibrary = index.isLibrary
        let folderFor = index.folderFor
        var graph = LibraryGraph()
        let wantedSets = Set(["main", "release"] + flavors + flavors.map { $0 + "Release" })
        // The settings of the build the app belongs to.
        if let owner = ancestorFolders(of: module).first(where: { settings[$0] != nil }), let entry = settings[owner] {
            if let line = entry.settings.computedIncludeLine {
                graph.unresolved.append((entry.path, line, "computed include"))
            }
            if let line = entry.settings.computedProjectDirLine {
                graph.unresolved.append((entry.path, line, "computed projectDir"))
            }
        }
        var queue = [module]
        var seen: Set<String> = [module]
        while !queue.isEmpty && seen.count < 500 {
            let current = queue.removeFirst()
            guard let entry = scriptByModule[current] else { continue }
            let sources = [(entry.file.path, entry.script)] + (appliedByScript[entry.file.path] ?? [])
            for (path, script) in sources {
                for unresolved in script.unresolvedDependencies where graph.unresolved.count < 20 {
                    graph.unresolved.append((path, unresolved.line, unresolved.text))
                }
                for dependency in script.projectDependencies {
                    guard let target = folderFor(dependency.path) else {
                        if graph.unresolved.count < 20 { graph.unresolved.append((path, dependency.line, "\(dependency.path): no module folder found")) }
                        continue
                    }
                    guard !seen.contains(target) else { continue }
                    seen.insert(target)
                    guard isLibrary(target) else { continue }
                    let sets = (manifestsByModule[target] ?? []).filter { $0.sourceSet.map(wantedSets.contains) ?? true }
                    if !sets.isEmpty { graph.modules.append(target) }
                    graph.manifests += sets
                    queue.append(target)
                }
            }
        }
        guard !graph.unresolved.isEmpty else { return graph }
        // Widen: every non-test manifest of every library module the builds include (test and sample modules
        // aside), after the ones followed.
        graph.widened = true
        for folder in libraryFolders.sorted() where !seen.contains(folder) && AndroidAppModule.notShippingReason(name: folder) == nil {
            let sets = manifestsByModule[folder] ?? []
            guard !sets.isEmpty else { continue }
            graph.modules.append(folder)
            graph.manifests += sets
        }
        // Library modules reached by the graph keep only their release sets; widened ones give every set.
        return graph
    }

    /// The flavour names a module's source sets show (`src/full/AndroidManifest.xml` → `full`;
    /// `fullRelease` → `full`), without main, release, debug and test sets.
    static func flavorSourceSets(_ manifests: [AndroidManifestFile]) -> [String] {
        var names: [String] = []
        for manifest in manifests {
            guard var set = manifest.sourceSet, set != "main", set != "release", !manifest.isTestOrDebugOnly else { continue }
            for suffix in ["Release", "Debug"] where set.hasSuffix(suffix) && set.count > suffix.count { set = String(set.dropLast(suffix.count)) }
            if set.hasPrefix("benchmark") || set.hasSuffix("Benchmark") || set.contains("Test") { continue }
            if !names.contains(set) { names.append(set) }
        }
        return names.sorted()
    }

    /// The module folders (relative to the root) the builds include. A folder without a settings file
    /// above it, or under a settings file whose includes are computed, counts as included.
    static func includedModules(scripts: [String], settings: [String: (path: String, settings: GradleSettings)]) -> Set<String> {
        var included = Set<String>()
        for script in scripts {
            let module = folder(of: script)
            guard let owner = ancestorFolders(of: module).first(where: { settings[$0] != nil }), let entry = settings[owner] else {
                included.insert(module)
                continue
            }
            let listed = entry.settings.modules.map { join(owner, $0.folder) }
            if module == owner || listed.contains(module) || entry.settings.hasComputedIncludes || entry.settings.modules.isEmpty {
                included.insert(module)
            }
        }
        return included
    }

    /// `../common.gradle`, `$rootDir/gradle/versions.gradle`, `${project.rootDir}/x.gradle` → a path
    /// relative to the root, or nil for a URL or a computed path.
    static func resolveAppliedPath(_ reference: String, from folder: String) -> String? {
        if reference.contains("://") { return nil }
        var base = folder
        var rest = reference
        for prefix in ["${rootDir}/", "$rootDir/", "${rootProject.projectDir}/", "$rootProject.projectDir/", "${project.rootDir}/", "${rootProject.rootDir}/"] where rest.hasPrefix(prefix) {
            base = ""
            rest = String(rest.dropFirst(prefix.count))
        }
        if rest.contains("$") { return nil }
        return TreePath.join(base, rest)
    }

    static func isBuildLogic(_ path: String, folders: Set<String>) -> Bool {
        folders.contains { TreePath.isInside(path, $0) } && !path.contains("/src/test/")
    }

    static func moduleKind(plugins: [String], settings: [GradleSetting]) -> GradleFile.ModuleKind {
        // Convention plugins (`nowinandroid.android.application`) and unresolved catalog aliases
        // (`libs.plugins.android.application`) say what they wrap in their names.
        // `android` and `android-library` are the Android Gradle Plugin's own older ids of the two (still registered).
        if plugins.contains(where: { $0 == "com.android.application" || $0 == "android" || ($0.lowercased().contains("android") && $0.lowercased().hasSuffix("application")) }) {
            return .application
        }
        if plugins.contains(where: { $0 == "com.android.library" || ($0.lowercased().contains("android") && $0.lowercased().hasSuffix("library")) }) {
            return .library
        }
        if settings.contains(where: { $0.name == .applicationId && $0.flavor == nil }) { return .application }
        return .other
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (name.isEmpty ? folder : folder + "/" + name)
    }

    /// `a/b` → `["a/b", "a", ""]`: the folder and every enclosing one up to the root, nearest first.
    static func ancestorFolders(of folder: String) -> [String] {
        var result = [folder]
        var current = folder
        while !current.isEmpty {
            current = self.folder(of: current)
            result.append(current)
        }
        return result
    }
}
