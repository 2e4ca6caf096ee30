import Foundation
@testable import Project

/// Walks a fixture folder the way the project walk does, for tests of the Apple inspectors.
enum AppleFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func path(_ relative: String) -> String { packageRoot + "/" + relative }

    /// Every regular file under `root`; vendored when under Pods/, Carthage/ or a framework.
    static func files(under root: String) -> [ProjectFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [ProjectFile] = []
        while let relative = enumerator.nextObject() as? String {
            let absolute = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let size = (try? FileManager.default.attributesOfItem(atPath: absolute)[.size] as? Int) ?? 0
            let vendored = relative.hasPrefix("Pods/") || relative.hasPrefix("Carthage/") || relative.contains(".framework/")
            files.append(ProjectFile(path: relative, absolutePath: absolute, size: size, isVendored: vendored))
        }
        return files.sorted { $0.path < $1.path }
    }

    static func inspect(_ relative: String) -> InspectorOutput<ApplePart> {
        let root = path(relative)
        return AppleInspector.inspect(files: files(under: root), root: root)
    }
}
