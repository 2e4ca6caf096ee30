import Project
import YAML

/// Privacy manifest checks: required-reason APIs declared (ITMS-91053), manifests valid (ITMS-91056),
/// listed SDKs shipping their own manifest (ITMS-91061). Domain checks: they read the project, not subjects.
enum PrivacyManifestChecks {
    static var all: [CheckFunction] { [requiredReasons, valid, sdkManifests] }

    /// Judged per bundle with its own binary (app, app extension, embedded framework), as App Store Connect
    /// does: each bundle's own sources against its own manifests. Files no target claims (local Swift
    /// packages) count for the apps. Without an Xcode project the app is one bundle and every app-owned
    /// manifest counts.
    static let requiredReasons = CheckFunction(
        name: "privacy_manifest.required_reasons",
        summary: "Each required-reason API category used in a bundle's code is declared in that bundle's own PrivacyInfo.xcprivacy",
        options: [OptionSpec("categories", .table, required: true, decode: TableError.decoder(RequiredReasonCategories.init), doc: "category -> fact -> approved reasons")],
        subjects: .none
    ) { invocation in
        let categories: RequiredReasonCategories
        guard let decoded = invocation.decoded("categories", as: RequiredReasonCategories.self) else { return [] }
        categories = decoded
        let project = invocation.context.project
        if project.appleBundles.isEmpty { return requiredReasonsOfTheWholeApp(categories, project) }

        let manifests = Dictionary(project.privacyManifests.map { ($0.location.path, $0) }, uniquingKeysWith: { first, _ in first })
        let claimed = project.appleBundles.reduce(into: Set<String>()) { $0.formUnion($1.files ?? []) }
        let facts = Set(categories.categories.map(\.fact))
        let hits = Dictionary(grouping: project.symbolHits.filter { facts.contains($0.signal) }, by: \.signal)
        // One finding per category, first use and manifest: bundles that share the code and the manifest
        // (an app and its extensions linking one package) are named together.
        struct Key: Hashable {
            let category: String
            let location: SourceLocation
            let manifests: [String]
        }
        var order: [Key] = []
        var groups: [Key: (hit: SymbolHit, category: RequiredReasonCategories.Category, bundles: [AppleBundle])] = [:]
        for bundle in project.appleBundles {
            let declared = bundle.privacyManifests.reduce(into: Set<String>()) { $0.formUnion(manifests[$1]?.declaredAPICategories ?? []) }
            func owns(_ path: String) -> Bool {
                bundle.files?.contains(path) ?? true || (bundle.takesUnclaimedFiles && !claimed.contains(path))
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
            return CheckResult(location: hit.location, evidence: snippet, values: [
                "bundle": described(bundles), "category": category.name, "evidence": "\(hit.location)",
                "manifest": manifest, "reasons": category.reasons.joined(separator: ", "),
            ])
        }
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
    static func requiredReasonsOfTheWholeApp(_ categories: RequiredReasonCategories, _ project: ProjectModel) -> [CheckResult] {
        let appManifests = project.privacyManifests.filter(\.isAppOwned)
        let declared = appManifests.reduce(into: Set<String>()) { $0.formUnion($1.declaredAPICategories) }
        let manifestName = appManifests.isEmpty
            ? "the app (which has no PrivacyInfo.xcprivacy of its own)"
            : appManifests.map(\.location.path).joined(separator: ", ")
        return categories.categories.compactMap { category in
            guard let use = FirstUse(of: category.fact, in: project), !declared.contains(categories.prefix + category.name) else { return nil }
            return CheckResult(location: use.location, evidence: use.snippet, values: [
                "bundle": "the app", "category": category.name, "evidence": use.described, "manifest": manifestName,
                "reasons": category.reasons.joined(separator: ", "),
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

    /// A team that checked the resolved version can state `privacy_manifest.sdk.<Name>: true` in shipcheck.yml.
    static let sdkManifests = CheckFunction(
        name: "privacy_manifest.sdk_manifests",
        summary: "Dependencies on Apple's list of commonly used SDKs come with their own privacy manifest",
        options: [OptionSpec("sdks", .table, required: true, decode: TableError.decoder(PrefixedNames.init), doc: "SDK names that must ship a privacy manifest"),
                  OptionSpec("versions", .table, doc: "SDK name → first version that ships a manifest; default sdk_manifest_first_versions"),
                  OptionSpec("aliases", .table, doc: "lock-file name → the name on Apple's list (DGCharts: Charts)")],
        subjects: .none
    ) { invocation in
        let listed: PrefixedNames
        guard let decoded = invocation.decoded("sdks", as: PrefixedNames.self) else { return [] }
        listed = decoded
        let firstVersions = SDKManifestVersions(invocation.context.tables[invocation.options.string("versions") ?? SDKManifestVersions.defaultTable])
        var required = Dictionary(listed.names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        // A lock file may name a listed SDK differently (DGCharts is Charts): the alias counts as the listed name.
        for pair in invocation.table("aliases")?.value.mapping ?? [] {
            guard let alias = pair.key.scalar, let listedName = pair.value.scalar, let canonical = required[listedName.lowercased()] else { continue }
            required[alias.lowercased()] = required[alias.lowercased()] ?? canonical
        }
        let project = invocation.context.project
        let withManifest = Set(project.privacyManifests.compactMap { $0.sdkName?.lowercased() })
        var reported: Set<String> = []
        var results: [CheckResult] = []
        for dependency in project.dependencies.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) }) {
            let name = dependency.name.split(separator: "/").first.map(String.init) ?? dependency.name
            let key = name.lowercased()
            guard let listedName = required[key], !withManifest.contains(key),
                  project.facts["privacy_manifest.sdk.\(name)"]?.value.isTruthy != true,
                  !firstVersions.shipsManifest(name, version: dependency.version),
                  reported.insert(key).inserted else { continue }
            results.append(CheckResult(location: dependency.location, evidence: "\(dependency.name) \(dependency.version ?? "")", values: [
                "sdk": name, "listed": listedName,
                "version": firstVersions.describe(name, version: dependency.version),
            ]))
        }
        return results
    }
}
