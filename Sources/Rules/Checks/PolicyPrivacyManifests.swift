import Project

/// The collected data types the app's own PrivacyInfo.xcprivacy files declare, for the cross-store
/// comparison: from the manifests the Apple inspector read (never from the disk here).
struct AppPrivacyManifests {
    let path: String
    let location: SourceLocation
    let collectedTypes: Set<String>

    static func read(_ project: ProjectModel) -> [AppPrivacyManifests] {
        project.privacyManifests.filter(\.isAppOwned).sorted { $0.location.path < $1.location.path }.compactMap { manifest in
            guard let document = manifest.document else { return nil }
            let entries = document.value["NSPrivacyCollectedDataTypes"]?.array ?? []
            let types = Set(entries.compactMap { $0["NSPrivacyCollectedDataType"]?.string })
            let path = manifest.location.path
            return AppPrivacyManifests(path: path, location: SourceLocation(path: path, line: document.line(ofKey: "NSPrivacyCollectedDataTypes")),
                                       collectedTypes: types)
        }
    }
}
