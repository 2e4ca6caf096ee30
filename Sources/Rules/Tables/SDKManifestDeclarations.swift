import Project
import YAML

/// The required-reason categories the privacy manifest of an SDK declares, from that SDK's published
/// PrivacyInfo.xcprivacy (`sdk_manifest_declarations`: name → `declares`, `since`, `source`). An app that embeds
/// the SDK ships that manifest in the same upload, so a category it declares is declared by another manifest of
/// the app (docs/severity.md: a warning, as for the app's own other manifests), even though the repository does not
/// hold the file.
struct SDKManifestDeclarations: Sendable {
    struct Row: Sendable {
        /// The dependency name as the lock files spell it (pod, Swift package or pub package).
        let name: String
        /// Category names without Apple's prefix (`UserDefaults`) → the first release whose manifest declares it.
        /// An SDK adds categories over releases (Sentry: UserDefaults from 8.11.0, FileTimestamp from 8.21.0).
        let since: [String: DependencyVersion]

        var declares: Set<String> { Set(since.keys) }
    }

    let rows: [String: Row]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let pairs = table.value.mapping else {
            throw TableError(table, table.value, "expected a mapping of SDK name → { declares, since, source }")
        }
        var rows: [String: Row] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar, !name.isEmpty else { throw TableError(table, pair.key, "an SDK name must be a string") }
            guard pair.value["source"]?.scalar?.isEmpty == false else {
                throw TableError(table, pair.value, "\(name): `source` must say where the manifest was read")
            }
            rows[name.lowercased()] = Row(name: name, since: try Self.since(of: name, pair.value, in: table))
        }
        self.rows = rows
    }

    /// A row's categories and the release each is declared from: `declares: [A, B]` with one `since` for all, or
    /// `declares: { A: "8.11.0", B: "8.21.0" }` when the SDK added them in different releases (then no `since`).
    private static func since(of name: String, _ row: Node, in table: Table) throws(TableError) -> [String: DependencyVersion] {
        guard let declares = row["declares"] else {
            throw TableError(table, row, "\(name): `declares` must list the categories its manifest declares")
        }
        if let pairs = declares.mapping {
            guard row["since"] == nil else {
                throw TableError(table, row["since"], "\(name): `since` is given per category in `declares`; remove the row's own `since`")
            }
            var since: [String: DependencyVersion] = [:]
            for pair in pairs {
                guard let category = pair.key.scalar, !category.isEmpty else {
                    throw TableError(table, pair.key, "\(name): a category in `declares` must be a name")
                }
                guard let text = pair.value.scalar, let version = DependencyVersion(text) else {
                    throw TableError(table, pair.value, "\(name): `declares.\(category)` must be the first version whose manifest declares it")
                }
                since[category] = version
            }
            guard !since.isEmpty else { throw TableError(table, declares, "\(name): `declares` must name the categories its manifest declares") }
            return since
        }
        guard let categories = declares.sequence?.compactMap(\.scalar), !categories.isEmpty else {
            throw TableError(table, declares, "\(name): `declares` must list the categories its manifest declares")
        }
        guard let text = row["since"]?.scalar, let version = DependencyVersion(text) else {
            throw TableError(table, row, "\(name): `since` must be the first version whose manifest declares them")
        }
        return Dictionary(categories.map { ($0, version) }, uniquingKeysWith: { first, _ in first })
    }

    /// The SDKs among `dependencies` whose manifest declares `category`: a resolved version at or above the
    /// category's `since`, or
    /// none known (a Flutter plugin pod's placeholder `0.0.1` and no pubspec.lock, a lower bound): the repository
    /// cannot show the manifest absent, so the category is not proven undeclared. When a lock file gives a real
    /// version (pubspec.lock beside the pod's placeholder), the highest one decides.
    func declaring(_ category: String, among dependencies: [Dependency]) -> [String] {
        var known: [String: DependencyVersion] = [:]
        var present: Set<String> = []
        for dependency in dependencies where !dependency.isDevelopmentOnly && dependency.ecosystem != .npm && dependency.ecosystem != .gradle {
            let key = dependency.name.lowercased()
            guard let row = rows[key], row.declares.contains(category) else { continue }
            present.insert(key)
            guard !dependency.versionIsMinimum, let text = dependency.version, !Self.isPlaceholder(text),
                  let version = DependencyVersion(text) else { continue }
            known[key] = max(known[key] ?? version, version)
        }
        return present.compactMap { key in
            rows[key].flatMap { row in
                guard let since = row.since[category] else { return nil }
                return (known[key].map { $0 >= since } ?? true) ? row.name : nil
            }
        }.sorted()
    }

    /// The version CocoaPods records for every Flutter plugin pod (the pod's own podspec says 0.0.1).
    static func isPlaceholder(_ version: String) -> Bool { version == "0.0.1" }
}
