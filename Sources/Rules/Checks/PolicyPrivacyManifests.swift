import Foundation
import Project

/// The collected data types the app's own PrivacyInfo.xcprivacy files declare, for the cross-store
/// comparison. Uses the Apple inspector's list of app-owned manifests; when it has none (or the
/// project was not inspected) it looks for `PrivacyInfo.xcprivacy` outside dependency folders itself.
struct AppPrivacyManifests {
    let path: String
    let location: SourceLocation
    let collectedTypes: Set<String>

    /// A privacy manifest is a few KB; a larger file is not read.
    static let maxBytes = 1 << 20

    static func read(_ project: ProjectModel) -> [AppPrivacyManifests] {
        var paths = project.privacyManifests.filter(\.isAppOwned).map(\.location.path)
        if paths.isEmpty {
            paths = FileSearch.find(root: project.root) { $0 == "PrivacyInfo.xcprivacy" }
        }
        return paths.sorted().compactMap { path in
            guard let absolute = FileSearch.absolutePathInside(root: project.root, relative: path),
                  let size = (try? FileManager.default.attributesOfItem(atPath: absolute))?[.size] as? Int, size <= maxBytes,
                  let data = FileManager.default.contents(atPath: absolute),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return nil }
            let entries = plist["NSPrivacyCollectedDataTypes"] as? [[String: Any]] ?? []
            let types = Set(entries.compactMap { $0["NSPrivacyCollectedDataType"] as? String })
            return AppPrivacyManifests(path: path, location: SourceLocation(path: path, line: line(of: "NSPrivacyCollectedDataTypes", in: data)),
                                       collectedTypes: types)
        }
    }

    /// Plists carry no line numbers: the line of the key's text, when the file is XML.
    static func line(of key: String, in data: Data) -> Int? {
        guard let text = String(data: data, encoding: .utf8), let range = text.range(of: key) else { return nil }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
