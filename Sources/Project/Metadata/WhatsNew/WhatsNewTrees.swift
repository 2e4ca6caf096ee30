import StoreLocale
import Formats

/// The folder r0adkll/upload-google-play sends as release notes (`whatsNewDirectory:`): one file per locale,
/// `whatsnew-<locale>` (no extension), each the release note of that language, which Play refuses over 500
/// characters (github.com/r0adkll/upload-google-play, README "whatsNewDirectory").
enum WhatsNewTrees {
    static let prefix = "whatsnew-"

    /// A tree for each named folder that holds `whatsnew-<locale>` files in the repository (a folder a step
    /// writes at run time is not here, and its notes are followed from where they are copied: ReleaseNoteSenders).
    static func read(path: String, index: FolderIndex, problems: inout [InputProblem]) -> MetadataTree? {
        let files = (index.folders[path] ?? []).filter { $0.fileName.hasPrefix(prefix) && $0.fileName.count > prefix.count }
        guard !files.isEmpty else { return nil }
        var tree = MetadataTree(store: .play, path: path, name: "")
        tree.layout = .whatsNewFiles
        for file in files {
            let code = String(file.fileName.dropFirst(prefix.count))
            guard case .value(let value) = MetadataDiscovery.read(file, store: .play, problems: &problems) else { continue }
            tree.locales.append(MetadataLocale(code: code, location: SourceLocation(path: file.path), changelogs: ["whatsnew": value]))
        }
        tree.locales.sort { $0.code < $1.code }
        return tree
    }
}
