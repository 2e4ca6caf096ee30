import Project

/// The first release of each listed SDK that ships its own privacy manifest (table
/// `sdk_manifest_first_versions` of privacy-manifest.yml: `Name: { since: "5.9.0", source: "…" }`).
/// A resolved version at or above it passes; below it, or not a comparable version, it is reported.
struct SDKManifestVersions: Sendable {
    static let defaultTable = "sdk_manifest_first_versions"

    /// Lowercased SDK name → the first version with a manifest.
    let since: [String: DependencyVersion]

    init(_ table: Table?) {
        var since: [String: DependencyVersion] = [:]
        for pair in table?.value.mapping ?? [] {
            guard let name = pair.key.scalar, let text = pair.value["since"]?.scalar, let version = DependencyVersion(text) else { continue }
            since[name.lowercased()] = version
        }
        self.since = since
    }

    func shipsManifest(_ name: String, version: String?) -> Bool {
        guard let first = since[name.lowercased()], let resolved = version.flatMap(DependencyVersion.init) else { return false }
        return resolved >= first
    }

    /// `version 5.8.0 (Alamofire ships one from 5.9.0 on)`, the words a finding uses for the version.
    func describe(_ name: String, version: String?) -> String {
        let resolved = version.map { "version \($0)" } ?? "(version not known)"
        guard let first = since[name.lowercased()] else { return resolved }
        return "\(resolved) (\(name) ships one from \(first) on)"
    }
}
