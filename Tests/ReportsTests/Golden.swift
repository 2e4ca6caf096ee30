import Foundation
import Testing

/// Compares a report with its golden file in `Golden/`. The tool version and project root are
/// written as `$VERSION` and `$ROOT`. `SHIPCHECK_UPDATE_GOLDEN=1 swift test` rewrites the goldens
/// (and the test still fails, so that an update is never silent).
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: Fixture.version, with: "$VERSION").replacingOccurrences(of: Fixture.root, with: "$ROOT")
    }

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        let text = normalized(actual)
        if ProcessInfo.processInfo.environment["SHIPCHECK_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
            Issue.record("rewrote golden \(name); run again without SHIPCHECK_UPDATE_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        guard let data = try? Data(contentsOf: url), let expected = String(data: data, encoding: .utf8) else {
            Issue.record("missing golden \(url.path); create it with SHIPCHECK_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
