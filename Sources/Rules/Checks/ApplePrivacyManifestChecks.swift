import Project

/// Privacy manifest checks: required-reason APIs declared (ITMS-91053), manifests valid (ITMS-91056),
/// listed SDKs shipping their own manifest (ITMS-91061). Domain checks: they read the project, not subjects.
enum PrivacyManifestChecks {
    static var all: [CheckFunction] { [requiredReasons.judgingEitherInput, valid, sdkManifests.judgingEitherInput] }

    /// ITMS-91053, one policy judged on either input (`from:`): a bundle's code (`from: source`) or its binary
    /// (`from: archive`, `ArchivePrivacyEvidence.requiredReasons`) uses a category its own manifest lacks, each use a
    /// `SymbolHit` of the category's fact (the source scan's, or the archive inspector's from its binary imports);
    /// another manifest of the same app or upload declaring it makes the finding a warning that names it.
    ///
    /// Source: judged per bundle with its own binary (app, app extension, embedded framework), as App Store Connect
    /// does: each bundle's own sources against its own manifests. Files no target claims (local Swift
    /// packages) count for the apps. Without an Xcode project the app is one bundle and every app-owned
    /// manifest counts.
    static let requiredReasons = CheckFunction(
        name: "privacy_manifest.required_reasons",
        summary: "Each required-reason API category used in a bundle's code is declared in that bundle's own PrivacyInfo.xcprivacy",
        options: [
            OptionSpec("categories", .table, required: true, decode: TableError.decoder(RequiredReasonCategories.init), doc: "category -> fact -> approved reasons"),
            OptionSpec("platforms", .stringList, doc: "the Apple platforms the rule applies to; a bundle built only for others is left out"),
            OptionSpec("sdk_declarations", .table, decode: TableError.decoder(SDKManifestDeclarations.init),
                       doc: "SDK name → the categories its own privacy manifest declares (from its published PrivacyInfo.xcprivacy): an app embedding it ships that manifest"),
            JudgedInput.option,
        ],
        subjects: .none,
        placeholders: ["bundle", "category", "evidence", "manifest", "reasons", "declared_elsewhere", "binary", "symbol"],
        reads: [.table("categories"), .family(.localPackages)]
    ) { invocation in
        let categories: RequiredReasonCategories
        guard let decoded = invocation.decoded("categories", as: RequiredReasonCategories.self) else { return [] }
        categories = decoded
        if JudgedInput.isArchive(invocation) {
            let project = invocation.context.project
            return ArchivePrivacyEvidence.requiredReasons(categories, project.symbolHits(fromArchive: true), project.archives)
        }
        let project = invocation.context.project
        if project.appleBundles.isEmpty { return requiredReasonsOfTheWholeApp(categories, project, facts: invocation.facts) }
        let sdkDeclarations = invocation.decoded("sdk_declarations", as: SDKManifestDeclarations.self)

        let apple = project.parts[ApplePart.self]
        let claimed = project.appleBundles.reduce(into: Set<String>()) { $0.formUnion($1.files ?? []) }
        let shipped = Set(project.appleBundles.flatMap(\.privacyManifests))
        let facts = Set(categories.categories.map(\.fact))
        let hits = Dictionary(grouping: project.symbolHits(fromArchive: false).filter { facts.contains($0.signal) }, by: \.signal)
        // One finding per category, first use and manifest: bundles that share the code and the manifest
        // (an app and its extensions linking one package) are named together.
        struct Key: Hashable {
            let category: String
            let location: SourceLocation
            let manifests: [String]
        }
        var order: [Key] = []
        var groups: [Key: (hit: SymbolHit, category: RequiredReasonCategories.Category, bundles: [AppleBundle])] = [:]
        // In a repository of several apps, a file no target claims belongs to the app whose folder holds it (the
        // nearest app folder above it); only files outside every app's folder (shared packages) count for all.
        let appRoots = Set(project.appleBundles.filter { $0.files != nil }.map { AppleBundles.appRoot(of: $0.location.path) })
        func nearestAppRoot(_ path: String) -> String? {
            appRoots.filter { $0.isEmpty || path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
        }
        // The sibling packages each app depends on by path (pub path:, workspaces, SwiftPM .package(path:)): a
        // package's code counts for the apps that depend on it, and, when none does, for every app as before.
        let graph = LocalPackageGraph(facts: invocation.facts.store(of: .localPackages))
        var dependencies = Dictionary(uniqueKeysWithValues: appRoots.map { ($0, graph.closure(of: $0)) })
        // A local Swift package a target links (its Package.swift is among the target's files) brings its own
        // `.package(path:)` dependencies into that app.
        for bundle in project.appleBundles {
            guard let files = bundle.files else { continue }
            let root = AppleBundles.appRoot(of: bundle.location.path)
            for folder in graph.edges.keys where !folder.isEmpty && files.contains(folder + "/Package.swift") {
                dependencies[root, default: []].formUnion(graph.closure(of: folder))
            }
        }
        // A dependency is the app's when its lock file is in the app's folder, or above it (one app, or a Dart
        // workspace's pubspec.lock above a Flutter runner's ios/ folder — never above a native app beside it:
        // ente's Ensu, a Swift app under the same workspace).
        func isOfApp(_ dependency: Dependency, _ appRoot: String) -> Bool {
            guard appRoots.count >= 2 else { return true }
            if let nearest = nearestAppRoot(dependency.location.path) { return nearest == appRoot }
            let folder = dependency.location.path.split(separator: "/").dropLast().joined(separator: "/")
            let flutterRunner = appRoot.hasSuffix("/ios") || appRoot == "ios"
            return (folder.isEmpty || appRoot.hasPrefix(folder + "/")) && (dependency.ecosystem != .pub || flutterRunner)
        }
        func dependents(_ path: String) -> Set<String> {
            Set(dependencies.filter { LocalPackageGraph.path(path, isIn: $0.value) }.keys)
        }
        let platforms = Set(invocation.options.strings("platforms") ?? [])
        for bundle in project.appleBundles where platforms.isEmpty || bundle.isBuilt(forAnyOf: platforms) {
            // What App Store Connect reads for this bundle's binary: its own manifests (as for a built archive's bundle).
            let declared = apple.declaredAPICategories(of: bundle)
            let root = AppleBundles.appRoot(of: bundle.location.path)
            func owns(_ path: String) -> Bool {
                if bundle.files?.contains(path) ?? true { return true }
                guard bundle.takesUnclaimedFiles, !claimed.contains(path) else { return false }
                guard appRoots.count >= 2 else { return true }
                let nearest = nearestAppRoot(path)
                if nearest == root { return true }
                let users = dependents(path)
                // Inside another app's folder: only if this app depends on it. Outside every app: its dependents, or all.
                return nearest != nil ? users.contains(root) : (users.isEmpty || users.contains(root))
            }
            for category in categories.categories where !declared.contains(categories.prefix + category.name) {
                guard let hit = hits[category.fact]?.first(where: { owns($0.location.path) }) else { continue }
                let key = Key(category: category.name, location: hit.location, manifests: bundle.privacyManifests)
                if groups[key] == nil { order.append(key) }
                groups[key, default: (hit, category, [])].bundles.append(bundle)
            }
        }
        return order.compactMap { key in
            guard let (hit, category, bundles) = groups[key] else { return nil }
            let snippet = hit.snippet.isEmpty ? hit.symbol : hit.snippet
            let one = bundles.count == 1
            let manifest = key.manifests.isEmpty
                ? (one ? "any manifest of its own (it has no PrivacyInfo.xcprivacy)" : "any manifest of theirs (none has a PrivacyInfo.xcprivacy of its own)")
                : "\(one ? "its" : "their") privacy manifest \(key.manifests.joined(separator: ", "))"
            // Another manifest of the same app declares the category (an extension or framework relying on the
            // containing app's manifest): real uploads show that accepted, so a warning that names it.
            // Only a manifest of the same app counts: another app of the repository is another upload.
            let appRoot = bundles.first.map { AppleBundles.appRoot(of: $0.location.path) } ?? ""
            // A framework or app extension from a project that builds no app (a workspace's core framework project,
            // outline-apps' OutlineLib.xcodeproj building its VpnExtension) ships inside an app of another project:
            // any app's manifest may be the one that declares it.
            let embeddedElsewhere = bundles.allSatisfy { bundle in
                (bundle.kind == .framework || bundle.kind == .appExtension)
                    && !project.appleBundles.contains { $0.kind == .app && $0.location.path == bundle.location.path }
            }
            let appManifests = Set(project.appleBundles.filter { $0.kind == .app }.flatMap(\.privacyManifests))
            let declaring = project.privacyManifests.filter { $0.isAppOwned && !key.manifests.contains($0.location.path)
                && $0.declaredAPICategories.contains(categories.prefix + category.name)
                && (appRoots.count < 2 || (nearestAppRoot($0.location.path) ?? appRoot) == appRoot
                    || (embeddedElsewhere && appManifests.contains($0.location.path))) }.map(\.location.path).sorted()
            // A manifest no target's resources hold (no Copy Bundle Resources entry, synchronized folder or linked
            // package) is not in any bundle the upload carries: it declares nothing for App Store Connect.
            let membershipKnown = project.appleBundles.contains { !($0.files ?? []).isEmpty }
            let elsewhere = declaring.filter { !membershipKnown || shipped.contains($0) }
            let unshipped = declaring.filter { !elsewhere.contains($0) }
            var note = declaredElsewhereNote(elsewhere, of: "app")
            // An SDK the app embeds ships its own manifest in the same upload; the repository does not hold it.
            let sdks = elsewhere.isEmpty
                ? sdkDeclarations?.declaring(category.name, among: project.dependencies.filter { isOfApp($0, appRoot) }) ?? [] : []
            if !sdks.isEmpty {
                let one = sdks.count == 1
                note += acceptedNote("the privacy manifest\(one ? "" : "s") that \(list(sdks)) ship\(one ? "s" : "") in the same app",
                                     declares: one ? "declares" : "declare")
            }
            if !unshipped.isEmpty {
                note += " (\(unshipped.joined(separator: ", ")) declares it but is in no target's resources, so it does not ship: add it to"
                    + " the target's Copy Bundle Resources, or declare the category in a manifest that does)"
            }
            // C, C++ or Rust that no Xcode target builds (a plugin's or crate's sources) ships only if a build
            // step links it into the bundle: indirect evidence, so a warning that says so.
            let unlinked = Self.isNativeOutsideTargets(hit.location.path, claimed: claimed)
            if unlinked {
                note += " (\(hit.location.path) is C, C++ or Rust that no target of the Xcode project builds: it ships in the bundle"
                    + " only if a build step links it, as a Flutter plugin, a pod or a Rust library does, so this is a warning)"
            }
            return CheckResult(location: hit.location, evidence: snippet, values: [
                "bundle": described(bundles), "category": category.name, "evidence": "\(hit.location)",
                "manifest": manifest, "reasons": category.reasons.joined(separator: ", "), "declared_elsewhere": note,
            ], severity: elsewhere.isEmpty && sdks.isEmpty && !unlinked ? nil : .warning)
        }
    }

    /// The note for a category another manifest of the same app (source) or upload (archive) declares: real
    /// uploads show that accepted, so the finding is a warning that names the manifests (docs/severity.md).
    static func declaredElsewhereNote(_ manifests: [String], of whole: String) -> String {
        manifests.isEmpty ? "" : acceptedNote("\(manifests.joined(separator: ", ")) of the same \(whole)", declares: "declares")
    }

    /// " (<who> declares it, which uploads have been seen to accept, …)": a manifest other than the bundle's own,
    /// in the repository or shipped by an embedded SDK, makes the finding a warning.
    static func acceptedNote(_ who: String, declares verb: String) -> String {
        " (\(who) \(verb) it, which uploads have been seen to accept, so this is a warning: add the declaration to the"
            + " bundle's own manifest to be safe)"
    }

    /// A C, C++ or Rust file that no target claims.
    static func isNativeOutsideTargets(_ path: String, claimed: Set<String>) -> Bool {
        guard !claimed.contains(path), let language = Language(path: path) else { return false }
        return language == .c || language == .cpp || language == .rust
    }

    /// "the app A", "the app A and the app extensions B and C".
    static func described(_ bundles: [AppleBundle]) -> String {
        var parts: [String] = []
        var kinds: [AppleBundle.Kind] = []
        for bundle in bundles where !kinds.contains(bundle.kind) { kinds.append(bundle.kind) }
        for kind in kinds {
            let names = bundles.filter { $0.kind == kind }.map(\.name)
            if names.count == 1, let bundle = bundles.first(where: { $0.kind == kind }) {
                parts.append(bundle.described)
            } else {
                parts.append("the \(kind.rawValue)s \(list(names))")
            }
        }
        return list(parts)
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }

    /// No Xcode project: the app is one bundle; every app-owned manifest counts, and the facts say what is used.
    static func requiredReasonsOfTheWholeApp(_ categories: RequiredReasonCategories, _ project: ProjectModel, facts: CheckFacts) -> [CheckResult] {
        let appManifests = project.privacyManifests.filter(\.isAppOwned)
        let declared = appManifests.reduce(into: Set<String>()) { $0.formUnion($1.declaredAPICategories) }
        let manifestName = appManifests.isEmpty
            ? "the app (which has no PrivacyInfo.xcprivacy of its own)"
            : appManifests.map(\.location.path).joined(separator: ", ")
        return categories.categories.compactMap { category in
            guard let use = FirstUse(of: FactName(category.fact, inTable: "categories"), in: project, facts: facts), !declared.contains(categories.prefix + category.name) else { return nil }
            return CheckResult(location: use.location, evidence: use.snippet, values: [
                "bundle": "the app", "category": category.name, "evidence": use.described, "manifest": manifestName,
                "reasons": category.reasons.joined(separator: ", "), "declared_elsewhere": "",
            ])
        }
    }

    static let valid = CheckFunction(
        name: "privacy_manifest.valid",
        summary: "Every PrivacyInfo.xcprivacy uses only known keys, types, categories, reason codes, data types and purposes (one kind of problem per rule)",
        options: [
            OptionSpec("problems", .oneOf(PrivacyManifestValidator.Group.allCases.map(\.rawValue)), required: true,
                       doc: "which problems the rule reports: invalid-manifest (ITMS-91056), invalid-reason (ITMS-91055), sdk-only-reason or tracking-domain"),
            OptionSpec("categories", .table, required: true, decode: TableError.decoder(RequiredReasonCategories.init), doc: "required-reason categories and their reason codes"),
            OptionSpec("schema", .table, required: true, decode: TableError.decoder(ManifestSchema.init), doc: "allowed keys and value types"),
            OptionSpec("data_types", .table, required: true, decode: TableError.decoder(PrefixedNames.init), doc: "collected data type values"),
            OptionSpec("purposes", .table, required: true, decode: TableError.decoder(PrefixedNames.init), doc: "collected data purpose values"),
        ],
        subjects: .none
    ) { invocation in
        guard let categories = invocation.decoded("categories", as: RequiredReasonCategories.self),
              let schema = invocation.decoded("schema", as: ManifestSchema.self),
              let dataTypes = invocation.decoded("data_types", as: PrefixedNames.self),
              let purposes = invocation.decoded("purposes", as: PrefixedNames.self),
              let group = invocation.options.string("problems").flatMap(PrivacyManifestValidator.Group.init) else { return [] }
        let validator = PrivacyManifestValidator(categories: categories, schema: schema, dataTypes: dataTypes, purposes: purposes)
        return invocation.context.project.privacyManifests.flatMap { manifest in
            validator.problems(in: manifest).filter { $0.group == group }.map { problem in
                CheckResult(location: problem.location, evidence: problem.message,
                            values: ["problem": "\(manifest.location.path): \(problem.message)", "file": manifest.location.path,
                                     "itms": problem.rejection.rawValue])
            }
        }
    }

    /// ITMS-91061, one policy judged on either input (`from:`): an SDK on Apple's list without a privacy manifest
    /// of its own, named with its version and the first version that ships one. `from: archive` reads the
    /// frameworks the upload embeds (`ArchivePrivacyEvidence.sdkManifests`); `from: source` the dependencies.
    ///
    /// A team that checked the resolved version can state `privacy_manifest.sdk.<Name>: true` in shipcheck.yml.
    ///
    /// Names are matched by ecosystem: a pub package counts only when it is a Flutter plugin on Apple's list
    /// (`pub_plugins`; `lottie` or `protobuf` on pub are pure Dart, not the pods of that name), npm packages and
    /// Gradle modules never (a React Native or Capacitor app's iOS SDKs are the pods of its Podfile.lock). A
    /// Flutter app's Podfile.lock gives its plugins' pods placeholder versions (`0.0.1`, `Flutter (1.0.0)`); the
    /// version comes from pubspec.lock instead, and when the app has plugin pods, only the pub packages that are
    /// pods are judged. A known version below the first with a manifest is the rule's grade; an SDK without a row,
    /// or a version not known, is a note that says so.
    static let sdkManifests = CheckFunction(
        name: "privacy_manifest.sdk_manifests",
        summary: "Dependencies on Apple's list of commonly used SDKs come with their own privacy manifest",
        options: [OptionSpec("sdks", .table, required: true, decode: TableError.decoder(PrefixedNames.init), doc: "SDK names that must ship a privacy manifest"),
                  OptionSpec("versions", .table, decode: SDKManifestVersions.decoder, defaultTable: SDKManifestVersions.defaultTable,
                             doc: "SDK name → first version that ships a manifest; default sdk_manifest_first_versions"),
                  OptionSpec("aliases", .table, decode: TextListsByKey.decoder, doc: "lock-file name → the name on Apple's list (DGCharts: Charts)"),
                  OptionSpec("pub_plugins", .table, decode: TableError.decoder(PrefixedNames.init), doc: "names on Apple's list that are pub packages (Flutter plugins)"),
                  JudgedInput.option],
        subjects: .none,
        placeholders: ["sdk", "listed", "version", "status", "framework"],
        // Stated in shipcheck.yml: the resolved version of SDK <Name> ships its own manifest (the message says so).
        reads: [.family(.privacyManifestSDK)]
    ) { invocation in
        let listed: PrefixedNames
        guard let decoded = invocation.decoded("sdks", as: PrefixedNames.self) else { return [] }
        listed = decoded
        let firstVersions = invocation.decoded("versions", as: SDKManifestVersions.self) ?? SDKManifestVersions()
        if JudgedInput.isArchive(invocation) {
            return ArchivePrivacyEvidence.sdkManifests(listed, firstVersions, invocation.context.project.archives)
        }
        var required = Dictionary(listed.names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        // A lock file may name a listed SDK differently (DGCharts is Charts): the alias counts as the listed name.
        for (alias, names) in invocation.decoded("aliases", as: TextListsByKey.self)?.rows ?? [] {
            guard names.count == 1, let listedName = names.first, let canonical = required[listedName.lowercased()] else { continue }
            required[alias.lowercased()] = required[alias.lowercased()] ?? canonical
        }
        let pubPlugins = Set((invocation.decoded("pub_plugins", as: PrefixedNames.self)?.names ?? []).map { $0.lowercased() } + ["flutter"])
        let project = invocation.context.project
        let pub = Dictionary(project.dependencies.filter { $0.ecosystem == .pub }.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        // The app builds its Flutter plugins with CocoaPods: its pods say which pub packages have iOS code.
        let flutterPods = project.dependencies.contains { $0.ecosystem == .cocoapods && $0.name.lowercased() == "flutter" }
        let withManifest = Set(project.privacyManifests.compactMap { $0.sdkName?.lowercased() })
        var reported: Set<String> = []
        var results: [CheckResult] = []
        for dependency in project.dependencies.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) }) {
            let name = dependency.name.split(separator: "/").first.map(String.init) ?? dependency.name
            let key = name.lowercased()
            guard let listedName = required[key] else { continue }
            var judged = dependency
            var why: String?
            switch dependency.ecosystem {
            case .npm, .gradle:
                continue
            case .pub:
                guard pubPlugins.contains(key), !flutterPods else { continue }
            case .cocoapods where pubPlugins.contains(key):
                if let package = pub[key] {
                    judged = package
                } else {
                    judged = Dependency(name: dependency.name, version: nil, location: dependency.location, ecosystem: .cocoapods)
                    why = "Podfile.lock gives a Flutter plugin's pod a placeholder version (\(dependency.version ?? "none")) and no pubspec.lock names its real one"
                }
            default:
                break
            }
            guard !withManifest.contains(key), dependency.hasPrivacyManifest != true,
                  invocation.facts[FactFamily.privacyManifestSDK.member(name)]?.value.isTruthy != true else { continue }
            let verdict = firstVersions.verdict([name, listedName], version: judged.version, minimum: judged.versionIsMinimum,
                                                below: judged.versionBelow, why: why)
            let status: String
            var severity: Severity?
            switch verdict {
            case .ships: continue
            case .predatesManifest(let text): status = text
            case .unknown(let text): status = text; severity = .info
            }
            guard reported.insert(key).inserted else { continue }
            let version = judged.version.map { judged.versionIsMinimum ? "at least version \($0)" : "version \($0)" } ?? "(version not known)"
            results.append(CheckResult(location: judged.location, evidence: "\(judged.name) \(judged.version ?? "")", values: [
                "sdk": name, "listed": listedName, "version": version, "status": status,
            ], severity: severity))
        }
        return results
    }
}
