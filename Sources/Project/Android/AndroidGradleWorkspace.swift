import Support
import Formats

extension AndroidInspector {
    /// One inspection's Gradle workspace: the shipping files, every Android build file read (each once, its
    /// problems kept in reading order) and what they declare, by the folder they apply to. The steps fill it in
    /// order: `readManifests`, `readBuild`, then module resolution (AndroidModuleResolution.swift) and the release
    /// model (AndroidReleaseModules.swift) read it.
    final class GradleWorkspace {
        let shipping: LazyFilterSequence<[ProjectFile]>
        /// Every file of the walk, and beside each the build-file names it has (`BuildFileNames`, none when vendored).
        let walkedFiles: [ProjectFile]
        let buildFileNames: [BuildFileNames]
        let byPath: [String: ProjectFile]
        /// The lines of every file read, by path: what evidence quotes.
        var texts: [String: [Substring]] = [:]
        /// The files that could not be read or parsed, in reading order.
        var problems: [InputProblem] = []

        var propertiesByFolder: [String: GradleProperties] = [:]
        var catalogsByFolder: [String: (path: String, catalog: VersionCatalog)] = [:]
        var settingsByFolder: [String: (path: String, settings: GradleSettings)] = [:]
        var namedCatalogsByFolder: [String: [String: (path: String, catalog: VersionCatalog)]] = [:]
        var logicFolders: Set<String> = []
        var constants = KotlinConstants() { didSet { constantPluginIds = [:] } }
        /// `pluginId`'s answer for a name written in a `plugins` block that is not a catalog accessor, by the name:
        /// each is a scan of every build-logic constant, and thunderbird-android's 400 modules ask for the same few
        /// convention plugins (7% of `check` there). Emptied whenever `constants` changes.
        var constantPluginIds: [String: String?] = [:]
        var conventionScripts: [String: ProjectFile] = [:]
        // Class-based convention plugins: `gradlePlugin { plugins { register(…) { id = …; implementationClass = … } } }`.
        var kotlinClasses: [String: (path: String, text: String)] = [:]
        var pluginClasses: [String: String] = [:]
        // Top-level and extension functions of build logic (`fun Project.configureFlavors(…)`), by name: a plugin
        // class that calls one configures what that function's body says.
        var kotlinFunctions: [String: String] = [:]
        var kotlinTexts: [String: String] = [:]
        /// Every file of the build logic, by path: a class-based convention plugin a module applies is a .kt file,
        /// which `byPath` does not hold, and looking it up among every file of the tree was a scan of the tree for
        /// each applied path of each app module.
        var logicFiles: [String: ProjectFile] = [:]
        var scripts: [(file: ProjectFile, script: GradleScript)] = []
        var applied: [String: GradleScript] = [:]
        /// `logicScripts` by the path it starts from: the same convention plugin is followed once for all the
        /// modules that apply it (thunderbird-android's 400 modules re-walked it each, 14% of `check`).
        var logicScriptsByPath: [String: [(path: String, script: GradleScript)]] = [:]
        var conventionTexts: [String: String] = [:]
        var appliedByScript: [String: [(path: String, script: GradleScript)]] = [:]
        var loadedProperties: [GradleValueResolver.PropertiesScope] = []
        var extByFolder: [String: [GradleValueResolver.Scope]] = [:]
        // Filled by module resolution.
        var gradleFiles: [String: GradleFile] = [:]
        var included: Set<String> = []
        /// The modules as the library graph looks them up, made when the release model first asks: by then module
        /// resolution has filled `gradleFiles` and `included`, and nothing changes them after.
        lazy var libraryIndex = AndroidInspector.LibraryIndex(scripts: scripts, gradleFiles: gradleFiles, settings: settingsByFolder, included: included)
        // Filled by the release model.
        var describedLines: [String: String] = [:]
        var packageLists: [String: ProjectFile] = [:]
        var memberNames: [String: [String: String]] = [:]

        /// The Gradle files read and parsed before this inspection (`GradleFilesInspector`), by path.
        let shared: GradleFilesPart

        init(files: [ProjectFile], shared: GradleFilesPart = GradleFilesPart()) {
            self.shared = shared
            // Lazily, and only the files a path can name (an `apply from:` script, a network security config): a
            // copy of every file and a dictionary of every path took 30 MB of a 150,000-file tree.
            let shipping = files.lazy.filter { !$0.isVendored }
            self.shipping = shipping
            walkedFiles = files
            let names = files.map(BuildFileNames.init)
            buildFileNames = names
            byPath = Dictionary(files.indices.lazy.filter { names[$0].contains(.namedByPath) }.map { (files[$0].path, files[$0]) },
                                uniquingKeysWith: { first, _ in first })
        }

        /// The shipping files that have `name`, in the walk's order.
        func shippingFiles(named name: BuildFileNames) -> [ProjectFile] {
            walkedFiles.indices.filter { buildFileNames[$0].contains(name) }.map { walkedFiles[$0] }
        }

        func read(_ file: ProjectFile) -> String? {
            if let read = shared.files[file.path] {
                switch read.text {
                case .success(let text):
                    texts[file.path] = read.lines
                    return text
                case .failure(let failure):
                    problems.append(failure.problem)
                    return nil
                }
            }
            do {
                let text = try InspectedText.read(file)
                texts[file.path] = text.lineSlices()
                return text
            } catch {
                problems.append(error.problem)
                return nil
            }
        }

        /// Every shipping AndroidManifest.xml.
        func readManifests() -> [AndroidManifestFile] {
            var manifests: [AndroidManifestFile] = []
            for file in shippingFiles(named: .manifest) {
                guard let text = read(file) else { continue }
                do {
                    manifests.append(try AndroidManifestReader.read(text: text, location: SourceLocation(path: file.path)))
                } catch {
                    problems.append(error.problem)
                }
            }
            return manifests
        }

        /// The build around the manifests, in this order (the order problems are reported in).
        func readBuild() {
            readPropertiesAndCatalogs()
            readSettings()
            readNamedCatalogs()
            readBuildLogic()
            readBuildScripts()
            followAppliedScripts()
            readLoadedProperties()
            collectExtValues()
        }

        func readPropertiesAndCatalogs() {
            // Properties and catalogs, by the folder they apply to.
            for file in shippingFiles(named: .gradleProperties) {
                if let text = read(file) { propertiesByFolder[folder(of: file.path)] = GradleProperties.parse(text) }
            }
            for file in shippingFiles(named: .libsCatalog) where folder(of: file.path).split(separator: "/").last == "gradle" {
                guard let text = read(file) else { continue }
                do {
                    let catalog = try parseCatalog(text, path: file.path)
                    catalogsByFolder[folder(of: folder(of: file.path))] = (file.path, catalog)
                } catch {
                    problems.append(error.problem)
                }
            }
        }

        /// A catalog's parse: the shared one when the file was parsed before this inspection.
        func parseCatalog(_ text: String, path: String) throws(InspectedText.Failure) -> VersionCatalog {
            if let parsed = shared.files[path]?.catalog { return try parsed.get() }
            return try VersionCatalog.parse(text, location: SourceLocation(path: path))
        }

        /// A script's parse: the shared one when the file was parsed before this inspection.
        func parseScript(_ text: String, path: String) -> GradleScript {
            shared.files[path]?.script ?? GradleScript.parse(text)
        }

        func readSettings() {
            // Settings: which modules each build includes.
            for file in shippingFiles(named: .settings) {
                if let text = read(file) { settingsByFolder[folder(of: file.path)] = (file.path, GradleSettings.parse(text)) }
            }
        }

        func readNamedCatalogs() {
            // Catalogs a settings file declares under a name (`create("mihonx") { from(files("gradle/mihon.versions.toml")) }`),
            // by the settings folder; a `libs` declared this way stands in where gradle/libs.versions.toml is absent.
            let declaredCatalogs = settingsByFolder.flatMap { folder, entry in entry.settings.catalogs.map { (folder, $0.key, $0.value) } }
            if !declaredCatalogs.isEmpty {
                let tomls = Dictionary(shippingFiles(named: .toml).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
                // Each file parsed once, however many builds name it (an included build names the root's catalog again).
                var triedCatalogs: Set<String> = []
                var parsedCatalogs = Dictionary(catalogsByFolder.values.map { ($0.path, $0.catalog) }, uniquingKeysWith: { first, _ in first })
                for (folder, name, reference) in declaredCatalogs.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
                    guard let path = resolveAppliedPath(reference, from: folder), let file = tomls[path] else { continue }
                    if parsedCatalogs[path] == nil, !triedCatalogs.contains(path), let text = read(file) {
                        triedCatalogs.insert(path)
                        do {
                            parsedCatalogs[path] = try parseCatalog(text, path: path)
                        } catch {
                            problems.append(error.problem)
                        }
                    }
                    if let catalog = parsedCatalogs[path] { namedCatalogsByFolder[folder, default: [:]][name] = (path, catalog) }
                }
            }
        }

        /// The catalogs a module's scripts see by name: those its nearest settings declare, and `libs`.
        func catalogs(forModule module: String) -> [String: (path: String, catalog: VersionCatalog)] {
            var found = ancestorFolders(of: module).lazy.compactMap { self.namedCatalogsByFolder[$0] }.first ?? [:]
            if let libs = ancestorFolders(of: module).lazy.compactMap({ self.catalogsByFolder[$0] }).first { found["libs"] = libs }
            return found
        }

        func readBuildLogic() {
            // Kotlin constants and precompiled convention plugins of buildSrc and build-logic (and included builds).
            logicFolders = Set(settingsByFolder.flatMap { folder, entry in
                ["buildSrc", "build-logic"].map { join(folder, $0) } + entry.settings.includedBuilds.map { join(folder, GradleSettings.normalize($0)) }
            } + ["buildSrc", "build-logic"])
            for file in shipping where isBuildLogic(file.path, folders: logicFolders) {
                if logicFiles[file.path] == nil { logicFiles[file.path] = file }
                if file.fileName.hasSuffix(".kt") {
                    if let text = read(file) {
                        constants.add(text: text, path: file.path)
                        kotlinClasses[String(file.fileName.dropLast(".kt".count))] = (file.path, text)
                        // A class is found by its own name too, in whichever file declares it.
                        for name in AndroidInspector.declaredClasses(text) where kotlinClasses[name] == nil { kotlinClasses[name] = (file.path, text) }
                        kotlinTexts[file.path] = text
                        for name in AndroidInspector.declaredFunctions(text) where kotlinFunctions[name] == nil { kotlinFunctions[name] = file.path }
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
        }

        /// `libs.plugins.android.application`, `mihonx.plugins.android.base` → the plugin id the catalog names;
        /// `ThunderbirdPlugins.App.androidCompose` → the `const val` of the build logic it names.
        func pluginId(_ written: String, module: String) -> String? {
            let parts = written.split(separator: ".", maxSplits: 2).map(String.init)
            if parts.count == 3, parts[1] == "plugins", let catalog = catalogs(forModule: module)[parts[0]] {
                return catalog.catalog.pluginId(accessor: parts[2])
            }
            if let known = constantPluginIds[written] { return known }
            let id = constantPluginId(written)
            constantPluginIds.updateValue(id, forKey: written)
            return id
        }

        /// The plugin id a build-logic constant of that name holds (`Plugins.ANDROID_APP`), if it holds a literal.
        private func constantPluginId(_ written: String) -> String? {
            guard GradleValueResolver.isQualifiedName(written) || GradleValueResolver.isIdentifier(written),
                  let constant = constants.lookup(written) else { return nil }
            return GradleValueResolver.literal(GradleValueResolver.unwrap(constant.expression))
        }

        func readBuildScripts() {
            // Build scripts.
            var buildTexts: [(file: ProjectFile, text: String)] = []
            for file in shippingFiles(named: .buildScript) where !isBuildLogic(file.path, folders: logicFolders) {
                guard let text = read(file) else { continue }
                buildTexts.append((file, text))
            }
            // Read in order (problems and texts are recorded as before), parsed over the cores: a build of some
            // hundreds of modules has as many scripts, and parsing them was the largest part of this inspector.
            // (Shared with the dependency reader through `GradleFilesInspector`, which parsed them already.)
            let scriptTexts = buildTexts.map(\.text)
            let scriptPaths = buildTexts.map(\.file.path)
            let shared = self.shared
            let parsed = ConcurrentMap.map(count: scriptTexts.count) { shared.files[scriptPaths[$0]]?.script ?? GradleScript.parse(scriptTexts[$0]) }
            scripts = zip(buildTexts, parsed).map { ($0.0.file, $0.1) }
        }

        // Scripts applied with `apply from:` (and precompiled convention plugins), read once each.
        func appliedScripts(of script: GradleScript, at path: String, depth: Int = 0) -> [(path: String, script: GradleScript)] {
            guard depth < 4 else { return [] }
            var found: [(String, GradleScript)] = []
            for reference in script.appliedScripts {
                guard let target = resolveAppliedPath(reference.path, from: folder(of: path)), let file = byPath[target] else { continue }
                if applied[target] == nil, let text = read(file) { applied[target] = parseScript(text, path: target) }
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
            if let known = logicScriptsByPath[path] { return known }
            let found = followLogic(text: text, path: path)
            logicScriptsByPath[path] = found
            return found
        }
        private func followLogic(text: String, path: String) -> [(path: String, script: GradleScript)] {
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
                    if let className = pluginClasses[plugin.id], let source = kotlinClasses[AndroidInspector.simpleClassName(className)] {
                        pending.append((source.text, source.path, depth + 1))
                    }
                }
                // A plugin class applied by its class (`target.pluginManager.apply(OtherPlugin::class.java)`).
                for plugin in parsed.pluginClasses {
                    if let source = kotlinClasses[plugin.name] { pending.append((source.text, source.path, depth + 1)) }
                }
                for name in AndroidInspector.calledFunctions(text) {
                    if let declaring = kotlinFunctions[name], declaring != path {
                        pending.append((nil, declaring, depth + 1))
                    } else if name.first?.isUppercase == true, let source = kotlinClasses[name], source.path != path {
                        // A build-logic class the plugin makes (`private val configurer = AppConfigurer()`) configures the
                        // project with what its methods say (kiwix-android's KiwixConfigurationPlugin).
                        pending.append((source.text, source.path, depth + 1))
                    }
                }
            }
            return found
        }
        func pluginClassScripts(_ id: String) -> [(path: String, script: GradleScript)] {
            guard let className = pluginClasses[id], let source = kotlinClasses[AndroidInspector.simpleClassName(className)] else { return [] }
            return logicScripts(text: source.text, path: source.path)
        }

        /// Each build script with the scripts and convention plugins it applies.
        func followAppliedScripts() {
            // A precompiled script plugin in a package is `<package>.<file name>` (Gradle's rule); by that id too.
            // Probed quietly: a script no module applies is read (and its problems reported) only when one does.
            for (id, file) in conventionScripts {
                guard let text = try? InspectedText.read(file), let package = AndroidInspector.packageName(text) else { continue }
                if conventionScripts[package + "." + id] == nil { conventionScripts[package + "." + id] = file }
            }
            // Modules that apply the same plugins under the same catalogs follow the same convention plugins: each
            // such list is followed once (thunderbird-android's 150 modules apply a few lists). Kept only when following
            // it reported no problem, so that a file that could not be read is reported again as before.
            var conventionsByPlugins: [ConventionKey: [(path: String, script: GradleScript)]] = [:]
            for (file, script) in scripts {
                let module = folder(of: file.path)
                let appliedSources = appliedScripts(of: script, at: file.path)
                let key = ConventionKey(module: module, plugins: script.plugins, in: self)
                let conventions: [(path: String, script: GradleScript)]
                if let known = conventionsByPlugins[key] {
                    conventions = known
                } else {
                    let problemCount = problems.count
                    conventions = conventionSources(of: script.plugins, module: module)
                    if problems.count == problemCount { conventionsByPlugins[key] = conventions }
                }
                var sources = appliedSources + conventions
                for source in classPluginSources(of: script.pluginClasses) where !sources.contains(where: { $0.path == source.path }) {
                    sources.append(source)
                }
                appliedByScript[file.path] = sources
            }
        }

        /// What `conventionSources` depends on: the plugins as written, and the catalogs the module sees (by the
        /// folders they come from), through which a `libs.plugins.x` alias names its plugin.
        struct ConventionKey: Hashable {
            let namedCatalogsFolder: String?
            let libsFolder: String?
            let plugins: [String]

            init(module: String, plugins: [(id: String, line: Int)], in workspace: GradleWorkspace) {
                let ancestors = AndroidInspector.ancestorFolders(of: module)
                namedCatalogsFolder = ancestors.first { workspace.namedCatalogsByFolder[$0] != nil }
                libsFolder = ancestors.first { workspace.catalogsByFolder[$0] != nil }
                self.plugins = plugins.map(\.id)
            }
        }

        // The convention plugins a module applies, and those they apply in turn (`breezy.android.application`
        // applies `breezy.code.lint`), precompiled scripts and plugin classes alike, each once, four levels deep.
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

        /// The build-logic plugin classes a script applies by class (`plugins.apply(KiwixConfigurationPlugin::class)`),
        /// followed as a plugin applied by an id registered to that class is; a class outside the build logic (Gradle's
        /// own `JacocoPlugin`) is not in the repository and adds nothing.
        func classPluginSources(of classes: [(name: String, line: Int)]) -> [(path: String, script: GradleScript)] {
            var found: [(path: String, script: GradleScript)] = []
            for plugin in classes {
                guard let source = kotlinClasses[plugin.name] else { continue }
                for followed in logicScripts(text: source.text, path: source.path) where !found.contains(where: { $0.path == followed.path }) {
                    found.append(followed)
                }
            }
            return found
        }

        func readLoadedProperties() {
            // `.properties` files the build logic names by a literal (`file("config.properties")`,
            // `"$rootDir/app/version/version.properties"`), read once: what a `Properties` it loads answers.
            let propertyFiles = Dictionary(shippingFiles(named: .otherProperties)
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
        }

        func collectExtValues() {
            // ext values of each project: its own, then those of the scripts it applies.
            for (file, script) in scripts {
                let key = folder(of: file.path)
                guard extByFolder[key] == nil else { continue }
                extByFolder[key] = [GradleValueResolver.Scope(path: file.path, definitions: script.extValues, locals: script.locals)]
                    + (appliedByScript[file.path] ?? []).map { GradleValueResolver.Scope(path: $0.path, definitions: $0.script.extValues + $0.script.locals, locals: $0.script.locals) }
            }
        }
    }
}
