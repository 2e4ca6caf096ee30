import Formats

extension AndroidInspector.GradleWorkspace {
    /// The release model: each application module the builds include, with its release flavours, settings
    /// and merged release manifest, in script order.
    func appModules(manifests: [AndroidManifestFile], pluginManifests: [SymbolTableSource],
                    flutterDefaults: FlutterSDKDefaults = FlutterSDKDefaults(rows: []),
                    agpDefaults: AndroidGradlePluginSDKDefaults = AndroidGradlePluginSDKDefaults(rows: [])) -> [AndroidAppModule] {
        let lookedAtFiles = (catalogsByFolder.values.map(\.path) + propertiesByFolder.keys.map { AndroidInspector.join($0, "gradle.properties") }
            + Set(constants.constants.map(\.path))).sorted()

        // `<module>/src/<set>/AndroidManifest.xml`, or `<module>/AndroidManifest.xml` in the old layout.
        let manifestsByModule = Dictionary(grouping: manifests.filter { !$0.isTestOrDebugOnly }) { manifest -> String in
            let path = manifest.location.path
            return manifest.sourceSet == nil ? AndroidInspector.folder(of: path) : AndroidInspector.folder(of: AndroidInspector.folder(of: AndroidInspector.folder(of: path)))
        }

        let storeEvidence = AndroidStoreEvidence.read(files: Array(shipping), read: { self.read($0) })
        // Flutter and React Native apps: the package lists their Android builds merge plugin manifests from.
        packageLists = Dictionary(shippingFiles(named: .packageList).map { ($0.path, $0) },
                                      uniquingKeysWith: { first, _ in first })
        let pluginRows = CrossPlatformPackages.KnownManifest.rows(pluginManifests)
        let manifestsByPath = Dictionary(manifests.map { ($0.location.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Where a Flutter app pins its Flutter release (fvm, workflows, pubspec-format version files).
        let pinFiles = Dictionary(shippingFiles(named: .pinOrYAML).map { ($0.path, $0) },
                                  uniquingKeysWith: { first, _ in first })
        let inputs = ReleaseInputs(lookedAtFiles: lookedAtFiles, manifestsByModule: manifestsByModule, storeEvidence: storeEvidence,
                                   pluginRows: pluginRows, manifestsByPath: manifestsByPath, flutterDefaults: flutterDefaults, pinFiles: pinFiles,
                                   agpDefaults: agpDefaults)
        return scripts.compactMap { appModule(file: $0.file, script: $0.script, inputs: inputs) }
    }

    /// What every app module's release model reads besides the workspace.
    struct ReleaseInputs {
        let lookedAtFiles: [String]
        let manifestsByModule: [String: [AndroidManifestFile]]
        let storeEvidence: AndroidStoreEvidence
        let pluginRows: [CrossPlatformPackages.KnownManifest]
        let manifestsByPath: [String: AndroidManifestFile]
        let flutterDefaults: FlutterSDKDefaults
        let pinFiles: [String: ProjectFile]
        let agpDefaults: AndroidGradlePluginSDKDefaults
    }

    /// In-tree package names by manifest kind, read once per inspection and only when an app asks.
    func members(_ kind: String) -> [String: String] {
        if let known = memberNames[kind] { return known }
        let names = CrossPlatformPackages.members(kind, files: packageLists, read: quietRead)
        memberNames[kind] = names
        return names
    }

    /// Read quietly: package lists are not Android build files, and a broken one is the dependency inspectors' to report.
    var quietRead: (ProjectFile) -> String? { { try? InspectedText.read($0) } }

    func evidence(_ path: String, _ line: Int?) -> Evidence {
        Evidence(location: SourceLocation(path: path, line: line), snippet: line.map { AndroidInspector.lineText(texts, path, $0) } ?? "")
    }

    /// The app module of `file`'s script, when it is an application module a build includes.
    func appModule(file: ProjectFile, script: GradleScript, inputs: ReleaseInputs) -> AndroidAppModule? {
        guard let gradleFile = gradleFiles[file.path], gradleFile.kind == .application, included.contains(gradleFile.module) else { return nil }
        let moduleFolder = gradleFile.module
        let name = moduleFolder.isEmpty ? "root" : moduleFolder
        let pluginLine = zip(script.plugins, gradleFile.plugins).first { AndroidInspector.moduleKind(plugins: [$0.1], settings: []) == .application }?.0.line
        var module = AndroidAppModule(name: name, buildFile: file.path, pluginLine: pluginLine ?? script.plugins.first?.line)
        module.notShipping = AndroidAppModule.notShippingReason(name: name)

        let ownManifests = inputs.manifestsByModule[moduleFolder] ?? []
        var (flavors, reason) = AndroidAppModule.releaseFlavors(gradleFile.productFlavors.map(\.name))
        // Flavours created by computed names (`register(flavor.name)` over an enum, in a convention plugin or
        // the script): every flavour source set the module has is merged, and the facts say so.
        let computedFlavors = ([(file.path, script)] + (appliedByScript[file.path] ?? []))
            .compactMap { entry in entry.script.computedFlavorsLine.map { (entry.path, $0) } }.first
        if let (path, line) = computedFlavors {
            let sets = AndroidInspector.flavorSourceSets(ownManifests).filter { name in !flavors.contains(name) }
            flavors += sets
            reason = "flavours created with computed names at \(path):\(line) were not read: every flavour source set merged"
                + (sets.isEmpty ? "" : " (\(sets.joined(separator: ", ")))")
            module.flavorsUnresolved = evidence(path, line)
        }
        module.releaseFlavors = flavors
        module.releaseFlavorReason = reason

        resolveReleaseSettings(of: &module, file: file, script: script, gradleFile: gradleFile, flavors: flavors, lookedAtFiles: inputs.lookedAtFiles)
        if module.targetSdk == nil { resolveFlutterTargetSdk(of: &module, gradleFile: gradleFile, file: file, inputs: inputs) }
        mergeReleaseManifest(of: &module, gradleFile: gradleFile, flavors: flavors, ownManifests: ownManifests, inputs: inputs)
        if module.targetSdk == nil { resolveDefaultTargetSdk(of: &module, file: file, gradleFile: gradleFile, flavors: flavors, inputs: inputs) }
        readReleaseBuild(of: &module, file: file, script: script, gradleFile: gradleFile, storeEvidence: inputs.storeEvidence)
        return module
    }

    /// targetSdk, minSdk, versionCode and applicationId for the release flavours: the module's own settings, then
    /// those of the scripts and convention plugins it applies.
    func resolveReleaseSettings(of module: inout AndroidAppModule, file: ProjectFile, script: GradleScript, gradleFile: GradleFile,
                                flavors: [String], lookedAtFiles: [String]) {
        let moduleFolder = gradleFile.module
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
        // A Flutter app's versionCode is the build number `flutter build` takes from pubspec.yaml.
        if module.versionCode == nil,
           let setting = candidates(.versionCode).first(where: { FlutterBuildVersion.namesFlutterBuildNumber($0.setting.expression) }),
           let pubspec = flutterPubspec(above: moduleFolder), let text = quietRead(pubspec),
           let build = FlutterBuildVersion.buildNumber(pubspec: text) {
            module.versionCode = .init(value: String(build.value), evidence: [
                evidence(setting.path, setting.setting.line),
                Evidence(location: SourceLocation(path: pubspec.path, line: build.line),
                         snippet: "version build number \(build.value), which flutter build makes the versionCode (unless given --build-number)"),
            ])
        }
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
    }

    /// `targetSdk = flutter.targetSdkVersion`: the Flutter Gradle plugin's default of the release the repository pins,
    /// from the flutter_sdk_defaults table. Exact when every exact pin names one release and the table's row is sourced
    /// as exact for it (`through`); otherwise a lower bound (the lowest pin, defaults that only rise), which the module
    /// says, and the Play floor check does not judge. Evidence: the build-file line, the pin's line, the table row.
    func resolveFlutterTargetSdk(of module: inout AndroidAppModule, gradleFile: GradleFile, file: ProjectFile, inputs: ReleaseInputs) {
        let located: [(setting: GradleSetting, path: String)] = gradleFile.settings.map { ($0, file.path) }
            + (appliedByScript[file.path] ?? []).flatMap { other in other.script.settings.map { ($0, other.path) } }
        guard let setting = located.first(where: { $0.setting.name == .targetSdk && FlutterSDKDefaults.setting(named: $0.setting.expression) == .targetSdk }),
              let pubspec = flutterPubspec(above: gradleFile.module),
              let pin = FlutterReleasePin.resolve(appFolder: AndroidInspector.folder(of: pubspec.path), files: inputs.pinFiles, read: quietRead),
              let row = inputs.flutterDefaults.row(for: pin.release) else { return }
        let exact = pin.isExact && row.isExact(for: pin.release)
        let said = exact
            ? "\(pin.how): Flutter \(pin.release) builds the app, whose flutter.targetSdkVersion is \(row.targetSdk) (Flutter \(row.flutter) to \(row.through.map(\.description) ?? "\(row.flutter)"); \(row.source))"
            : "\(pin.how): Flutter \(pin.release) or later builds the app, whose flutter.targetSdkVersion is at least \(row.targetSdk) (Flutter \(row.flutter) on; \(row.source))"
        module.targetSdk = .init(value: String(row.targetSdk), evidence: [
            evidence(setting.path, setting.setting.line),
            Evidence(location: SourceLocation(path: pin.path, line: pin.line), snippet: said),
        ])
        module.targetSdkAtLeast = !exact
        module.targetSdkPinIsLowerBound = !pin.isExact
        module.targetSdkDefault = exact ? "flutter.targetSdkVersion of Flutter \(pin.release)" : "flutter.targetSdkVersion of Flutter \(pin.release) or later"
        module.targetSdkLookedAt = []
    }

    /// A module whose build sets no targetSdk at all (no DSL line, no `<uses-sdk>`): the value AGP gives it, from the
    /// agp_sdk_defaults table for the AGP version the build applies (minSdk before AGP 9, compileSdk from 9.0 unless
    /// gradle.properties opts out). Only when nothing in the build's scripts or build logic names targetSdk (a value
    /// set where shipcheck does not read would otherwise be taken for unset), every AGP version found maps to one row,
    /// and the value that row names is read; else the module stays unknown. Evidence: the value's line, the AGP version.
    func resolveDefaultTargetSdk(of module: inout AndroidAppModule, file: ProjectFile, gradleFile: GradleFile, flavors: [String], inputs: ReleaseInputs) {
        let applied = appliedByScript[file.path] ?? []
        let settings: [(setting: GradleSetting, path: String)] = gradleFile.settings.map { ($0, file.path) }
            + applied.flatMap { other in resolved(other.script.settings, with: resolver(forModule: gradleFile.module, file: other.path, locals: other.script.locals)).map { ($0, other.path) } }
        guard !settings.contains(where: { $0.setting.name == .targetSdk }), !namesTargetSdk(moduleFolder: gradleFile.module, scripts: [file.path] + applied.map(\.path)) else { return }
        let versions = androidGradlePluginVersions(moduleFolder: gradleFile.module)
        let properties: (String) -> String? = { key in
            AndroidInspector.ancestorFolders(of: gradleFile.module).lazy.compactMap { self.propertiesByFolder[$0]?.values[key]?.value }.first
        }
        let rows = versions.map { inputs.agpDefaults.row(for: $0.version, property: properties) }
        guard let agp = versions.first, let row = rows.first ?? nil, rows.allSatisfy({ $0 == row }) else { return }
        let valueEvidence: [Evidence]
        let value: Int
        let named: String
        switch row.targetSdk {
        case .minSdk:
            guard let min = module.minSdk, let level = Int(min.value) else { return }
            (value, valueEvidence, named) = (level, min.evidence, "minSdk")
        case .compileSdk:
            let compile = settings.filter { $0.setting.name == .compileSdk }
            let own = compile.filter { $0.path == file.path }
            guard let found = (own.isEmpty ? compile : own).first, let level = found.setting.value.flatMap(Self.apiLevel) else { return }
            (value, valueEvidence, named) = (level, [evidence(found.path, found.setting.line)] + (found.setting.resolvedAt.map { [evidence($0.path, $0.line)] } ?? []), "compileSdk")
        }
        let how = "AGP \(agp.version)'s default for an unset targetSdk, \(named)"
        module.targetSdk = .init(value: String(value), evidence: valueEvidence + [
            Evidence(location: SourceLocation(path: agp.path, line: agp.line),
                     snippet: "\(agp.how): targetSdk is not set, so AGP \(agp.version) makes it \(named), \(value) (\(row.source))"),
        ])
        module.targetSdkDefault = how
        module.targetSdkLookedAt = []
    }

    /// `36`, `"android-36"` → 36.
    static func apiLevel(_ written: String) -> Int? {
        Int(written) ?? (written.hasPrefix("android-") ? Int(written.dropFirst("android-".count)) : nil)
    }

    /// Whether the module's scripts, the build scripts above it or any build logic write `targetSdk`: then a value may
    /// be set where it was not read, and no default is assumed.
    func namesTargetSdk(moduleFolder: String, scripts: [String]) -> Bool {
        let above = AndroidInspector.ancestorFolders(of: moduleFolder).flatMap { folder in
            ["build.gradle.kts", "build.gradle"].map { AndroidInspector.join(folder, $0) }
        }
        for path in scripts + above {
            if let lines = texts[path], lines.contains(where: { $0.contains("targetSdk") }) { return true }
        }
        return kotlinTexts.values.contains { $0.contains("targetSdk") } || conventionTexts.values.contains { $0.contains("targetSdk") }
            || logicScriptsByPath.values.contains { scripts in scripts.contains { $0.script.settings.contains { $0.name == .targetSdk } } }
    }

    /// The pubspec.yaml of the Flutter app a module belongs to: the nearest one at or above its folder.
    func flutterPubspec(above moduleFolder: String) -> ProjectFile? {
        AndroidInspector.ancestorFolders(of: moduleFolder).lazy.compactMap { self.packageLists[AndroidInspector.join($0, "pubspec.yaml")] }.first
    }

    /// The merged release manifest: the module's source sets, the in-repo libraries it depends on, then what its
    /// Flutter plugins or React Native modules add; the values only an old manifest states.
    func mergeReleaseManifest(of module: inout AndroidAppModule, gradleFile: GradleFile, flavors: [String],
                              ownManifests: [AndroidManifestFile], inputs: ReleaseInputs) {
        let moduleFolder = gradleFile.module
        // The merged release manifest: this module's source sets, then the in-repo libraries it depends on.
        let graph = AndroidInspector.libraryGraph(of: moduleFolder, index: libraryIndex, appliedByScript: appliedByScript,
                                                  manifestsByModule: inputs.manifestsByModule, settings: settingsByFolder, flavors: flavors)
        module.libraryModules = graph.modules
        module.graphUnresolved = graph.unresolved.map { evidence($0.path, $0.line) }
        module.graphWidened = graph.widened
        // Then what the app's Flutter plugins or React Native modules add (in-tree manifests, known published ones).
        var pluginManifests: [AndroidManifestFile] = []
        // Read quietly: these lists are not Android build files, and a broken one is the dependency inspectors' to report.
        if var packages = CrossPlatformPackages.find(module: moduleFolder, files: packageLists, read: quietRead, members: members, table: inputs.pluginRows) {
            let added = packages.manifests(inTreeManifests: inputs.manifestsByPath)
            packages.mergedInTree = added.merged
            pluginManifests = added.manifests.filter { manifest in !graph.manifests.contains { $0.location.path == manifest.location.path } }
            describedLines.merge(added.described) { first, _ in first }
            module.crossPlatform = packages
        }
        module.manifest = AndroidInspector.mergedRelease(own: ownManifests, flavors: flavors, libraries: graph.manifests + pluginManifests)
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
    }

    /// Cleartext traffic, a debuggable release build, the store evidence and the form factor.
    func readReleaseBuild(of module: inout AndroidAppModule, file: ProjectFile, script: GradleScript, gradleFile: GradleFile,
                          storeEvidence: AndroidStoreEvidence) {
        let moduleFolder = gradleFile.module
        if let config = module.manifest.application["android:networkSecurityConfig"] {
            // `@xml/network_security_config` → the module's main res/xml file, read for a permissive base-config.
            let name = config.value.value.hasPrefix("@xml/") ? String(config.value.value.dropFirst("@xml/".count)) : nil
            let configPath = name.map { AndroidInspector.join(moduleFolder, "src/main/res/xml/\($0).xml") }
            if let configPath, let file = byPath[configPath], let text = read(file), let line = AndroidInspector.permissiveBaseConfigLine(text) {
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
            if let script = byPath[path] ?? logicFiles[path] ?? shipping.first(where: { $0.path == path }), let text = read(script),
               let line = AndroidInspector.releaseDebuggableLine(text) {
                module.gradleDebuggable = evidence(path, line)
                break
            }
        }

        let catalog = AndroidInspector.ancestorFolders(of: moduleFolder).lazy.compactMap { self.catalogsByFolder[$0] }.first
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
        module.playEvidence += playPublisherCalls(scriptPath: file.path)
        let (formFactor, marker) = AndroidFormFactor.detect(manifest: module.manifest, dependencies: dependencies)
        module.formFactor = formFactor
        module.formFactorMarker = marker
    }
}
