import Project

/// The first release of each listed SDK that ships its own privacy manifest (table
/// `sdk_manifest_first_versions` of privacy-manifest.yml: `Name: { since: "5.9.0", source: "…" }`, or
/// `since: none` when no release does, and for a Flutter plugin whose iOS code moved to another package,
/// `no_ios_code_since: "6.0.16"`: from then on the package ships no iOS SDK of its own; `backports: ["4.8.2"]`:
/// an older major line that got the manifest later, from that release on; `since: unknown`: the row says
/// what is not known, and a resolved version is a note).
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

    init(_ table: Table?) {
        var rows: [String: Row] = [:]
        for pair in table?.value.mapping ?? [] {
            // `since: unknown` rows record what was looked for; they count as no row.
            guard let name = pair.key.scalar, let text = pair.value["since"]?.scalar else { continue }
            let since = DependencyVersion(text)
            guard since != nil || text == "none" else { continue }
            rows[name.lowercased()] = Row(since: since, noIOSCodeSince: pair.value["no_ios_code_since"]?.scalar.flatMap(DependencyVersion.init),
                                          backports: (pair.value["backports"]?.sequence ?? []).compactMap { $0.scalar.flatMap(DependencyVersion.init) },
                                          source: pair.value["source"]?.scalar ?? "")
        }
        self.rows = rows
    }

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
