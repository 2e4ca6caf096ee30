import Project
import YAML

/// Privacy manifest checks: required-reason APIs declared (ITMS-91053), manifests valid (ITMS-91056),
/// listed SDKs shipping their own manifest (ITMS-91061). Domain checks: they read the project, not subjects.
enum PrivacyManifestChecks {
    static var all: [CheckFunction] { [requiredReasons, valid, sdkManifests] }

    static let requiredReasons = CheckFunction(
        name: "privacy_manifest.required_reasons",
        summary: "Each required-reason API category used in app code is declared in an app-owned PrivacyInfo.xcprivacy",
        options: [OptionSpec("categories", .table, required: true, doc: "category -> fact -> approved reasons")],
        subjects: .none
    ) { invocation in
        let categories: RequiredReasonCategories
        do throws(TableError) { categories = try RequiredReasonCategories(invocation.table("categories")) } catch { return [error.result] }
        let project = invocation.context.project
        let appManifests = project.privacyManifests.filter(\.isAppOwned)
        let declared = appManifests.reduce(into: Set<String>()) { $0.formUnion($1.declaredAPICategories) }
        let manifestName = appManifests.isEmpty
            ? "the app (which has no PrivacyInfo.xcprivacy of its own)"
            : appManifests.map(\.location.path).joined(separator: ", ")
        return categories.categories.compactMap { category in
            guard let use = FirstUse(of: category.fact, in: project), !declared.contains(categories.prefix + category.name) else { return nil }
            return CheckResult(location: use.location, evidence: use.snippet, values: [
                "category": category.name, "evidence": use.described, "manifest": manifestName,
                "reasons": category.reasons.joined(separator: ", "),
            ])
        }
    }

    static let valid = CheckFunction(
        name: "privacy_manifest.valid",
        summary: "Every PrivacyInfo.xcprivacy uses only known keys, types, categories, reason codes, data types and purposes",
        options: [
            OptionSpec("categories", .table, required: true, doc: "required-reason categories and their reason codes"),
            OptionSpec("schema", .table, required: true, doc: "allowed keys and value types"),
            OptionSpec("data_types", .table, required: true, doc: "collected data type values"),
            OptionSpec("purposes", .table, required: true, doc: "collected data purpose values"),
        ],
        subjects: .none
    ) { invocation in
        let validator: PrivacyManifestValidator
        do throws(TableError) {
            validator = PrivacyManifestValidator(
                categories: try RequiredReasonCategories(invocation.table("categories")),
                schema: try ManifestSchema(invocation.table("schema")),
                dataTypes: try PrefixedNames(invocation.table("data_types")),
                purposes: try PrefixedNames(invocation.table("purposes")))
        } catch {
            return [error.result]
        }
        return invocation.context.project.privacyManifests.flatMap { manifest in
            validator.problems(in: manifest).map { problem in
                CheckResult(location: problem.location, evidence: problem.message,
                            values: ["problem": "\(manifest.location.path): \(problem.message)", "file": manifest.location.path,
                                     "itms": problem.rejection.rawValue],
                            severity: problem.severity)
            }
        }
    }

    /// A team that checked the resolved version can state `privacy_manifest.sdk.<Name>: true` in shipcheck.yml.
    static let sdkManifests = CheckFunction(
        name: "privacy_manifest.sdk_manifests",
        summary: "Dependencies on Apple's list of commonly used SDKs come with their own privacy manifest",
        options: [OptionSpec("sdks", .table, required: true, doc: "SDK names that must ship a privacy manifest"),
                  OptionSpec("versions", .table, doc: "SDK name → first version that ships a manifest; default sdk_manifest_first_versions")],
        subjects: .none
    ) { invocation in
        let listed: PrefixedNames
        do throws(TableError) { listed = try PrefixedNames(invocation.table("sdks")) } catch { return [error.result] }
        let firstVersions = SDKManifestVersions(invocation.context.tables[invocation.options.string("versions") ?? SDKManifestVersions.defaultTable])
        let required = Dictionary(listed.names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
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
