import Project

/// The evidence a built iOS archive gives for the purpose-string policy also judged on the sources
/// (`purpose_strings.missing` with `from: archive`): its binaries' uses, as the archive inspector found them.
enum ArchivePurposeEvidence {
    /// ITMS-90683 on what ships: a binary (the app's, an extension's, an embedded framework's) uses a protected API
    /// (`hits`, the archive inspector's, at that binary) and the Info.plist of the bundle it ships in lacks every key
    /// that satisfies it.
    static func missing(_ keys: PurposeKeys, _ hits: [SymbolHit], _ archives: [BuiltArchive]) -> [CheckResult] {
        let uses = Dictionary(grouping: hits, by: \.location)
        var results: [CheckResult] = []
        for archive in archives where archive.isApple {
            for (owner, binaries) in ArchiveAppleChecks.plistBundles(archive) {
                guard let plist = archive.plist(of: owner), let value = plist.document?.value else { continue }
                let plistLocation = plist.location
                let sets = { (key: String) in value[key]?.string.map { !$0.isEmpty } ?? (value[key] != nil) }
                for requirement in keys.entries {
                    guard !requirement.keys.contains(where: sets) else { continue }
                    // Only the key an older SDK read: the upload's scan has accepted it (see the source check).
                    let superseded = requirement.superseded.first(where: sets)
                    // The first binary (the owner's own first) that uses the API, with the import that shows it.
                    for bundle in binaries {
                        guard let location = bundle.binaryLocation,
                              let evidence = uses[location]?.first(where: { $0.signal == requirement.signal })?.symbol else { continue }
                        results.append(CheckResult(location: location, evidence: evidence, values: [
                            "binary": location.path, "bundle": bundle.described, "symbol": evidence,
                            "key": requirement.keys.joined(separator: " or "), "plist": plistLocation.path,
                            "superseded": superseded.map(requirement.supersededNote) ?? "",
                        ], severity: superseded == nil ? nil : .warning))
                        break
                    }
                }
            }
        }
        return results
    }
}
