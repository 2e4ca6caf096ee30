import Support
import Formats

/// The Android side of the project as read from the source tree: every AndroidManifest.xml and Gradle build
/// file, and the release model the inspector resolved from them: the app modules that ship, each with its
/// merged release manifest. The `android.…` facts are drawn from the same modules (`AndroidFacts`).
public struct AndroidPart: ModelPart {
    /// Every AndroidManifest.xml read, as written (test, debug, sample and library manifests included).
    public var manifests: [AndroidManifestFile] = []
    public var gradleFiles: [GradleFile] = []
    /// The app modules that ship, in script order, the release module among them (`isRelease`); none for a
    /// project without a Gradle application module (a bare manifest, an old Eclipse layout).
    public var modules: [AndroidShippedModule] = []
    /// Without app modules: the `<uses-permission>`s of the shipping manifests merged (see `shippedPermissions`).
    public var loosePermissions: [AndroidShippedPermission] = []

    public init() {}

    /// The module whose values the short fact names hold (`android.release_module`).
    public var releaseModule: AndroidShippedModule? { modules.first { $0.isRelease } }
}

/// `AndroidInspector` as an `Inspector`. `shipcheck metadata` takes only its facts (the version code picks the
/// release note that ships) and its release model; a build file it cannot read is `check`'s to report.
public struct AndroidProjectInspector: Inspector {
    public init() {}

    public var name: String { "android" }
    // Reads the Gradle files' part (GradleFilesInspector), which runs beside the Xcode projects' stage.
    public var scopes: Set<InspectionOptions.Scope> { [.everything, .metadata] }
    public var emits: [String] {
        ["android.project", "android.release_module", "android.modules", "android.modules_skipped", "android.target_sdk",
         "android.target_sdk_unknown", "android.min_sdk", "android.version_code", "android.application_id", "android.form_factor",
         "android.permission.*", "android.foreground_service_type.*", "android.services_without_foreground_type", "android.services_declared", "android.vpn_service_declared", "android.services_without_foreground_type_actions", "android.service_superclasses", "android.permission_removed.*", "android.module.*.form_factor",
         "android.module.*.target_sdk", "android.module.*.target_sdk_unknown", "android.module.*.target_sdk_at_least", "android.target_sdk_at_least", "android.module.*.min_sdk",
         "android.module.*.version_code", "android.module.*.version_code_unknown", "android.module.*.application_id",
         "android.stores", "android.module.*.stores", "android.module.*.library_modules", "android.module.*.module_graph_unresolved",
         "android.module.*.flavors_unresolved", "android.module.*.release_manifests", "android.module.*.exported_missing",
         "android.module.*.debuggable", "android.module.*.cleartext_traffic",
         "android.module.*.plugin_manifests", "android.module.*.plugins_unseen", "android.module.*.plugins_outside_root",
         "android.plugin_manifests", "android.plugins_unseen", "android.plugins_outside_root"]
    }
    /// Each shipped permission of each app module, from the same modules as `android.permissions.*` (one app's
    /// permissions, not merged across its Wear OS or TV module), with the module as a label.
    public var selectors: [SelectorDeclaration] {
        [SelectorDeclaration(text: "android.modules.*.permissions.*", labels: ["permission", "file", "module"],
                             doc: "every `<uses-permission>` of each app module's merged release manifest (label `module`)") { model in
            model.parts[AndroidPart.self].modules.flatMap { module in
                module.permissions.map { permission in
                    SelectedValue(value: permission.name, location: permission.location,
                                  labels: ["permission": permission.name, "file": permission.location.path, "module": module.name])
                }
            }
        }]
    }
    public var rootMarkers: [RootMarker] {
        [.name("settings.gradle"), .name("settings.gradle.kts"), .name("build.gradle"), .name("build.gradle.kts")]
    }
    public var lookedFor: String? { "AndroidManifest.xml, Gradle build files" }
    /// Reads the Gradle files' part (GradleFilesInspector), not the Xcode projects.
    public var earlierPartsRead: [any ModelPart.Type]? { [GradleFilesPart.self] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<AndroidPart> {
        let output = AndroidInspector.inspect(files: input.files, root: input.root, pluginManifests: input.options.pluginManifestTables,
                                              flutterDefaults: FlutterSDKDefaults(tables: input.options.flutterSDKDefaultTables),
                                              agpDefaults: AndroidGradlePluginSDKDefaults(tables: input.options.agpSDKDefaultTables),
                                              gradleFiles: input.earlier[GradleFilesPart.self])
        guard input.options.scope == .everything else {
            // The release model only (which stores the apps go to): the files are `check`'s to read and report.
            var part = AndroidPart()
            part.modules = output.part?.modules ?? []
            return InspectorOutput(part: part, facts: output.facts)
        }
        return output
    }

    /// An AndroidManifest.xml, or a Gradle application module (it applies the Android application plugin or
    /// sets an `applicationId`, which only application modules have), outside vendored folders.
    public func storeEvidence(_ input: StoreEvidenceInput) -> [StoreEvidence] {
        // The manifests and build files by name first; the build files are then searched over the cores, in order, each
        // from what the Gradle files inspector read (GradleFilesPart) or, when it read none or other bytes, from the disk.
        let files = input.files
        let candidates = files.indices.filter { index in
            let name = files[index].fileName
            return !files[index].isVendored && (name == "AndroidManifest.xml" || name == "build.gradle" || name == "build.gradle.kts")
        }
        let maxFileBytes = input.options.maxFileBytes
        let shared = input.model.parts[GradleFilesPart.self]
        return ConcurrentMap.map(count: candidates.count) { slot -> StoreEvidence? in
            let file = files[candidates[slot]]
            if file.fileName == "AndroidManifest.xml" {
                return StoreEvidence(.play, Evidence(location: SourceLocation(path: file.path), snippet: "AndroidManifest.xml"))
            }
            guard let line = StoreDetection.applicationPluginLine(file, maxFileBytes: maxFileBytes, shared: shared) else { return nil }
            return StoreEvidence(.play, Evidence(location: SourceLocation(path: file.path, line: line.number), snippet: line.text))
        }.compactMap { $0 }
    }

    public func found(in model: ProjectModel) -> FoundInput? {
        model.androidManifests.isEmpty && model.gradleFiles.isEmpty ? nil : .project
    }
}
