import Formats

/// The Xcode projects, read before the other inspectors: their target membership tells the source scan
/// which files only tests build, and the Apple inspector reads their targets.
public struct XcodeProjectsPart: ModelPart {
    public var projects = XcodeProjects()
    public var scope = ShippingScope()

    public init() {}
}

public struct XcodeProjectsInspector: Inspector {
    public init() {}

    public var name: String { "xcode-projects" }
    public var stage: InspectionStage { .early }
    public var readsChecklistTables: Bool { false }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<XcodeProjectsPart> {
        var part = XcodeProjectsPart()
        let read = XcodeProjects.read(files: input.files)
        // App targets no scheme archives (a project's preview and sample apps) never ship: left out of the
        // bundles, their own code out of what ships, and said so under "Not checked".
        let unarchived = UnarchivedAppTargets.find(projects: read.projects, files: input.files)
        part.projects = unarchived.map(read.leavingOut) ?? read
        part.scope = AppleBundles.scope(projects: read.projects, files: input.files, leftOut: unarchived)
            .with(ApplePlatformFolders.find(files: input.files))
        // Their problems are the Apple inspector's to report, with its other files.
        return InspectorOutput(part: part, coverage: unarchived.map { [UnarchivedAppTargets.coverage($0)] } ?? [])
    }
}

/// The Apple side of the project: the Info.plists (written or generated), the privacy manifests and the
/// bundles an upload carries.
public struct ApplePart: ModelPart {
    public var infoPlists: [InfoPlistFile] = []
    public var privacyManifests: [PrivacyManifestFile] = []
    public var bundles: [AppleBundle] = []
    /// The stores a generator's spec builds for without its generated project in the tree (an Expo app).
    public var specStores: [StoreEvidence] = []

    public init() {}
}

/// The Apple files, read by `AppleInspector` (which returns this part) over the Xcode projects the early stage read.
public struct AppleProjectInspector: Inspector {
    public init() {}

    public var name: String { "apple" }
    public var emits: [String] {
        ["apple.project", "apple.bundles", "apple.bundle.*", "apple.deployment_target", "apple.ci_xcode_version",
         "apple.project_spec", "apple.project_spec.unevaluated", "iap.hosted_content", "odr.used", "purpose.*.declared",
         "privacy_manifest.app", "entitlement.*", "expo.sdk_major"]
    }
    public var rootMarkers: [RootMarker] {
        [.name("Package.swift"), .name("project.yml"), .name("Podfile"), .suffix(".xcodeproj"), .suffix(".xcworkspace")]
    }
    public var lookedFor: String? { "Info.plist, privacy manifest" }
    /// Reads the Xcode projects' part, not the Gradle files.
    public var earlierPartsRead: [any ModelPart.Type]? { [XcodeProjectsPart.self] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<ApplePart> {
        AppleInspector.inspect(files: input.files, root: input.root, xcode: input.earlier[XcodeProjectsPart.self].projects)
    }

    /// An Xcode project or an Info.plist outside vendored folders; an Expo config (or an XcodeGen/Tuist spec)
    /// whose native project is generated at build time.
    public func storeEvidence(_ input: StoreEvidenceInput) -> [StoreEvidence] {
        input.model.parts[ApplePart.self].specStores + input.files.compactMap { file in
            guard !file.isVendored else { return nil }
            let name = file.fileName
            if name == "project.pbxproj", file.path.contains(".xcodeproj/") {
                return StoreEvidence(.appstore, Evidence(location: SourceLocation(path: file.path), snippet: "Xcode project"))
            }
            if name == "Info.plist" { return StoreEvidence(.appstore, Evidence(location: SourceLocation(path: file.path), snippet: "Info.plist")) }
            return nil
        }
    }

    public func found(in model: ProjectModel) -> FoundInput? {
        model.infoPlists.isEmpty && model.privacyManifests.isEmpty ? nil : .project
    }

    /// `expo.sdk_major`: the major version of the Expo SDK (the `expo` package the lock file resolves) of an app
    /// whose Expo config was read because its native folders are generated: the SDK then decides the Android
    /// build's defaults (its targetSdk), which a rule compares with Play's floor.
    public func derivedFacts(_ model: ProjectModel) -> [Fact] {
        let expoConfigs: Set<String> = ["app.json", "app.config.js", "app.config.ts"]
        guard let spec = model.facts["apple.project_spec"], spec.evidence.contains(where: { evidence in
                  expoConfigs.contains(String(evidence.location.path.split(separator: "/").last ?? ""))
              }),
              let expo = model.facts["sdk.expo"], case .string(let version) = expo.value,
              let major = version.split(separator: ".").first.flatMap({ Int($0) }) else { return [] }
        return [Fact(name: "expo.sdk_major", value: .number(Double(major)), source: .detected,
                     evidence: expo.evidence.map { Evidence(location: $0.location, snippet: "expo \(version): \($0.snippet)") })]
    }
}
