import Foundation
@testable import Project

/// Test helpers: the package root, the shared corpus, and a plain walk standing in for the project walker.
enum MetadataTestSupport {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let fixtures = packageRoot + "/Tests/Fixtures/metadata"
    static let corpus = CorpusLocation.path

    /// Every regular file under `root` (symlinks not followed), as the walker would list them.
    static func walk(_ root: String) -> [ProjectFile] {
        let base = URL(fileURLWithPath: root).standardized
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else { return [] }
        var files: [ProjectFile] = []
        for case let url as URL in enumerator {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true else { continue }
            let relative = String(url.standardized.path.dropFirst(base.path.count + 1))
            files.append(ProjectFile(path: relative, absolutePath: url.path, size: values.fileSize ?? 0, isVendored: false))
        }
        return files.sorted { $0.path < $1.path }
    }

    static func discover(_ root: String, manifest: Manifest? = nil) -> InspectorOutput<MetadataPart> {
        MetadataDiscovery.discover(root: root, files: walk(root), manifest: manifest)
    }
}
