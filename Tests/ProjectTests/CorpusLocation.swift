import Foundation

/// The real-app corpus the corpus tests read: `SHIPCHECK_CORPUS` when set, else the copy committed under
/// Tests/Fixtures/corpus (see its ORIGIN.md), so that a fresh clone tests without anything outside it.
enum CorpusLocation {
    static let path: String = {
        if let given = ProcessInfo.processInfo.environment["SHIPCHECK_CORPUS"], !given.isEmpty {
            return URL(fileURLWithPath: given).standardized.path
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/corpus").standardized.path
    }()
}
