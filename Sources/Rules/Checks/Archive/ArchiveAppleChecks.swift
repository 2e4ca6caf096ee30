import Project

/// Checks of a built iOS archive with no source twin, read from its binaries' build versions, their signed
/// entitlements and the built Info.plists: what App Store Connect's validation and App Review see in the upload.
enum ArchiveAppleChecks {
    static var all: [CheckFunction] {
        // `source: true` also judges the app targets' own Info.plists: then the rule needs no archive.
        [pushEnvironment, minimumOS, appPlist.reading { $0.bool("source") == true ? .project : .builtArchives }]
    }

    /// The bundles that carry an Info.plist App Store Connect judges purpose strings by (the app, its
    /// extensions, a watch app), each with the binaries it ships: its own and its embedded frameworks'.
    static func plistBundles(_ archive: BuiltArchive) -> [(owner: ArchivedBundle, binaries: [ArchivedBundle])] {
        let owners = archive.bundles.filter { $0.kind != .framework }
        return owners.map { owner in
            // A framework belongs to the deepest app or extension that contains it.
            let frameworks = archive.bundles.filter { bundle in
                bundle.kind == .framework && owner.contains(bundle)
                    && !owners.contains { other in other.path != owner.path && owner.contains(other) && other.contains(bundle) }
            }
            return (owner, [owner] + frameworks)
        }
    }

    /// An exported .ipa (not a development export: `get-task-allow` is not true) whose app is signed with
    /// `aps-environment = development`: push notifications of the store build would go to the sandbox.
    static let pushEnvironment = CheckFunction(
        name: "archive.push_environment",
        summary: "The app of an exported .ipa for the store is signed with the production push environment",
        options: [],
        subjects: .none,
        placeholders: ["binary", "bundle"]
    ) { invocation in
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where archive.kind == .ipa {
            for bundle in archive.bundles where bundle.kind != .framework {
                guard let entitlements = bundle.entitlements, let location = bundle.binaryLocation,
                      entitlements["aps-environment"]?.string == "development", entitlements["get-task-allow"]?.bool != true else { continue }
                results.append(CheckResult(location: location, evidence: "aps-environment development",
                                           values: ["binary": location.path, "bundle": bundle.described]))
            }
        }
        return results
    }

    /// A bundle's binary is built for a newer minimum OS (LC_BUILD_VERSION) than its Info.plist's MinimumOSVersion says.
    static let minimumOS = CheckFunction(
        name: "archive.minimum_os",
        summary: "Each bundle's MinimumOSVersion is at least the minimum OS its binary was built for",
        options: [],
        subjects: .none,
        placeholders: ["plist", "declared", "built", "binary", "bundle"]
    ) { invocation in
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where archive.isApple {
            for bundle in archive.bundles {
                guard let plist = archive.plist(of: bundle), let declared = plist.string("MinimumOSVersion"), let built = bundle.builtMinimumOS,
                      let binary = bundle.binaryLocation,
                      let d = UploadSDKMinimum.components(declared), let b = UploadSDKMinimum.components(built),
                      UploadSDKMinimum.less(d, b) else { continue }
                let location = plist.location
                results.append(CheckResult(location: location, evidence: "MinimumOSVersion \(declared), binary minos \(built)", values: [
                    "plist": location.path, "declared": declared, "built": built, "binary": binary.path, "bundle": bundle.described,
                ]))
            }
        }
        return results
    }

    /// A key of the app's Info.plist, one policy over either input's `InfoPlistFile`s: the built app's of each Apple
    /// archive given, or, with `source: true` and no built Apple archive, the Info.plist each app target ships (its
    /// INFOPLIST_FILE), which the build copies into the app. `equals` reports the key holding that boolean
    /// (`NSAppTransportSecurity.NSAllowsArbitraryLoads` equals true); `missing: true` its absence from a built
    /// Info.plist (only there: a source plist lacks the keys Xcode adds at build). `key` is a path of dictionary keys.
    static let appPlist = CheckFunction(
        name: "archive.app_plist",
        summary: "A key of the built app's Info.plist (or, with `source`, of each app target's Info.plist) is present, or does not have a value",
        options: [OptionSpec("key", .string, required: true, doc: "dictionary keys joined by `.`"),
                  OptionSpec("missing", .bool, doc: "report when the key is absent from the built Info.plist"),
                  OptionSpec("equals", .bool, doc: "report when the key is this boolean"),
                  OptionSpec("source", .bool, doc: "without a built Apple archive, read each app target's shipping Info.plist (`equals` only)"),
                  OptionSpec("unless_present", .stringList, doc: "key paths whose presence, with any value, makes the system ignore `key` (no finding)")],
        subjects: .none,
        placeholders: ["plist", "key", "value", "shipped"]
    ) { invocation in
        guard let key = invocation.options.string("key") else { return [] }
        let missing = invocation.options.bool("missing") ?? false
        let equals = invocation.options.bool("equals")
        let overriding = invocation.options.strings("unless_present") ?? []
        let project = invocation.context.project
        // Each judged plist with how the message names what ships.
        var judged: [(plist: InfoPlistFile, shipped: String)] = project.archives.filter(\.isApple).compactMap { archive in
            archive.app.flatMap(archive.plist(of:)).map { ($0, "The built \($0.location.path)") }
        }
        if !project.archives.contains(where: \.isApple), invocation.options.bool("source") == true {
            judged = AppPlists.shipping(project).map { plist, owner in
                (plist, "The \(owner)'s Info.plist (\(plist.location.path), which the build copies into the app)")
            }
        }
        return judged.compactMap { plist, shipped in
            guard !overriding.contains(where: plist.has(path:)) else { return nil }
            let values = ["plist": plist.location.path, "key": key, "shipped": shipped]
            if missing, plist.origin.isArchive, !plist.has(path: key) {
                return CheckResult(location: plist.location, evidence: "no \(key)", values: values.merging(["value": "absent"]) { $1 })
            }
            guard let equals, let found = plist.bool(atPath: key), found == equals else { return nil }
            // As each input shows it: the built plist's boolean, the source's value as written (`YES`, `<true/>` read as YES).
            let shown = plist.origin.isArchive ? "\(found)" : plist.value(atPath: key) ?? "\(found)"
            return CheckResult(location: plist.location(ofPath: key), evidence: "\(key) = \(shown)", values: values.merging(["value": "\(found)"]) { $1 })
        }
    }
}

/// The Info.plists the app bundles ship, from the source: each app target's INFOPLIST_FILE (per bundle), or,
/// without an Xcode project, the plists a generator spec names as an application's, else every plist that is
/// not an extension's, a framework's or a bundle's.
enum AppPlists {
    static func shipping(_ project: ProjectModel) -> [(plist: InfoPlistFile, owner: String)] {
        let plists = project.infoPlists.filter { !$0.isGenerated && !$0.isTestBundle }
        let apps = project.appleBundles.filter { $0.kind == .app }
        if !apps.isEmpty {
            return apps.compactMap { bundle in
                guard let path = bundle.infoPlist, let plist = plists.first(where: { $0.location.path == path }) else { return nil }
                return (plist, "app target \(bundle.name)")
            }
        }
        let typed = plists.filter { $0.productType?.hasPrefix("com.apple.product-type.application") == true }
        if !typed.isEmpty { return typed.map { ($0, "app target \($0.target ?? $0.location.path)") } }
        // No project names its targets (the app taken as one bundle by folder convention): the plists that are
        // an app's, not an extension's (NSExtension), a framework's or a resource bundle's (CFBundlePackageType).
        return plists.filter { plist in
            plist.keyLines["NSExtension"] == nil && plist.keyLines["WKWatchKitApp"] == nil
                && !["FMWK", "BNDL", "XPC!"].contains(plist.strings["CFBundlePackageType"] ?? "")
        }.map { ($0, "app") }
    }
}
