import Formats

extension AndroidInspector.GradleWorkspace {
    /// What a value written in `file` of `module` resolves against: its locals, the ext values and
    /// gradle.properties of the module and its ancestors, the catalogs, the build logic's constants.
    func resolver(forModule module: String, file: String, locals: [GradleScript.Definition]) -> GradleValueResolver {
        let ancestors = AndroidInspector.ancestorFolders(of: module)
        var resolver = GradleValueResolver(
            file: file,
            locals: locals,
            extScopes: ancestors.flatMap { extByFolder[$0] ?? [] },
            properties: ancestors.compactMap { folder in propertiesByFolder[folder].map { GradleValueResolver.PropertiesScope(path: AndroidInspector.join(folder, "gradle.properties"), properties: $0) } },
            catalog: ancestors.lazy.compactMap { self.catalogsByFolder[$0] }.first)
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

    /// Module resolution: each build script as a `GradleFile` (its module folder, kind, plugin ids and
    /// settings with their values), in script order; and the modules the builds include.
    func resolveModules() -> [GradleFile] {
        var ordered: [GradleFile] = []
        for (file, script) in scripts {
            let module = AndroidInspector.folder(of: file.path)
            let resolver = resolver(forModule: module, file: file.path, locals: script.locals)
            let settings = resolved(script.settings, with: resolver)
            let plugins = script.plugins.map { plugin -> String in pluginId(plugin.id, module: module) ?? plugin.id }
            // A convention plugin that applies the application plugin makes an application module.
            let conventionPlugins = (appliedByScript[file.path] ?? []).flatMap { $0.script.plugins.map(\.id) }
            var kind = AndroidInspector.moduleKind(plugins: plugins, settings: settings)
            let conventionKind = AndroidInspector.moduleKind(plugins: conventionPlugins, settings: [])
            if kind != .application && conventionKind != .other { kind = conventionKind }
            // Flavours the module's own script declares, else those its convention plugins create.
            let appliedFlavors = (appliedByScript[file.path] ?? []).flatMap(\.script.flavors)
            var flavors = script.flavors
            for flavor in appliedFlavors where !flavors.contains(where: { $0.name == flavor.name }) { flavors.append(flavor) }
            let gradleFile = GradleFile(location: SourceLocation(path: file.path), isKotlinScript: file.fileName.hasSuffix(".kts"),
                                        module: module, kind: kind, plugins: plugins, settings: settings,
                                        productFlavors: flavors)
            gradleFiles[file.path] = gradleFile
            ordered.append(gradleFile)
        }

        // The modules each build includes; a script outside every include list is not part of a build.
        included = AndroidInspector.includedModules(scripts: scripts.map(\.file.path), settings: settingsByFolder)
        let appModules = gradleFiles.values.filter { $0.kind == .application }.map(\.module)
        if !appModules.isEmpty && !appModules.contains(where: { included.contains($0) }) {
            // Settings we could not follow (a computed projectDir): better every app module than none.
            included.formUnion(appModules)
        }
        return ordered
    }
}
