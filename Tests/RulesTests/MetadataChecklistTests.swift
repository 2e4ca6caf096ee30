import Foundation
import Testing
@testable import Rules

@Suite struct MetadataChecklistTests {
    @Test func metadataChecklistLoadsWithEveryRuleAndTable() throws {
        let checklist = try #require(try MetadataTestHarness.checklists().first { $0.name == "metadata" })
        #expect(checklist.rules.count == 34)
        #expect(checklist.tables.keys.sorted() == [
            "app_store_categories", "field_limits", "future_functionality_words", "negative_apple_words",
            "other_platforms_in_appstore", "other_platforms_in_play", "placeholder_words", "play_image_sizes", "test_words",
        ])
    }
}
