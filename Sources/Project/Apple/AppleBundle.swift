import Formats

/// A bundle with its own binary that an upload carries: the app, an app extension, an embedded framework,
/// a watch app, or another product of its own (a loadable bundle, an XPC service). App Store Connect judges each
/// binary on its own (ITMS-91053 names the binary), so each has its own sources, Info.plist, entitlements and
/// privacy manifest.
public struct AppleBundle: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case app, appExtension = "app extension", framework, watchApp = "watch app"
        /// A product of its own that no other kind names (`com.apple.product-type.bundle`, an XPC service, a dynamic
        /// library, an Instruments package): its files are its own and are judged on its platforms, never charged to
        /// an app as files no target claims (home-assistant's MacBridge, a macOS bundle only the Catalyst app embeds).
        case otherBundle = "bundle"
    }

    public let name: String
    public let kind: Kind
    public let productType: String?
    /// Where the target is declared (its line in the project.pbxproj), or the folder it was inferred from.
    public let location: SourceLocation
    /// The files the target builds (sources and resources); nil when the bundle was inferred without an
    /// Xcode project, and every shipping file counts as its own.
    public let files: Set<String>?
    /// Its own PrivacyInfo.xcprivacy files (Resources phase or synchronized folders).
    public let privacyManifests: [String]
    /// `INFOPLIST_FILE` of the release configuration.
    public let infoPlist: String?
    /// `CODE_SIGN_ENTITLEMENTS` of the release configuration.
    public let entitlements: String?
    /// Info.plist keys Xcode generates from the release configuration's `INFOPLIST_KEY_*` settings.
    public let generatedInfoPlistKeys: [String]
    /// The Apple platforms it is built for (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`), from the release
    /// configuration's SUPPORTED_PLATFORMS or SDKROOT, else the platform folder its project sits in (a Flutter or
    /// React Native `macos/` runner); empty when nothing says.
    public let platforms: Set<String>
    /// A target of the source's Xcode project, or a bundle read from a built archive (then `location` is its folder
    /// inside the archive, `files` its own entries, `infoPlist` and `privacyManifests` their places in the archive).
    public let origin: InputOrigin
    /// Files no target claims (local Swift packages, loose folders) ship in the app binaries that link them:
    /// they count for every `app` bundle.
    public var takesUnclaimedFiles: Bool { kind == .app }

    public init(name: String, kind: Kind, productType: String?, location: SourceLocation, files: Set<String>?,
                privacyManifests: [String], infoPlist: String? = nil, entitlements: String? = nil, generatedInfoPlistKeys: [String] = [],
                platforms: Set<String> = [], origin: InputOrigin = .source) {
        self.name = name
        self.kind = kind
        self.productType = productType
        self.location = location
        self.files = files
        self.privacyManifests = privacyManifests
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        self.generatedInfoPlistKeys = generatedInfoPlistKeys
        self.platforms = platforms
        self.origin = origin
    }

    /// Built for at least one platform of `platforms` (Apple's platform names), or for platforms nothing says.
    public func isBuilt(forAnyOf platforms: Set<String>) -> Bool {
        self.platforms.isEmpty || !self.platforms.isDisjoint(with: platforms)
    }

    /// "the app IceCubesApp", "the app extension ShareExtension", "the app" (inferred).
    public var described: String {
        files == nil ? "the app" : "the \(kind.rawValue) \(name)"
    }

    /// The kind of bundle a product type builds; nil for aggregate targets, tests, tools, and static libraries and
    /// frameworks (their code ships inside whatever links it, so their files count as no target's).
    public static func kind(ofProductType type: String?) -> Kind? {
        guard let type, !isNonShipping(productType: type) else { return nil }
        if type.contains("watchapp") || type.contains("watchkit") { return .watchApp }
        if type.hasPrefix("com.apple.product-type.application") { return .app }
        if type.contains("extension") { return .appExtension }
        if type == "com.apple.product-type.framework" { return .framework }
        if type.hasSuffix(".static") { return nil }
        return .otherBundle
    }

    /// Targets that build nothing that ships: tests and command-line tools (a fastlane runner, a script).
    static func isNonShipping(productType type: String?) -> Bool {
        guard let type else { return false }
        return type.contains("test") || type == "com.apple.product-type.tool"
    }
}

/// Finds the shipping bundles of the Xcode projects, and what the source scan may count as shipping.
public enum AppleBundles {
    /// The bundles of every project, apps first, then by name.
    public static func find(projects: [XcodeProject], files: [ProjectFile]) -> [AppleBundle] {
        var bundles: [AppleBundle] = []
        // A monorepo's apps often share target names (every Flutter app's is Runner): such a name is prefixed
        // with its app's folder (`photos/Runner`), so findings and facts say which app they mean.
        var projectsByName: [String: Set<String>] = [:]
        for project in projects {
            for target in project.targets { projectsByName[target.name, default: []].insert(project.path) }
        }
        let paths = SortedPaths(files)
        for project in projects {
            for target in project.targets {
                guard let kind = AppleBundle.kind(ofProductType: target.productType) else { continue }
                let name = (projectsByName[target.name]?.count ?? 0) > 1 ? "\(appFolder(of: project.path))/\(target.name)" : target.name
                let members = self.members(of: target, paths: paths, withPackages: true)
                let manifests = members.filter { $0.hasSuffix("/PrivacyInfo.xcprivacy") || $0 == "PrivacyInfo.xcprivacy" }.sorted()
                let settings = target.releaseSettings
                bundles.append(AppleBundle(
                    name: name, kind: kind, productType: target.productType,
                    location: project.location(of: "\(target.id) /* \(target.name) */ = {"),
                    files: members, privacyManifests: manifests,
                    infoPlist: settings["INFOPLIST_FILE"].flatMap(project.resolve),
                    entitlements: settings["CODE_SIGN_ENTITLEMENTS"].flatMap(project.resolve),
                    generatedInfoPlistKeys: settings.keys.filter { $0.hasPrefix("INFOPLIST_KEY_") }.map { String($0.dropFirst(14)) }.sorted(),
                    // The release settings already hold what the configurations' base .xcconfig files set (PBXProjReader).
                    platforms: ApplePlatforms.of(settings: settings, projectPath: project.path)))
            }
        }
        return bundles.sorted { ($0.kind == .app ? 0 : 1, $0.name, $0.location) < ($1.kind == .app ? 0 : 1, $1.name, $1.location) }
    }

    /// Without an Xcode project, the bundles an XcodeGen spec's targets build: each target of a shipping type with
    /// `sources:` owns the files under them (less its `excludes`), its privacy manifests among them, the plist and
    /// entitlements it names and its platform. Targets that list no sources say nothing of membership: none then.
    static func find(specTargets: [ProjectSpec.Target], specPath: String, files: [ProjectFile]) -> [AppleBundle] {
        let paths = SortedPaths(files)
        var bundles: [AppleBundle] = []
        for target in specTargets where !target.sources.isEmpty {
            guard let kind = AppleBundle.kind(ofProductType: target.productType) else { continue }
            var members: Set<String> = []
            for source in target.sources {
                let excludes = source.excludes.map(Glob.init), includes = source.includes.map(Glob.init)
                for path in paths.under(source.path) {
                    let relative = source.path.isEmpty ? path : String(path.dropFirst(source.path.count + 1))
                    if !excludes.isEmpty, Self.isExcluded(relative, by: excludes) { continue }
                    if !includes.isEmpty, !Self.isExcluded(relative, by: includes) { continue }
                    members.insert(path)
                }
                // A source that is one file.
                if paths.contains(source.path) { members.insert(source.path) }
            }
            let manifests = members.filter { $0.hasSuffix("/PrivacyInfo.xcprivacy") || $0 == "PrivacyInfo.xcprivacy" }.sorted()
            bundles.append(AppleBundle(
                name: target.name, kind: kind, productType: target.productType,
                location: SourceLocation(path: target.file ?? specPath, line: target.line),
                files: members, privacyManifests: manifests,
                infoPlist: target.infoPlistPath, entitlements: target.entitlementsPath,
                generatedInfoPlistKeys: target.generatesInfoPlist ? target.keys.keys.sorted() : [],
                platforms: target.platform.map { [Self.platformName($0)] } ?? []))
        }
        return bundles.sorted { ($0.kind == .app ? 0 : 1, $0.name, $0.location) < ($1.kind == .app ? 0 : 1, $1.name, $1.location) }
    }

    /// A file relative to its source, matched when a glob matches it or a folder above it (`Logs` excludes
    /// `Logs/a.swift`), as XcodeGen's `excludes` (and `includes`) do.
    static func isExcluded(_ relative: String, by globs: [Glob]) -> Bool {
        var path = Substring(relative)
        while true {
            if globs.contains(where: { $0.matches(String(path)) }) { return true }
            guard let slash = path.lastIndex(of: "/") else { return false }
            path = path[..<slash]
        }
    }

    /// XcodeGen's `platform:` spelling as Apple's platform name (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`).
    static func platformName(_ spec: String) -> String {
        switch spec.lowercased() {
        case "ios": return "iOS"
        case "macos": return "macOS"
        case "tvos": return "tvOS"
        case "watchos": return "watchOS"
        case "visionos": return "visionOS"
        default: return spec
        }
    }

    /// The folder that names the app a project belongs to: the project's folder, or the one above it when that
    /// is a platform folder (`apps/photos/ios/Runner.xcodeproj/project.pbxproj` → `photos`); the whole path
    /// when there is none above.
    static func appFolder(of projectPath: String) -> String {
        var parts = projectPath.split(separator: "/").map(String.init)
        if let last = parts.last, last == "project.pbxproj" { parts.removeLast() }
        if let last = parts.last, last.hasSuffix(".xcodeproj") { parts.removeLast() }
        let platforms: Set<String> = ["ios", "macos", "tvos", "watchos", "visionos", "apple", "darwin"]
        if let last = parts.last, platforms.contains(last.lowercased()), parts.count > 1 {
            return parts[parts.count - 2] + "/" + last
        }
        return parts.last ?? projectPath
    }

    /// The folder of the app a project builds, relative to the root: the project's folder, or the one above it
    /// when that is a platform folder (`apps/photos/ios/Runner.xcodeproj/project.pbxproj` → `apps/photos`);
    /// "" for a project at the root.
    public static func appRoot(of projectPath: String) -> String {
        var parts = projectPath.split(separator: "/").map(String.init)
        if let last = parts.last, last == "project.pbxproj" { parts.removeLast() }
        if let last = parts.last, last.hasSuffix(".xcodeproj") { parts.removeLast() }
        let platforms: Set<String> = ["ios", "macos", "tvos", "watchos", "visionos", "apple", "darwin"]
        if let last = parts.last, platforms.contains(last.lowercased()) { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    /// The files a target builds: its phases' files and every walked file under its synchronized folders;
    /// `withPackages`, also the shipping files (by path convention: not the package's `Tests/`) of the local
    /// packages it links.
    static func members(of target: XcodeTarget, paths: SortedPaths, withPackages: Bool = false) -> Set<String> {
        var members = Set(target.sourceFiles).union(target.resourceFiles)
        // Each folder's files are one contiguous run of the sorted paths: found by search, not by a pass over the
        // tree per target (home-assistant: ~40 targets × 3,000 files).
        for folder in target.synchronizedFolders {
            for path in paths.under(folder.path) where !folder.excluded.contains(path) { members.insert(path) }
        }
        if withPackages {
            for package in target.packageFolders {
                for path in paths.under(package) where ShippingScope.conventions.ships(path) { members.insert(path) }
            }
        }
        return members
    }

    /// Membership as the source scan uses it: files of shipping targets (bundles, libraries) ship; files
    /// only tests and tools build do not.
    /// `leftOut`: app targets no scheme archives, whose code ships only where a shipping target compiles it too.
    public static func scope(projects: [XcodeProject], files: [ProjectFile], leftOut: UnarchivedAppTargets.Result? = nil) -> ShippingScope {
        var shipping: Set<String> = []
        var nonShipping: Set<String> = []
        let paths = SortedPaths(files)
        for project in projects {
            for target in project.targets {
                let members = self.members(of: target, paths: paths)
                if AppleBundle.isNonShipping(productType: target.productType) || leftOut?.contains(target, of: project.path) == true {
                    nonShipping.formUnion(members)
                } else {
                    shipping.formUnion(members)
                }
            }
        }
        return ShippingScope(shippingMembers: shipping, nonShippingMembers: nonShipping)
    }
}
