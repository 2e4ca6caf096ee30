/// AndroidManifest.xml, Gradle build scripts, `gradle.properties` and version catalogs → Android facts.
///
/// Facts: `android.project`, `android.target_sdk` (the lowest over app modules and flavors),
/// `android.target_sdk_unknown` (with the places looked at), `android.min_sdk`, `android.version_code`,
/// `android.application_id`, `android.form_factor`, `android.permission.<NAME>`.
public enum AndroidInspector {
    public static func inspect(files: [ProjectFile], root: String) -> PartialInspection {
        var result = PartialInspection()
        var texts: [String: [Substring]] = [:]
        func read(_ file: ProjectFile) -> String? {
            do {
                let text = try InspectedText.read(file)
                texts[file.path] = text.split(separator: "\n", omittingEmptySubsequences: false)
                return text
            } catch {
                result.problems.append(error.problem)
                return nil
            }
        }

        let shipping = files.filter { !$0.isVendored }

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

        // Build scripts.
        var scripts: [(file: ProjectFile, script: GradleScript)] = []
        for file in shipping where file.fileName == "build.gradle" || file.fileName == "build.gradle.kts" {
            guard let text = read(file) else { continue }
            scripts.append((file, GradleScript.parse(text)))
        }
        let extByFolder = Dictionary(scripts.map { (folder(of: $0.file.path), ($0.file.path, $0.script.extValues)) }, uniquingKeysWith: { first, _ in first })

        for (file, script) in scripts {
            let module = folder(of: file.path)
            let ancestors = ancestorFolders(of: module)
            let resolver = GradleValueResolver(
                file: file.path,
                locals: script.locals,
                extScopes: ancestors.compactMap { extByFolder[$0].map { GradleValueResolver.Scope(path: $0.0, definitions: $0.1) } },
                properties: ancestors.compactMap { folder in propertiesByFolder[folder].map { GradleValueResolver.PropertiesScope(path: join(folder, "gradle.properties"), properties: $0) } },
                catalog: ancestors.lazy.compactMap { catalogsByFolder[$0] }.first)
            var settings = script.settings
            for index in settings.indices {
                if let (value, at) = resolver.resolve(settings[index].expression) {
                    settings[index].value = value
                    settings[index].resolvedAt = at
                }
            }
            let plugins = script.plugins.map { plugin -> String in
                if plugin.id.hasPrefix("libs.plugins."), let id = resolver.catalog?.catalog.pluginId(accessor: String(plugin.id.dropFirst("libs.plugins.".count))) {
                    return id
                }
                return plugin.id
            }
            let kind = moduleKind(plugins: plugins, settings: settings)
            result.gradleFiles.append(GradleFile(location: SourceLocation(path: file.path), isKotlinScript: file.fileName.hasSuffix(".kts"),
                                                 module: module, kind: kind, plugins: plugins, settings: settings,
                                                 productFlavors: script.flavors))
        }

        let lookedAt = (catalogsByFolder.values.map(\.path) + propertiesByFolder.keys.map { join($0, "gradle.properties") }).sorted()
        result.facts = AndroidFacts.make(gradleFiles: result.gradleFiles, scripts: scripts.map { ($0.file.path, $0.script) },
                                         manifests: result.androidManifests, lookedAt: lookedAt,
                                         line: { path, line in
                                             guard let lines = texts[path], line >= 1, line <= lines.count else { return "" }
                                             return lines[line - 1].trimmingCharacters(in: .whitespaces)
                                         })
        return result
    }

    static func moduleKind(plugins: [String], settings: [GradleSetting]) -> GradleFile.ModuleKind {
        // Convention plugins (`nowinandroid.android.application`) and unresolved catalog aliases
        // (`libs.plugins.android.application`) say what they wrap in their names.
        if plugins.contains(where: { $0 == "com.android.application" || ($0.contains("android") && $0.hasSuffix("application")) }) {
            return .application
        }
        if plugins.contains(where: { $0 == "com.android.library" || ($0.contains("android") && $0.hasSuffix("library")) }) {
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
        folder.isEmpty ? name : folder + "/" + name
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
