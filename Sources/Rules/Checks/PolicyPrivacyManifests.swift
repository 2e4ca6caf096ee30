import Project

/// The collected data types the app's own PrivacyInfo.xcprivacy files declare, for the cross-store
/// comparison: from the manifests the Apple inspector read (never from the disk here).
struct AppPrivacyManifests {
    let path: String
    let location: SourceLocation
    let collectedTypes: Set<String>

    /// With an Xcode project, only the manifests some target ships (in its resources): one on disk that no target
    /// holds is not in the upload.
    static func read(_ project: ProjectModel) -> [AppPrivacyManifests] {
        let shipped = Set(project.appleBundles.flatMap(\.privacyManifests))
        let membershipKnown = project.appleBundles.contains { !($0.files ?? []).isEmpty }
        return project.privacyManifests.filter { $0.isAppOwned && (!membershipKnown || shipped.contains($0.location.path)) }.sorted { $0.location.path < $1.location.path }.compactMap { manifest in
            guard let document = manifest.document else { return nil }
            let entries = document.value["NSPrivacyCollectedDataTypes"]?.array ?? []
            let types = Set(entries.compactMap { $0["NSPrivacyCollectedDataType"]?.string })
            let path = manifest.location.path
            return AppPrivacyManifests(path: path, location: SourceLocation(path: path, line: document.line(ofKey: "NSPrivacyCollectedDataTypes")),
                                       collectedTypes: types)
        }
    }
}
