import Project

/// The evidence a built iOS archive gives for the login policy also judged on the sources
/// (`apple.login_alternative`, `AppleLoginServicesCheck`): the login SDKs it embeds and the entitlements its app is
/// signed with.
enum ArchiveLoginEvidence {
    /// One archive's sightings: its first embedded framework named in `frameworks` (lowercased), and its app
    /// signed with `entitlement`. Nil for an Android archive or one without an app bundle.
    static func sightings(_ archive: BuiltArchive, frameworks: Set<String>, entitlement: String) -> LoginSightings? {
        guard archive.isApple, let app = archive.bundles.first(where: { $0.kind == .app }) else { return nil }
        var found = LoginSightings()
        if let sdk = archive.bundles.first(where: { $0.kind == .framework && frameworks.contains($0.name.lowercased()) }) {
            found.thirdParty = [Sighting(location: sdk.infoPlistLocation ?? sdk.binaryLocation ?? sdk.location, snippet: sdk.name, values: [
                "framework": sdk.location.path, "sdk": sdk.name, "entitlement": entitlement, "binary": app.binaryLocation?.path ?? app.location.path,
            ])]
        }
        if app.entitlements?[entitlement] != nil {
            found.signInWithApple = [Sighting(location: app.binaryLocation ?? app.location, snippet: "entitlement \(entitlement)", values: [:])]
        }
        return found
    }

    /// Every app bundle of an Apple archive (the app, an App Clip) whose binary is signed with `entitlement`: what
    /// answers the source's guess once the build is given (as the fact `archive.sign_in_with_apple` records).
    static func signedApps(_ archive: BuiltArchive, entitlement: String) -> [Sighting] {
        guard archive.isApple else { return [] }
        return archive.bundles.compactMap { bundle in
            guard bundle.kind == .app, bundle.entitlements?[entitlement] != nil, let location = bundle.binaryLocation else { return nil }
            return Sighting(location: location, snippet: "entitlement \(entitlement)", values: [:])
        }
    }
}
