import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// A tree read by Play and F-Droid (Tests/Fixtures/metadata/shared-tree): F-Droid's `nb` folder is a Play error
/// only when a supply lane sends something in it, and the advice never renames it onto `no-NO/`, which exists.
struct SharedMetadataTreeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/metadata/shared-tree").path

    static func folderFindings(_ kind: String) throws -> [Finding] {
        try Shipcheck.run(Shipcheck.Options(path: "\(fixtures)/\(kind)", checklists: RuleExampleTests.loaded(), today: "2026-11-30"))
            .result.findings.filter { $0.rule == "metadata-locales.play-folder" }
    }

    @Test func aFolderSupplySendsIsAnErrorWithoutARenameOntoAnExistingFolder() throws {
        let found = try Self.folderFindings("trigger")
        #expect(found.map(\.location.path) == ["fastlane/metadata/android/nb"])
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("expects \"no-NO\", which already exists in this tree: merge what this folder holds into it, or delete this folder") == true)
    }

    @Test func aFolderNoLaneSendsIsNoPlayFinding() throws {
        #expect(try Self.folderFindings("pass").isEmpty)
    }
}
