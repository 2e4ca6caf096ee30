import Foundation
import Project
import Testing
@testable import Rules

/// App Review reads the primary language: Terms of Use in the English description leave the translations'
/// gap as a note; with no English mention the rule stays a warning.
@Suite struct SubscriptionTermsLocaleTests {
    private func findings(english: String) throws -> [Finding] {
        let folder = NSTemporaryDirectory() + "shipcheck-terms-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (locale, text) in [("en-US", english), ("de-DE", "Notizen, überall.\n")] {
            try FileManager.default.createDirectory(atPath: "\(folder)/fastlane/metadata/\(locale)", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/fastlane/metadata/\(locale)/description.txt"))
        }
        return try MetadataTestHarness.findings(folder, facts: ["iap.subscription": .bool(true)])
            .filter { $0.rule == "in-app-purchase.subscription-terms" }
    }

    @Test func onlyTranslationsLackingTheLinkIsANote() throws {
        let found = try findings(english: "Notes everywhere. Terms of Use: https://example.com/terms\n")
        #expect(found.count == 1)
        #expect(found.first?.severity == .info)
        #expect(found.first?.message.contains("in 1 of 2 locales (de-DE)") == true)
    }

    @Test func anEnglishDescriptionWithoutTheLinkIsAWarning() throws {
        let found = try findings(english: "Notes everywhere.\n")
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("in 2 of 2 locales") == true)
    }
}
