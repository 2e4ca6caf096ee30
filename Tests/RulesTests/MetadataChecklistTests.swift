import Foundation
import StoreText
import Testing
import YAML
@testable import Rules

@Suite struct MetadataChecklistTests {
    @Test func metadataChecklistLoadsWithEveryRuleAndTable() throws {
        let checklist = try #require(try MetadataTestHarness.checklists().first { $0.name == "metadata" })
        #expect(checklist.rules.count == 35)
        #expect(checklist.tables.keys.sorted() == [
            "app_store_categories", "field_limits", "future_functionality_words", "negative_apple_words",
            "other_platforms_in_appstore", "other_platforms_in_play", "placeholder_words", "play_image_sizes", "test_words",
        ])
    }

    /// The legacy map follows fastlane spaceship's LEGACY_CATEGORY_ITC_MAP / LEGACY_SUBCATEGORY_ITC_MAP,
    /// and every legacy id maps to a modern id the same table lists.
    @Test func legacyCategoriesMapToListedModernIds() throws {
        let checklist = try #require(try MetadataTestHarness.checklists().first { $0.name == "metadata" })
        let table = try #require(checklist.tables["app_store_categories"]?.value)
        let ids = Set(table["values"]?.sequence?.compactMap(\.scalar) ?? [])
        let legacy = Dictionary(uniqueKeysWithValues: (table["legacy"]?.mapping ?? []).compactMap { pair in
            pair.key.scalar.flatMap { key in pair.value.scalar.map { (key, $0) } }
        })
        #expect(legacy.count == 56)  // 27 categories, 15 sticker and 14 game sub-categories
        #expect(legacy.values.allSatisfy { ids.contains($0) })
        #expect(legacy["MZGenre.Apps.Newsstand"] == "MAGAZINES_AND_NEWSPAPERS")
        #expect(legacy["MZGenre.Arcade"] == "GAMES_CASUAL")
        #expect(legacy["MZGenre.Apps.Stickers.Emotions"] == "STICKERS_EMOJI_AND_EXPRESSIONS")
    }
}

@Suite struct MetadataFieldLimitsTableTests {
    func limits() throws -> (rows: [FieldLimit], errors: [YAMLError]) {
        let checklist = try #require(try MetadataTestHarness.checklists().first { $0.name == "metadata" })
        let table = try #require(checklist.tables["field_limits"])
        let diagnostics = Diagnostics(file: table.file)
        return (FieldLimit.parseTable(NodeReader(node: table.value, diagnostics: diagnostics)), diagnostics.errors)
    }

    /// store-facts.md §2, row by row; F-Droid's rows count Unicode scalars, as Python's len() does.
    @Test func everyLimitOfTheStoresWithItsUnit() throws {
        let (rows, errors) = try limits()
        #expect(errors.isEmpty)
        let summary = rows.map { "\($0.field) \($0.min.map { "\($0)-" } ?? "")\($0.max) \($0.unit.rawValue)" }
        #expect(summary == [
            "appstore.name 2-30 utf16", "appstore.subtitle 30 utf16", "appstore.promotional_text 170 utf16",
            "appstore.description 4000 utf16", "appstore.keywords 100 utf16", "appstore.release_notes 4000 utf16",
            "appstore.review_notes 4000 utf16", "appstore.support_url 255 utf16", "appstore.marketing_url 255 utf16",
            "appstore.privacy_url 255 utf16", "play.title 30 utf16", "play.short_description 80 utf16",
            "play.full_description 4000 utf16", "play.changelogs 500 utf16",
            "fdroid.name 50 scalars", "fdroid.summary 80 scalars", "fdroid.description 4000 scalars", "fdroid.whats_new 500 scalars",
        ])
        #expect(rows.allSatisfy { !$0.source.isEmpty })
    }

    /// The loader cannot see into tables, so a `limit:` naming a missing row would silently check nothing.
    @Test func everyLimitARuleNamesIsInTheTable() throws {
        let fields = Set(try limits().rows.map(\.field))
        let checklist = try #require(try MetadataTestHarness.checklists().first { $0.name == "metadata" })
        let named = checklist.rules.compactMap { rule -> String? in
            if case .check(_, _, let options) = rule.kind { return options.string("limit") }
            return nil
        }
        #expect(named.count == 12)
        #expect(named.allSatisfy(fields.contains))
        let fdroid = try #require(try MetadataTestHarness.checklists().first { $0.name == "metadata-fdroid" })
        let fdroidNamed = fdroid.rules.compactMap { rule -> String? in
            if case .check(_, _, let options) = rule.kind { return options.string("limit") }
            return nil
        }
        #expect(fdroidNamed == ["fdroid.name", "fdroid.summary", "fdroid.description", "fdroid.whats_new"])
        #expect(fdroidNamed.allSatisfy(fields.contains))
    }
}

/// deliver strips `MZGenre.` before it maps a legacy category, so a bare legacy name maps too.
@Suite struct LegacyCategoryPrefixTests {
    @Test func bareLegacyNamesMapAsDeliverMapsThem() throws {
        let checklist = try #require(try MetadataTestHarness.checklists().first { $0.name == "metadata" })
        let table = try #require(checklist.tables["app_store_categories"])
        let map = try OneOfTable(table).legacy
        #expect(map["business"] == "BUSINESS")
        #expect(map["mzgenre.business"] == "BUSINESS")
        #expect(map["apps.food_drink"] == "FOOD_AND_DRINK")
        #expect(map["productivity"] == "PRODUCTIVITY")
    }
}
