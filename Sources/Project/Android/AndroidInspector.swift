import Support
import Formats

/// AndroidManifest.xml, Gradle settings and build scripts, `gradle.properties`, version catalogs and the
/// Kotlin constants of buildSrc / build-logic → the Android release model (`AndroidAppModule`s) → facts.
///
/// The modules come from `settings.gradle(.kts)`; an application module is one that applies
/// `com.android.application` (`apply false` only declares it). Each is its own app with its own form factor.
/// See `AndroidFacts` for the facts.
public enum AndroidInspector {
    public static func inspect(files: [ProjectFile], root: String, pluginManifests: [SymbolTableSource] = []) -> PartialInspection {
        var result = PartialInspection()
        var texts: [String: [Substring]] = [:]
        func read(_ file: ProjectFile) -> String? {
            do {
                let text = try InspectedText.read(file)
                texts[file.path] = text.lineSlices()
                return text
            } catch {
                result.problems.append(error.problem)
                return nil
            }
        }

        // Lazily, and only the files a path can name (an `apply from:` script, a network security config): a
        // copy of every file and a dictionary of every path took 30 MB of a 150,000-file tree.
        let shipping = files.lazy.filter { !$0.isVendored }
        let byPath = Dictionary(shipping.filter(Self.isNamedByPath).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })

        // Manifests.
        for file in shipping where file.fileName == "AndroidManifest.xml" {
            guard let text = read(file) else { continue }
            do {
                result.androidManifests.append(try AndroidManifestReader.read(text: text, location: SourceLocation(path: file.path)))
            } catch {
                result.problems.append(error.problem)
            }
        }

        // Properties and catalogs, by the folder they apply to.
        var propertiesByFolder: [String: GradleProperties] = [:]
        for file in shipping where file.fileName == "gradle.properties" {
            if let text = read(file) { propertiesByFolder[folder(of: file.path)] = GradleProperties.parse(text) }
        }
        var catalogsByFolder: [String: (path: String, catalog: VersionCatalog)] = [:]
        for file in shipping where file.fileName == "libs.versions.toml" && folder(of: file.path).split(separator: "/").last == "gradle" {
            guard let text = read(file) else { continue }
            do {
                let catalog = try VersionCatalog.parse(text, location: SourceLocation(path: file.path))
                catalogsByFolder[folder(of: folder(of: file.path))] = (file.path, catalog)
            } catch {
                result.problems.append(error.problem)
            }
        }

        // Settings: which modules each build includes.
        var settingsByFolder: [String: (path: String, settings: GradleSettings)] = [:]
        for file in shipping where file.fileName == "settings.gradle" || file.fileName == "settings.gradle.kts" {
            if let text = read(file) { settingsByFolder[folder(of: file.path)] = (file.path, GradleSettings.parse(text)) }
        }

        // Catalogs a settings file declares under a name (`create("mihonx") { from(files("gradle/mihon.versions.toml")) }`),
        // by the settings folder; a `libs` declared this way stands in where gradle/libs.versions.toml is absent.
        var namedCatalogsByFolder: [String: [String: (path: String, catalog: VersionCatalog)]] = [:]
        let declaredCatalogs = settingsByFolder.flatMap { folder, entry in entry.settings.catalogs.map { (folder, $0.key, $0.value) } }
        if !declaredCatalogs.isEmpty {
            let tomls = Dictionary(shipping.filter { $0.fileName.hasSuffix(".toml") }.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            // Each file parsed once, however many builds name it (an included build names the root's catalog again).
            var triedCatalogs: Set<String> = []
            var parsedCatalogs = Dictionary(catalogsByFolder.values.map { ($0.path, $0.catalog) }, uniquingKeysWith: { first, _ in first })
            for (folder, name, reference) in declaredCatalogs.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
                guard let path = resolveAppliedPath(reference, from: folder), let file = tomls[path] else { continue }
                if parsedCatalogs[path] == nil, !triedCatalogs.contains(path), let text = read(file) {
                    triedCatalogs.insert(path)
                    do {
                        parsedCatalogs[path] = try VersionCatalog.parse(text, location: SourceLocation(path: path))
                    } catch {
                        result.problems.append(error.problem)
                    }
                }
                if let catalog = parsedCatalogs[path] { namedCatalogsByFolder[folder, default: [:]][name] = (path, catalog) }
            }
        }
        /// The catalogs a module's scripts see by name: those its nearest settings declare, and `libs`.
        func catalogs(forModule module: String) -> [String: (path: String, catalog: VersionCatalog)] {
            var found = ancestorFolders(of: module).lazy.compactMap { namedCatalogsByFolder[$0] }.first ?? [:]
            if let libs = ancestorFolders(of: module).lazy.compactMap({ catalogsByFolder[$0] }).first { found["libs"] = libs }
            return found
        }

        // Kotlin constants and precompiled convention plugins of buildSrc and build-logic (and included builds).
        let logicFolders = Set(settingsByFolder.flatMap { folder, entry in
            ["buildSrc", "build-logic"].map { join(folder, $0) } + entry.settings.includedBuilds.map { join(folder, GradleSettings.normalize($0)) }
        } + ["buildSrc", "build-logic"])
        var constants = KotlinConstants()
        var conventionScripts: [String: ProjectFile] = [:]
        // Class-based convention plugins: `gradlePlugin { plugins { register(…) { id = …; implementationClass = … } } }`.
        var kotlinClasses: [String: (path: String, text: String)] = [:]
        var pluginClasses: [String: String] = [:]
        // Top-level and extension functions of build logic (`fun Project.configureFlavors(…)`), by name: a plugin
        // class that calls one configures what that function's body says.
        var kotlinFunctions: [String: String] = [:]
        var kotlinTexts: [String: String] = [:]
        for file in shipping where isBuildLogic(file.path, folders: logicFolders) {
            if file.fileName.hasSuffix(".kt") {
                if let text = read(file) {
                    constants.add(text: text, path: file.path)
                    kotlinClasses[String(file.fileName.dropLast(".kt".count))] = (file.path, text)
                    kotlinTexts[file.path] = text
                    for name in Self.declaredFunctions(text) where kotlinFunctions[name] == nil { kotlinFunctions[name] = file.path }
                }
            } else if file.fileName == "build.gradle.kts" || file.fileName == "build.gradle" {
                if let text = read(file) {
                    for (id, className) in registeredPlugins(text, catalogs: catalogs(forModule: folder(of: file.path)).mapValues(\.catalog)) { pluginClasses[id] = className }
                }
            } else if file.fileName.hasSuffix(".gradle.kts") || file.fileName.hasSuffix(".gradle"), file.path.contains("/src/main/") {
                // `src/main/kotlin/my.android.application.gradle.kts` is the plugin `my.android.application`.
                let id = file.fileName.hasSuffix(".kts") ? file.fileName.dropLast(".gradle.kts".count) : file.fileName.dropLast(".gradle".count)
                conventionScripts[String(id)] = file
            }
        }

        /// `libs.plugins.android.application`, `mihonx.plugins.android.base` → the plugin id the catalog names;
        /// `ThunderbirdPlugins.App.androidCompose` → the `const val` of the build logic it names.
        func pluginId(_ written: String, module: String) -> String? {
            let parts = written.split(separator: ".", maxSplits: 2).map(String.init)
            if parts.count == 3, parts[1] == "plugins", let catalog = catalogs(forModule: module)[parts[0]] {
                return catalog.catalog.pluginId(accessor: parts[2])
            }
            guard GradleValueResolver.isQualifiedName(written) || GradleValueResolver.isIdentifier(written),
                  let constant = constants.lookup(written) else { return nil }
            return GradleValueResolver.literal(GradleValueResolver.unwrap(constant.expression))
        }

        // Build scripts.
        var buildTexts: [(file: ProjectFile, text: String)] = []
        for file in shipping where (file.fileName == "build.gradle" || file.fileName == "build.gradle.kts") && !isBuildLogic(file.path, folders: logicFolders) {
            guard let text = read(file) else { continue }
            buildTexts.append((file, text))
        }
        // Read in order (problems and texts are recorded as before), parsed over the cores: a build of some
        // hundreds of modules has as many scripts, and parsing them was the largest part of this inspector.
        let scriptTexts = buildTexts.map(\.text)
        let parsed = ConcurrentMap.map(count: scriptTexts.count) { GradleScript.parse(scriptTexts[$0]) }
        let scripts: [(file: ProjectFile, script: GradleScript)] = zip(buildTexts, parsed).map { ($0.0.file, $0.1) }

        // Scripts applied with `apply from:` (and precompiled convention plugins), read once each.
        var applied: [String: GradleScript] = [:]
        func appliedScripts(of script: GradleScript, at path: String, depth: Int = 0) -> [(path: String, script: GradleScript)] {
            guard depth < 4 else { return [] }
            var found: [(String, GradleScript)] = []
            for reference in script.appliedScripts {
                guard let target = resolveAppliedPath(reference.path, from: folder(of: path)), let file = byPath[target] else { continue }
                if applied[target] == nil, let text = read(file) { applied[target] = GradleScript.parse(text) }
                guard let parsed = applied[target] else { continue }
                found.append((target, parsed))
                found += appliedScripts(of: parsed, at: target, depth: depth + 1)
            }
            return found
        }
        // A plugin class (or a precompiled script plugin), the plugin classes it applies by id and the build-logic
        // functions it calls (three levels): `configureFlavors(this)` in NiaFlavor.kt creates the flavours,
        // `configureAndroidApplication()` in breezy-weather's precompiled script sets minSdk,
        // `"implementation"(project(":core:ui"))` in a feature plugin adds a module.
        func logicScripts(text: String, path: String) -> [(path: String, script: GradleScript)] {
            var found: [(path: String, script: GradleScript)] = []
            var seenPaths: Set<String> = []
            var pending: [(text: String?, path: String, depth: Int)] = [(text, path, 0)]
            while !pending.isEmpty && seenPaths.count < 32 {
                let (text, path, depth) = pending.removeFirst()
                guard !seenPaths.contains(path) else { continue }
                seenPaths.insert(path)
                guard let text = text ?? kotlinTexts[path] else { continue }
                if applied[path] == nil { applied[path] = GradleScript.parse(text) }
                guard let parsed = applied[path] else { continue }
                found.append((path, parsed))
                guard depth < 3 else { continue }
                for plugin in parsed.plugins {
                    if let className = pluginClasses[plugin.id], let source = kotlinClasses[className.split(separator: ".").last.map(String.init) ?? className] {
                        pending.append((source.text, source.path, depth + 1))
                    }
                }
                for name in Self.calledFunctions(text) {
                    if let declaring = kotlinFunctions[name], declaring != path { pending.append((nil, declaring, depth + 1)) }
                }
            }
            return found
        }
        func pluginClassScripts(_ id: String) -> [(path: String, script: GradleScript)] {
            guard let className = pluginClasses[id], let source = kotlinClasses[className.split(separator: ".").last.map(String.init) ?? className] else { return [] }
            return logicScripts(text: source.text, path: source.path)
        }
        // A precompiled script plugin in a package is `<package>.<file name>` (Gradle's rule); by that id too.
        // Probed quietly: a script no module applies is read (and its problems reported) only when one does.
        for (id, file) in conventionScripts {
            guard let text = try? InspectedText.read(file), let package = Self.packageName(text) else { continue }
            if conventionScripts[package + "." + id] == nil { conventionScripts[package + "." + id] = file }
        }
        // The convention plugins a module applies, and those they apply in turn (`breezy.android.application`
        // applies `breezy.code.lint`), precompiled scripts and plugin classes alike, each once, four levels deep.
        var conventionTexts: [String: String] = [:]
        func conventionSources(of plugins: [(id: String, line: Int)], module: String) -> [(path: String, script: GradleScript)] {
            var found: [(path: String, script: GradleScript)] = []
            var seen: Set<String> = []
            var pending = plugins.map { ($0.id, 0) }
            while !pending.isEmpty && seen.count < 64 {
                let (written, depth) = pending.removeFirst()
                let id = pluginId(written, module: module) ?? written
                guard !seen.contains(id) else { continue }
                seen.insert(id)
                var sources: [(path: String, script: GradleScript)] = []
                if let convention = conventionScripts[id] {
                    // Read once; a script that cannot be read is reported once and followed as empty.
                    if conventionTexts[convention.path] == nil { conventionTexts[convention.path] = read(convention) ?? "" }
                    if let text = conventionTexts[convention.path] {
                        let followed = logicScripts(text: text, path: convention.path)
                        sources = followed + (followed.first.map { appliedScripts(of: $0.script, at: convention.path) } ?? [])
                    }
                } else if pluginClasses[id] != nil {
                    sources = pluginClassScripts(id)
                }
                for source in sources where !found.contains(where: { $0.path == source.path }) {
                    found.append(source)
                    if depth < 3 { pending += source.script.plugins.map { ($0.id, depth + 1) } }
                }
            }
            return found
        }
        var appliedByScript: [String: [(path: String, script: GradleScript)]] = [:]
        for (file, script) in scripts {
            appliedByScript[file.path] = appliedScripts(of: script, at: file.path) + conventionSources(of: script.plugins, module: folder(of: file.path))
        }

        // `.properties` files the build logic names by a literal (`file("config.properties")`,
        // `"$rootDir/app/version/version.properties"`), read once: what a `Properties` it loads answers.
        var loadedProperties: [GradleValueResolver.PropertiesScope] = []
        let propertyFiles = Dictionary(shipping.filter { $0.fileName.hasSuffix(".properties") && $0.fileName != "gradle.properties" && $0.fileName != "local.properties" }
            .map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        if !propertyFiles.isEmpty {
            var named: [String] = []
            for (path, lines) in texts where path.hasSuffix(".kt") || path.hasSuffix(".kts") || path.hasSuffix(".gradle") {
                for line in lines where line.contains(".properties") {
                    for literal in GradleSettings.quoted(in: String(line)) where literal.hasSuffix(".properties") {
                        let candidates = [resolveAppliedPath(literal, from: folder(of: path)), resolveAppliedPath(literal, from: "")]
                        if let hit = candidates.compactMap({ $0 }).first(where: { propertyFiles[$0] != nil }), !named.contains(hit) { named.append(hit) }
                    }
                }
            }
            for path in named.sorted().prefix(16) {
                if let file = propertyFiles[path], let text = read(file) {
                    loadedProperties.append(.init(path: path, properties: GradleProperties.parse(text)))
                }
            }
        }

        // ext values of each project: its own, then those of the scripts it applies.
        var extByFolder: [String: [GradleValueResolver.Scope]] = [:]
        for (file, script) in scripts {
            let key = folder(of: file.path)
            guard extByFolder[key] == nil else { continue }
            extByFolder[key] = [GradleValueResolver.Scope(path: file.path, definitions: script.extValues, locals: script.locals)]
                + (appliedByScript[file.path] ?? []).map { GradleValueResolver.Scope(path: $0.path, definitions: $0.script.extValues + $0.script.locals, locals: $0.script.locals) }
        }

        func resolver(forModule module: String, file: String, locals: [GradleScript.Definition]) -> GradleValueResolver {
            let ancestors = ancestorFolders(of: module)
            var resolver = GradleValueResolver(
                file: file,
                locals: locals,
                extScopes: ancestors.flatMap { extByFolder[$0] ?? [] },
                properties: ancestors.compactMap { folder in propertiesByFolder[folder].map { GradleValueResolver.PropertiesScope(path: join(folder, "gradle.properties"), properties: $0) } },
                catalog: ancestors.lazy.compactMap { catalogsByFolder[$0] }.first)
            resolver.constants = constants
            resolver.namedCatalogs = catalogs(forModule: module)
            resolver.loadedProperties = loadedProperties
            return resolver
        }
        func resolved(_ settings: [GradleSetting], with resolver: GradleValueResolver) -> [GradleSetting] {
            var settings = settings
            for index in settings.indices {
                if let (value, at) = resolver.resolve(settings[index].expression) {
                    settings[index].value = value
                    settings[index].resolvedAt = at
                }
            }
            return settings
        }

        var gradleFiles: [String: GradleFile] = [:]
        for (file, script) in scripts {
            let module = folder(of: file.path)
            let resolver = resolver(forModule: module, file: file.path, locals: script.locals)
            let settings = resolved(script.settings, with: resolver)
            let plugins = script.plugins.map { plugin -> String in pluginId(plugin.id, module: module) ?? plugin.id }
            // A convention plugin that applies the application plugin makes an application module.
            let conventionPlugins = (appliedByScript[file.path] ?? []).flatMap { $0.script.plugins.map(\.id) }
            var kind = moduleKind(plugins: plugins, settings: settings)
            let conventionKind = moduleKind(plugins: conventionPlugins, settings: [])
            if kind != .application && conventionKind != .other { kind = conventionKind }
            // Flavours the module's own script declares, else those its convention plugins create.
            let appliedFlavors = (appliedByScript[file.path] ?? []).flatMap(\.script.flavors)
            var flavors = script.flavors
            for flavor in appliedFlavors where !flavors.contains(where: { $0.name == flavor.name }) { flavors.append(flavor) }
            let gradleFile = GradleFile(location: SourceLocation(path: file.path), isKotlinScript: file.fileName.hasSuffix(".kts"),
                                        module: module, kind: kind, plugins: plugins, settings: settings,
                                        productFlavors: flavors)
            gradleFiles[file.path] = gradleFile
            result.gradleFiles.append(gradleFile)
        }

        // The modules each build includes; a script outside every include list is not part of a build.
        var included = includedModules(scripts: scripts.map(\.file.path), settings: settingsByFolder)
        let appModules = gradleFiles.values.filter { $0.kind == .application }.map(\.module)
        if !appModules.isEmpty && !appModules.contains(where: { included.contains($0) }) {
            // Settings we could not follow (a computed projectDir): better every app module than none.
            included.formUnion(appModules)
        }
        let lookedAtFiles = (catalogsByFolder.values.map(\.path) + propertiesByFolder.keys.map { join($0, "gradle.properties") }
            + Set(constants.constants.map(\.path))).sorted()

        // `<module>/src/<set>/AndroidManifest.xml`, or `<module>/AndroidManifest.xml` in the old layout.
        let manifestsByModule = Dictionary(grouping: result.androidManifests.filter { !$0.isTestOrDebugOnly }) { manifest -> String in
            let path = manifest.location.path
            return manifest.sourceSet == nil ? folder(of: path) : folder(of: folder(of: folder(of: path)))
        }

        let storeEvidence = AndroidStoreEvidence.read(files: Array(shipping), read: read)
        // Flutter and React Native apps: the package lists their Android builds merge plugin manifests from.
        let packageLists = Dictionary(shipping.filter { ["pubspec.yaml", "pubspec.lock", "package.json"].contains($0.fileName) }.map { ($0.path, $0) },
                                      uniquingKeysWith: { first, _ in first })
        let pluginRows = CrossPlatformPackages.KnownManifest.rows(pluginManifests)
        let manifestsByPath = Dictionary(result.androidManifests.map { ($0.location.path, $0) }, uniquingKeysWith: { first, _ in first })
        var describedLines: [String: String] = [:]
        // In-tree package names by manifest kind, read once per inspection and only when an app asks.
        let quietRead: (ProjectFile) -> String? = { try? InspectedText.read($0) }
        var memberNames: [String: [String: String]] = [:]
        func members(_ kind: String) -> [String: String] {
            if let known = memberNames[kind] { return known }
            let names = CrossPlatformPackages.members(kind, files: packageLists, read: quietRead)
            memberNames[kind] = names
            return names
        }
        var modules: [AndroidAppModule] = []
        for (file, script) in scripts {
            guard let gradleFile = gradleFiles[file.path], gradleFile.kind == .application, included.contains(gradleFile.module) else { continue }
            let moduleFolder = gradleFile.module
            let name = moduleFolder.isEmpty ? "root" : moduleFolder
            let pluginLine = zip(script.plugins, gradleFile.plugins).first { moduleKind(plugins: [$0.1], settings: []) == .application }?.0.line
            var module = AndroidAppModule(name: name, buildFile: file.path, pluginLine: pluginLine ?? script.plugins.first?.line)
            func evidence(_ path: String, _ line: Int?) -> Evidence {
                Evidence(location: SourceLocation(path: path, line: line), snippet: line.map { lineText(texts, path, $0) } ?? "")
            }
            module.notShipping = AndroidAppModule.notShippingReason(name: name)

            let ownManifests = manifestsByModule[moduleFolder] ?? []
            var (flavors, reason) = AndroidAppModule.releaseFlavors(gradleFile.productFlavors.map(\.name))
            // Flavours created by computed names (`register(flavor.name)` over an enum, in a convention plugin or
            // the script): every flavour source set the module has is merged, and the facts say so.
            let computedFlavors = ([(file.path, script)] + (appliedByScript[file.path] ?? []))
                .compactMap { entry in entry.script.computedFlavorsLine.map { (entry.path, $0) } }.first
            if let (path, line) = computedFlavors {
                let sets = Self.flavorSourceSets(ownManifests).filter { name in !flavors.contains(name) }
                flavors += sets
                reason = "flavours created with computed names at \(path):\(line) were not read: every flavour source set merged"
                    + (sets.isEmpty ? "" : " (\(sets.joined(separator: ", ")))")
                module.flavorsUnresolved = evidence(path, line)
            }
            module.releaseFlavors = flavors
            module.releaseFlavorReason = reason

            // Settings: the module's own, then those of the scripts and convention plugins it applies.
            var located: [(setting: GradleSetting, path: String)] = gradleFile.settings.map { ($0, file.path) }
            for other in appliedByScript[file.path] ?? [] {
                let otherResolver = resolver(forModule: moduleFolder, file: other.path, locals: other.script.locals + script.locals)
                located += resolved(other.script.settings, with: otherResolver).map { ($0, other.path) }
            }
            func candidates(_ name: GradleSetting.Name) -> [(setting: GradleSetting, path: String)] {
                let relevant = located.filter { $0.setting.name == name && ($0.setting.flavor == nil || flavors.contains($0.setting.flavor!)) }
                // The module's own declaration wins over an applied script's.
                let own = relevant.filter { $0.path == file.path }
                return own.isEmpty ? relevant : own
            }
            func resolvedValue(_ name: GradleSetting.Name, lowest: Bool) -> AndroidAppModule.Resolved? {
                let known = candidates(name).compactMap { entry -> (String, [Evidence])? in
                    guard let value = entry.setting.value else { return nil }
                    let source = entry.setting.resolvedAt.map { [evidence($0.path, $0.line)] } ?? []
                    return (value, [evidence(entry.path, entry.setting.line)] + source)
                }
                if lowest, let min = known.filter({ Int($0.0) != nil }).min(by: { Int($0.0)! < Int($1.0)! }) {
                    return .init(value: min.0, evidence: min.1)
                }
                // defaultConfig first (flavor nil sorts first in declaration order anyway).
                return known.first.map { .init(value: $0.0, evidence: $0.1) }
            }
            module.targetSdk = resolvedValue(.targetSdk, lowest: true)
            module.minSdk = resolvedValue(.minSdk, lowest: true)
            module.versionCode = resolvedValue(.versionCode, lowest: false).flatMap { Int($0.value) != nil ? $0 : nil }
            module.applicationId = resolvedValue(.applicationId, lowest: false)
            if module.versionCode == nil {
                let tried = candidates(.versionCode).map { evidence($0.path, $0.setting.line) }
                let scriptsRead = [file.path] + (appliedByScript[file.path] ?? []).map(\.path)
                module.versionCodeLookedAt = tried.isEmpty
                    ? [Evidence(location: SourceLocation(path: file.path), snippet: "no versionCode in defaultConfig of \(scriptsRead.joined(separator: ", "))")]
                    : tried
            }
            if module.targetSdk == nil {
                let tried = candidates(.targetSdk).map { evidence($0.path, $0.setting.line) }
                let scriptsRead = [file.path] + (appliedByScript[file.path] ?? []).map(\.path)
                module.targetSdkLookedAt = tried.isEmpty
                    ? [Evidence(location: SourceLocation(path: file.path), snippet: "no targetSdk in defaultConfig of \(scriptsRead.joined(separator: ", "))")]
                    : tried
                module.targetSdkLookedAt += lookedAtFiles.map { Evidence(location: SourceLocation(path: $0), snippet: "") }
            }

            // The merged release manifest: this module's source sets, then the in-repo libraries it depends on.
            let graph = libraryGraph(of: moduleFolder, scripts: scripts, gradleFiles: gradleFiles, appliedByScript: appliedByScript,
                                     manifestsByModule: manifestsByModule, settings: settingsByFolder, included: included, flavors: flavors)
            module.libraryModules = graph.modules
            module.graphUnresolved = graph.unresolved.map { evidence($0.path, $0.line) }
            module.graphWidened = graph.widened
            // Then what the app's Flutter plugins or React Native modules add (in-tree manifests, known published ones).
            var pluginManifests: [AndroidManifestFile] = []
            // Read quietly: these lists are not Android build files, and a broken one is the dependency inspectors' to report.
            if var packages = CrossPlatformPackages.find(module: moduleFolder, files: packageLists, read: quietRead, members: members, table: pluginRows) {
                let added = packages.manifests(inTreeManifests: manifestsByPath)
                packages.mergedInTree = added.merged
                pluginManifests = added.manifests.filter { manifest in !graph.manifests.contains { $0.location.path == manifest.location.path } }
                describedLines.merge(added.described) { first, _ in first }
                module.crossPlatform = packages
            }
            module.manifest = mergedRelease(own: ownManifests, flavors: flavors, libraries: graph.manifests + pluginManifests)
            // A known package's permissions are placed at its lock line: not a manifest the release merges from a file.
            let placed = Set(pluginManifests.filter { $0.location.line != nil }.map(\.location.path))
            module.manifest.sources.removeAll { placed.contains($0) }
            if module.applicationId == nil, let package = module.manifest.package {
                module.applicationId = .init(value: package.value, evidence: [Evidence(location: SourceLocation(path: package.path), snippet: "package=\"\(package.value)\"")])
            }
            if module.targetSdk == nil, let target = module.manifest.usesSdk["android:targetSdkVersion"], Int(target.value.value) != nil {
                // Very old projects still state it in the manifest.
                module.targetSdk = .init(value: target.value.value, evidence: [evidence(target.path, target.line)])
                module.targetSdkLookedAt = []
            }
            if module.minSdk == nil, let min = module.manifest.usesSdk["android:minSdkVersion"], Int(min.value.value) != nil {
                module.minSdk = .init(value: min.value.value, evidence: [evidence(min.path, min.line)])
            }

            if let config = module.manifest.application["android:networkSecurityConfig"] {
                // `@xml/network_security_config` → the module's main res/xml file, read for a permissive base-config.
                let name = config.value.value.hasPrefix("@xml/") ? String(config.value.value.dropFirst("@xml/".count)) : nil
                let configPath = name.map { join(moduleFolder, "src/main/res/xml/\($0).xml") }
                if let configPath, let file = byPath[configPath], let text = read(file), let line = permissiveBaseConfigLine(text) {
                    module.cleartext = evidence(configPath, line)
                }
            } else if let cleartext = module.manifest.application["android:usesCleartextTraffic"], cleartext.value.value == "true" {
                module.cleartext = evidence(cleartext.path, cleartext.line)
            }
            // The release build type made debuggable in Gradle: the build sets android:debuggable in the merged manifest.
            // The module's own script first, then the scripts it applies (a convention plugin's
            // `buildTypes { release { isDebuggable = true } }` configures this module's release build the same way).
            for path in [module.buildFile] + (appliedByScript[file.path] ?? []).map(\.path) {
                // A class-based convention plugin is a .kt file, which byPath (build scripts and XML) does not hold.
                if let script = byPath[path] ?? shipping.first(where: { $0.path == path }), let text = read(script),
                   let line = releaseDebuggableLine(text) {
                    module.gradleDebuggable = evidence(path, line)
                    break
                }
            }

            let catalog = ancestorFolders(of: moduleFolder).lazy.compactMap { catalogsByFolder[$0] }.first
            let dependencies = script.dependencies.compactMap { declaration -> (module: String, path: String, line: Int)? in
                if declaration.notation.hasPrefix("libs.") {
                    guard let library = catalog?.catalog.library(accessor: String(declaration.notation.dropFirst("libs.".count))) else { return nil }
                    return (library.module, file.path, declaration.line)
                }
                return (declaration.notation, file.path, declaration.line)
            }
            let appliedPlugins = (appliedByScript[file.path] ?? []).flatMap { entry in entry.script.plugins.map { ($0.id, entry.path, $0.line) } }
            (module.playEvidence, module.fdroidEvidence, module.githubEvidence) = storeEvidence.evidence(
                applicationId: module.applicationId?.value, flavors: gradleFile.productFlavors.map(\.name), buildFile: file.path,
                plugins: zip(script.plugins, gradleFile.plugins).map { ($0.1, file.path, $0.0.line) } + appliedPlugins,
                dependencies: dependencies, flavorLine: { name in gradleFile.productFlavors.first { $0.name == name }?.line })
            let (formFactor, marker) = AndroidFormFactor.detect(manifest: module.manifest, dependencies: dependencies)
            module.formFactor = formFactor
            module.formFactorMarker = marker
            modules.append(module)
        }

        // Without any module (a bare manifest, an old Eclipse layout) the shipping manifests still say something.
        let looseManifest = modules.isEmpty ? AndroidMergedManifest.merge(result.androidManifests.filter { !$0.isTestOrDebugOnly }) : nil
        result.androidShippedPermissions = AndroidFacts.shippedPermissions(modules: modules, looseManifest: looseManifest)
        result.facts = AndroidFacts.make(modules: modules, looseManifest: looseManifest,
                                         line: { path, line in describedLines["\(path):\(line)"] ?? lineText(texts, path, line) })
        return result
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

    /// Identifiers written as calls (`configureFlavors(`) in a Kotlin text, once each, at most 500.
    static func calledFunctions(_ text: String) -> [String] {
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

    /// The manifests of the in-repo library modules `module` depends on, directly or through other libraries
    /// (their own scripts and the convention plugins they apply), nearest first: each library's main and
    /// release source sets and those named for the app's release flavours. Only `project(":x")` /
    /// `projects.x` dependencies are followed; when anything on the way cannot be read statically, the graph
    /// is widened to every non-test manifest of every Android library module the builds include.
    static func libraryGraph(of module: String, scripts: [(file: ProjectFile, script: GradleScript)], gradleFiles: [String: GradleFile],
                             appliedByScript: [String: [(path: String, script: GradleScript)]],
                             manifestsByModule: [String: [AndroidManifestFile]],
                             settings: [String: (path: String, settings: GradleSettings)], included: Set<String>,
                             flavors: [String]) -> LibraryGraph {
        let scriptByModule = Dictionary(scripts.map { (folder(of: $0.file.path), $0) }, uniquingKeysWith: { first, _ in first })
        let known = settings.flatMap { folder, entry in entry.settings.modules.map { ($0.path, join(folder, $0.folder)) } }
        func isLibrary(_ folder: String) -> Bool {
            // A library, or a module whose convention plugin hides its kind; never an app nor a `com.android.test` module.
            guard let script = scriptByModule[folder], let file = gradleFiles[script.file.path] else { return false }
            return file.kind == .library || (file.kind == .other && !file.plugins.contains { $0 == "com.android.test" || $0.hasSuffix("android.test") })
        }
        // A path whose folder holds no build script (a projectDir the settings compute): the one library module
        // folder with the same last name, if there is exactly one.
        let libraryFolders = scriptByModule.keys.filter { isLibrary($0) && included.contains($0) }
        func simplified(_ name: Substring) -> String { name.lowercased().filter { $0 != "-" && $0 != "_" } }
        // Each module path and library folder simplified once, not once per `projects.x.y` dependency: on a build
        // of some 200 modules (thunderbird-android) that matching was nearly half of a whole `check`.
        // Looked up by key, not by scanning every module per reference (a build of ~400 modules, duckduckgo's,
        // asks thousands of times): the first module of a path, as `first(where:)` found it, and the library
        // folders by simplified path and by last name.
        var knownBySimplified: [[String]: String] = [:]
        var knownByPath: [String: String] = [:]
        for (path, folder) in known {
            let key = path.split(separator: ":").map(simplified)
            if knownBySimplified[key] == nil { knownBySimplified[key] = folder }
            if knownByPath[path] == nil { knownByPath[path] = folder }
        }
        var librariesBySimplified: [[String]: [String]] = [:]
        var librariesByLastName: [String: [String]] = [:]
        for folder in libraryFolders {
            librariesBySimplified[folder.split(separator: "/").map(simplified), default: []].append(folder)
            if let last = folder.split(separator: "/").last { librariesByLastName[String(last), default: []].append(folder) }
        }
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
        if plugins.contains(where: { $0 == "com.android.application" || ($0.lowercased().contains("android") && $0.lowercased().hasSuffix("application")) }) {
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
