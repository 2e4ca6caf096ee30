import Foundation
import Project

/// Where the manifest is when `--config` is not given, as SwiftLint finds `.swiftlint.yml`: `shipcheck.yml`
/// or `.shipcheck.yml`, in the working folder (when it lies in the project) or the project root, then in each
/// folder above, up to the repository's top (the folder holding `.git`) and never above it. Outside a
/// repository only the folders from there to the project root are looked in, so that a stray
/// `/tmp/shipcheck.yml` never configures a project in /tmp.
public enum ManifestDiscovery {
    public static let names = [ManifestReader.fileName, ".shipcheck.yml"]

    public struct Found: Sendable, Equatable {
        /// The manifest, absolute.
        public let path: String
        /// The farthest folder looked in (the repository's top, else the project root): the manifest is read
        /// only when it resolves inside it.
        public let boundary: String
    }

    /// The folders looked in, nearest first. `ceiling` (the MCP server's ROOT) is a folder never looked above,
    /// even when the repository's top lies higher: a session confined to it reads no manifest outside it.
    public static func folders(projectRoot: String, currentDirectory: String, ceiling: String? = nil) -> (folders: [String], boundary: String) {
        let root = URL(fileURLWithPath: projectRoot).standardizedFileURL.path
        let current = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        let start = ReportPaths.contains(root, current) ? current : root
        var boundary = ReportPaths.repositoryTop(from: root) ?? root
        if let ceiling = ceiling.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }), ReportPaths.contains(ceiling, root),
           !ReportPaths.contains(ceiling, boundary) {
            boundary = ceiling
        }
        var folders = [start]
        var folder = start
        while folder != boundary {
            let parent = (folder as NSString).deletingLastPathComponent
            guard parent != folder, !parent.isEmpty, ReportPaths.contains(boundary, parent) else { break }
            folders.append(parent)
            folder = parent
        }
        return (folders, boundary)
    }

    /// The nearest manifest; nil when there is none. Both names in one folder is an error: which one
    /// counts would be a guess.
    public static func find(projectRoot: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
                            ceiling: String? = nil) throws(SessionError) -> Found? {
        let (folders, boundary) = folders(projectRoot: projectRoot, currentDirectory: currentDirectory, ceiling: ceiling)
        for folder in folders {
            // `entryExists`: a dangling or looping link is found (and then refused by the reader), not skipped.
            let present = names.map { (folder as NSString).appendingPathComponent($0) }.filter(RootedPath.entryExists)
            if present.count > 1 {
                throw SessionError(.configurationInvalid, "\(present[0]) and \(present[1]) are both there; keep one (shipcheck reads one manifest)")
            }
            if let path = present.first { return Found(path: path, boundary: boundary) }
        }
        return nil
    }
}
