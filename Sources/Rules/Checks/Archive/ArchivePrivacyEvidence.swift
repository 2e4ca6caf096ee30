import Project

/// The evidence a built iOS archive gives for the privacy-manifest policies that are also judged on the sources
/// (`privacy_manifest.required_reasons` and `.sdk_manifests` with `from: archive`): what App Store Connect reads
/// from the upload itself, each bundle's binary against its own PrivacyInfo.xcprivacy.
enum ArchivePrivacyEvidence {
    /// ITMS-91053 as App Store Connect finds it: each Mach-O binary's uses (app, extensions, embedded frameworks;
    /// `hits`, the archive inspector's, each at its binary with the category's fact) against the categories its own
    /// bundle's PrivacyInfo.xcprivacy declares.
    static func requiredReasons(_ categories: RequiredReasonCategories, _ hits: [SymbolHit], _ archives: [BuiltArchive]) -> [CheckResult] {
        let uses = Dictionary(grouping: hits, by: \.location)
        var results: [CheckResult] = []
        for archive in archives where archive.isApple {
            let apple = archive.apple
            for archived in archive.bundles {
                let bundle = archived.bundle
                let declared = apple.declaredAPICategories(of: bundle)
                // Another bundle of the same upload (the app's own manifest, for an embedded framework without one)
                // declaring the category: accepted in real uploads, so a warning that names it (docs/severity.md).
                func declaredElsewhere(_ category: String) -> [String] {
                    apple.bundles.filter { $0.location != bundle.location && apple.declaredAPICategories(of: $0).contains(category) }
                        .flatMap(\.privacyManifests).sorted()
                }
                guard let location = archived.binaryLocation, let found = uses[location] else { continue }
                for category in categories.categories where !declared.contains(categories.prefix + category.name) {
                    guard let symbol = found.first(where: { $0.signal == category.fact })?.symbol else { continue }
                    let manifest = bundle.privacyManifests.isEmpty
                        ? "any manifest of its own (the bundle has no PrivacyInfo.xcprivacy)"
                        : "its privacy manifest \(bundle.privacyManifests.joined(separator: ", "))"
                    let elsewhere = declaredElsewhere(categories.prefix + category.name)
                    let note = PrivacyManifestChecks.declaredElsewhereNote(elsewhere, of: "upload")
                    results.append(CheckResult(location: location, evidence: symbol, values: [
                        "binary": location.path, "bundle": bundle.described, "symbol": symbol, "category": category.name,
                        "manifest": manifest, "reasons": category.reasons.joined(separator: ", "), "declared_elsewhere": note,
                    ], severity: elsewhere.isEmpty ? nil : .warning))
                }
            }
        }
        return results
    }

    /// ITMS-91061 on what ships: a framework on Apple's list embedded without a PrivacyInfo.xcprivacy of its
    /// own (in the framework or a resource bundle inside it), named with the version its Info.plist gives.
    static func sdkManifests(_ listed: PrefixedNames, _ firstVersions: SDKManifestVersions, _ archives: [BuiltArchive]) -> [CheckResult] {
        let names = Set(listed.names.map { $0.lowercased() })
        var results: [CheckResult] = []
        for archive in archives where archive.isApple {
            for bundle in archive.bundles where bundle.kind == .framework && bundle.bundle.privacyManifests.isEmpty && names.contains(bundle.name.lowercased()) {
                let location = bundle.infoPlistLocation ?? bundle.binaryLocation ?? SourceLocation(path: archive.name)
                let version = archive.plist(of: bundle)?.string("CFBundleShortVersionString")
                results.append(CheckResult(location: location, evidence: "\(bundle.name) \(version ?? "")", values: [
                    "sdk": bundle.name, "framework": bundle.location.path,
                    "version": firstVersions.describe(bundle.name, version: version),
                ]))
            }
        }
        return results
    }
}
