import YAML
import Formats

/// Native code that comes inside dependencies (AARs), which the sources never show: the checklists'
/// `kind: native_dependencies` table lists common native-bearing coordinates (WebRTC, SQLCipher, Conscrypt,
/// ML Kit, Realm, Mapbox…), each with the first version built for 16 KB pages where its maintainers published
/// one, and the source that says so. Facts:
///
/// - `android.native_dependencies`: the app declares such a dependency (evidence: each declaration, with the
///   first 16 KB version or "none published"), so the 16 KB reminder applies although no `.so` is in the tree;
/// - `android.native_dependencies_pre_16kb`: a declared version is older than the first 16 KB build (evidence:
///   each such declaration and the table's source).
///
/// Rows: `{ coordinate: "net.zetetic:sqlcipher-android", first_16kb: "4.6.1", source: "…" }`; a coordinate
/// `group:*` matches every artifact of the group. A row without `first_16kb` has no 16 KB release known.
/// `{ package: sqlite3_flutter_libs, ecosystem: pub, source: "…" }` is a Flutter plugin (pubspec.lock / pubspec.yaml)
/// whose Android part bundles native libraries.
public enum AndroidNativeDependencies {
    struct Row: Sendable {
        let group: String
        let name: String?
        let first16KB: DependencyVersion?
        let source: String
        var ecosystem: Dependency.Ecosystem = .gradle

        func matches(_ dependency: Key) -> Bool {
            guard dependency.ecosystem == ecosystem else { return false }
            guard ecosystem == .gradle else { return dependency.name == group }
            let parts = dependency.coordinateParts
            guard parts.count == 2, parts[0] == group else { return false }
            guard let name else { return true }
            return parts[1] == name
        }
    }

    /// A dependency as the rows compare it: its coordinate split at its first `:` once, not once for each row
    /// tried (every dependency of a large build against every row was a visible cost).
    struct Key {
        let ecosystem: Dependency.Ecosystem
        let name: String
        let coordinateParts: [Substring]

        init(_ dependency: Dependency) {
            ecosystem = dependency.ecosystem
            name = dependency.name
            coordinateParts = dependency.ecosystem == .gradle ? dependency.name.split(separator: ":", maxSplits: 1) : []
        }
    }

    static let evidenceLimit = 10

    static func rows(_ tables: [SymbolTableSource]) -> [Row] {
        tables.flatMap { table in
            (table.value.sequence ?? []).compactMap { node -> Row? in
                if let package = node["package"]?.scalar, node["ecosystem"]?.scalar == "pub", let source = node["source"]?.scalar, !package.isEmpty {
                    return Row(group: package, name: nil, first16KB: node["first_16kb"]?.scalar.flatMap(DependencyVersion.init), source: source, ecosystem: .pub)
                }
                guard let coordinate = node["coordinate"]?.scalar, let source = node["source"]?.scalar else { return nil }
                let parts = coordinate.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else { return nil }
                return Row(group: parts[0], name: parts[1] == "*" ? nil : parts[1],
                           first16KB: node["first_16kb"]?.scalar.flatMap(DependencyVersion.init), source: source)
            }
        }
    }

    /// A table's rows, read once when the checklists load (`read`).
    public struct Rows: Sendable {
        let rows: [Row]
    }

    /// A row that is neither `{ coordinate: "group:name", first_16kb?, source }` nor
    /// `{ package, ecosystem: pub, first_16kb?, source }`, at its node.
    public struct RowProblem: Error, Sendable {
        public let mark: Mark
        public let message: String
    }

    /// Reads a table strictly: a row the inspection would skip is a problem at that row, so a typo fails the load
    /// instead of silently dropping the dependency from the 16 KB checks.
    public static func read(_ table: SymbolTableSource) throws(RowProblem) -> Rows {
        guard let items = table.value.sequence else { throw RowProblem(mark: table.value.mark, message: "expected a list of rows") }
        for node in items {
            guard let source = node["source"]?.scalar, !source.isEmpty else {
                throw RowProblem(mark: node.mark, message: "each row needs `source` (where the first 16 KB release is stated)")
            }
            if let first = node["first_16kb"], first.scalar.flatMap(DependencyVersion.init) == nil {
                throw RowProblem(mark: first.mark, message: "`first_16kb` is a version such as 4.6.1")
            }
            if let ecosystem = node["ecosystem"] {
                guard ecosystem.scalar == "pub", let package = node["package"]?.scalar, !package.isEmpty else {
                    throw RowProblem(mark: ecosystem.mark, message: "a package row is `{ package: name, ecosystem: pub, source }`")
                }
                continue
            }
            let parts = node["coordinate"]?.scalar?.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false) ?? []
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw RowProblem(mark: node["coordinate"]?.mark ?? node.mark, message: "`coordinate` is group:name or group:*")
            }
        }
        return Rows(rows: rows([table]))
    }

    /// Each Gradle dependency declared older than its row's first 16 KB release, in declaration order.
    public static func outdated(_ dependencies: [Dependency], rows table: Rows)
        -> [(dependency: Dependency, version: String, first16KB: String, source: String)] {
        let rows = table.rows
        return dependencies.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) }).compactMap { dependency in
            guard dependency.ecosystem == .gradle, case let key = Key(dependency), let row = rows.first(where: { $0.matches(key) }),
                  let version = dependency.version.flatMap(DependencyVersion.init), let minimum = row.first16KB, version < minimum else { return nil }
            return (dependency, version.text, minimum.text, row.source)
        }
    }

    public static func facts(_ dependencies: [Dependency], tables: [SymbolTableSource]) -> [Fact] {
        let rows = rows(tables)
        guard !rows.isEmpty else { return [] }
        var found: [Evidence] = []
        var old: [Evidence] = []
        var names: [String] = []
        for dependency in dependencies.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) }) where dependency.ecosystem == .gradle || dependency.ecosystem == .pub {
            let key = Key(dependency)
            guard let row = rows.first(where: { $0.matches(key) }) else { continue }
            let version = dependency.version.flatMap(DependencyVersion.init)
            let first = row.first16KB.map { "first 16 KB build \($0.text)" } ?? "no 16 KB build published"
            if !names.contains(dependency.name) { names.append(dependency.name) }
            if found.count < evidenceLimit {
                found.append(Evidence(location: dependency.location, snippet: "\(dependency.name) \(dependency.version ?? "(version not read)") ships native code (\(first); \(row.source))"))
            }
            if let version, let minimum = row.first16KB, version < minimum, old.count < evidenceLimit {
                old.append(Evidence(location: dependency.location,
                                    snippet: "\(dependency.name) \(version.text), older than \(minimum.text), its first release built for 16 KB pages (\(row.source))"))
            }
        }
        var facts: [Fact] = []
        if !names.isEmpty {
            facts.append(Fact(name: "android.native_dependencies", value: .list(names), source: .detected, evidence: found))
        }
        if !old.isEmpty {
            facts.append(Fact(name: "android.native_dependencies_pre_16kb", value: .bool(true), source: .detected, evidence: old))
        }
        return facts
    }
}
