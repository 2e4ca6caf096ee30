import Foundation
@testable import Project

/// Folders the tests read, found from this file's place in the package.
enum AndroidTestPaths {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = package.appendingPathComponent("Tests/Fixtures")
    static let corpus = URL(fileURLWithPath: CorpusLocation.path)

    /// Every regular file under `root` as the inspectors receive them; `vendored` folder names mark their files.
    static func walk(_ root: URL, vendored: Set<String> = ["node_modules", "Pods", "Carthage", "build"]) -> [ProjectFile] {
        let rootPath = root.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else { return [] }
        var files: [ProjectFile] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let absolute = url.standardizedFileURL.path
            let relative = String(absolute.dropFirst(rootPath.count + 1))
            let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            let isVendored = relative.split(separator: "/").dropLast().contains { vendored.contains(String($0)) }
            files.append(ProjectFile(path: relative, absolutePath: absolute, size: size, isVendored: isVendored))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// A fact's value by name, for short assertions.
    static func value(_ facts: [Fact], _ name: String) -> FactValue? {
        facts.first { $0.name == name }?.value
    }
}

/// What `AndroidInspector.inspect` returns: the Android part, its facts, problems and coverage.
typealias AndroidInspection = InspectorOutput<AndroidPart>

extension InspectorOutput where Part == AndroidPart {
    /// The part (the inspector always returns one).
    var android: AndroidPart { part ?? AndroidPart() }
}
