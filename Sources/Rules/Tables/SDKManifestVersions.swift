import Project
import YAML

/// The first release of each listed SDK that ships its own privacy manifest (table
/// `sdk_manifest_first_versions` of privacy-manifest.yml: `Name: { since: "5.9.0", source: "…" }`, or
/// `since: none` when no release does, and for a Flutter plugin whose iOS code moved to another package,
/// `no_ios_code_since: "6.0.16"`: from then on the package ships no iOS SDK of its own; `backports: ["4.8.2"]`:
/// an older major line that got the manifest later, from that release on; `since: unknown`: the row says
/// what is not known, and a resolved version is a note). Decoded once at load (`decoder`), so the check never reads
/// the YAML.
struct SDKManifestVersions: Sendable {
    static let defaultTable = "sdk_manifest_first_versions"

    struct Row: Sendable {
        /// Nil: no release ships a manifest (`since: none`).
        let since: DependencyVersion?
        let noIOSCodeSince: DependencyVersion?
        /// Releases of older major lines that added the manifest (`OpenSSL-Universal` 1.1.2300 beside 3.1.5000).
        let backports: [DependencyVersion]
        let source: String

        /// At or above `since`, or in a backport's major line at or above it.
        func ships(_ version: DependencyVersion) -> Bool {
            if let since, version >= since { return true }
            return backports.contains { version >= $0 && version.parts.first == $0.parts.first }
        }
    }

    /// What shipcheck can say about one resolved dependency.
    enum Verdict: Equatable {
        /// At or above the first version with a manifest, or a release without iOS code: nothing to report.
        case ships
        /// Below the first version with a manifest, or an SDK no release of which ships one: App Store Connect's ITMS-91061.
        case predatesManifest(String)
        /// The version is not known (a branch, a placeholder, only a lower bound below the first version) or
        /// shipcheck has no row for the SDK: a note to check it.
        case unknown(String)
    }

    /// Lowercased SDK name → its row.
    let rows: [String: Row]

    static let decoder = TableError.decoder(SDKManifestVersions.init)

    init(rows: [String: Row] = [:]) {
        self.rows = rows
    }

    /// Read once at load (`OptionSpec.decode`): a row that is not `Name: { since: <version|none|unknown>, source: "…" }`
    /// with optional `no_ios_code_since` (a version) and `backports` (a list of versions) is a load error at the row.
    init(_ table: Table) throws(TableError) {
        guard let pairs = table.value.mapping else {
            throw TableError(table, table.value, "expected a mapping of SDK name to { since: <version|none|unknown>, source: \"…\" }")
        }
        var rows: [String: Row] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar, let fields = pair.value.mapping else {
                throw TableError(table, pair.key, "each row maps an SDK name to { since: <version|none|unknown>, source: \"…\" }")
            }
            for field in fields {
                guard let key = field.key.scalar, !Self.fields.contains(key) else { continue }
                var message = "\(name): unknown field `\(key)` (a row has \(Self.fields.joined(separator: ", ")))"
                if let near = Spelling.nearest(to: key, in: Self.fields) { message += " (did you mean `\(near)`?)" }
                throw TableError(table, field.key, message)
            }
            guard let sinceNode = pair.value["since"], let text = sinceNode.scalar else {
                throw TableError(table, pair.value, "\(name): `since` is a version, `none` or `unknown`")
            }
            let since = DependencyVersion(text)
            guard since != nil || text == "none" || text == "unknown" else {
                throw TableError(table, sinceNode, "\(name): `since` is a version, `none` or `unknown`, not \"\(text)\"")
            }
            guard let source = pair.value["source"]?.scalar, !source.isEmpty else {
                throw TableError(table, pair.value, "\(name): each row says its `source`")
            }
            var noIOSCodeSince: DependencyVersion?
            if let node = pair.value["no_ios_code_since"] {
                guard let version = node.scalar.flatMap(DependencyVersion.init) else {
                    throw TableError(table, node, "\(name): `no_ios_code_since` is a version")
                }
                noIOSCodeSince = version
            }
            var backports: [DependencyVersion] = []
            if let node = pair.value["backports"] {
                guard let items = node.sequence else { throw TableError(table, node, "\(name): `backports` is a list of versions") }
                backports = try items.map { item throws(TableError) in
                    guard let version = item.scalar.flatMap(DependencyVersion.init) else {
                        throw TableError(table, item, "\(name): `backports` is a list of versions")
                    }
                    return version
                }
            }
            // `since: unknown` rows record what was looked for; they count as no row.
            guard text != "unknown" else { continue }
            rows[name.lowercased()] = Row(since: since, noIOSCodeSince: noIOSCodeSince, backports: backports, source: source)
        }
        self.rows = rows
    }

    static let fields = ["since", "source", "no_ios_code_since", "backports"]

    /// Rows are looked up by the dependency's own name, then by the name on Apple's list (DGCharts → Charts).
    func row(_ names: [String]) -> (name: String, row: Row)? {
        for name in names { if let row = rows[name.lowercased()] { return (name, row) } }
        return nil
    }

    /// `version` nil: not known (`why` says why). `minimum`: the version is a lower bound only.
    /// `below`: with `minimum`, the exclusive upper bound of the versions that may resolve (a range that ends at or
    /// before the first release with a manifest cannot reach it).
    func verdict(_ names: [String], version: String?, minimum: Bool = false, below: String? = nil, why: String? = nil) -> Verdict {
        let resolved = version.flatMap(DependencyVersion.init)
        guard let (name, row) = row(names) else {
            return .unknown("shipcheck has no record of the first \(names.first ?? "") release that ships one, so it cannot tell whether this one does: check its release notes")
        }
        if let noCode = row.noIOSCodeSince, let resolved, !minimum, resolved >= noCode { return .ships }
        guard let first = row.since else {
            return .predatesManifest("no \(name) release with iOS code ships one (\(row.source))")
        }
        guard let resolved else {
            return .unknown("\(why ?? "its resolved version is not known"), and \(name) ships one from \(first) on: check the version you resolve")
        }
        if row.ships(resolved) { return .ships }
        if minimum, let bound = below.flatMap(DependencyVersion.init), bound <= first, !row.backports.contains(where: { $0 < bound }) {
            return .predatesManifest("every version the range allows (from \(resolved), below \(bound)) predates its manifest (\(name) ships one from \(first) on)")
        }
        if minimum {
            return .unknown("the version in use is only known to be at least \(resolved), and \(name) ships one from \(first) on: check the version you build with")
        }
        return .predatesManifest("that release predates its manifest (\(name) ships one from \(first) on)")
    }

    /// `version 5.1.0 (Alamofire ships one from 5.9.0 on)`, for a framework a built archive embeds without one.
    func describe(_ name: String, version: String?) -> String {
        let resolved = version.map { "version \($0)" } ?? "(version not known)"
        guard let (listed, row) = row([name]) else { return resolved }
        guard let first = row.since else { return "\(resolved) (no \(listed) release with iOS code ships one)" }
        return "\(resolved) (\(listed) ships one from \(first) on)"
    }
}
