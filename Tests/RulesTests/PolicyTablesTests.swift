import Foundation
import Project
import Testing
import YAML
@testable import Rules

/// The policy checklists' tables agree with each other: every Play data type they name is one the
/// Data safety form knows, and the symbol tables name the facts the rules read.
@Suite("Policy tables")
struct PolicyTablesTests {
    static func tables() throws -> [String: Table] { try PolicyTestSupport.engine().tables }

    /// A key → types table as the checks get it, decoded at load (a bad row would fail the load).
    static func rows(_ table: Table?) throws -> [(key: String, values: [String])] {
        let table = try #require(table)
        let decoded = try TextListsByKey.decoder(table).get()
        return try #require(decoded.value as? TextListsByKey).rows
    }

    @Test func mappedPlayDataTypesExistInTheForm() throws {
        let tables = try Self.tables()
        let questions = try #require(tables["data_safety_questions"])
        let diagnostics = Diagnostics(file: questions.file)
        let known = DataSafetySchema(node: questions.value, diagnostics: diagnostics).dataTypes
        #expect(diagnostics.errors.isEmpty)
        #expect(known.count == 38)
        for name in ["permission_data_types", "sdk_data_types", "apple_play_data_types"] {
            let entries = try Self.rows(tables[name])
            #expect(!entries.isEmpty, "table \(name) is empty")
            for (key, types) in entries {
                #expect(!types.isEmpty, "\(name).\(key) maps to nothing")
                for type in types { #expect(known.contains(type), "\(name).\(key): unknown Play data type \(type)") }
            }
        }
    }

    @Test func appleKeysAreCollectedDataTypes() throws {
        let keys = try Self.rows(try Self.tables()["apple_play_data_types"]).map(\.key)
        #expect(keys.allSatisfy { $0.hasPrefix("NSPrivacyCollectedDataType") })
        #expect(keys.contains("NSPrivacyCollectedDataTypePhotosorVideos"))
    }

    @Test func symbolTableCoversTheFactsTheRulesRead() throws {
        let table = try #require(try Self.tables()["account_signals"])
        #expect(table.kind == "symbols")
        let facts = Set(table.value.sequence?.compactMap { $0["fact"]?.scalar } ?? [])
        #expect(facts == ["account.creation", "account.creation.sign_up_form", "account.deletion.in_app", "auth.sign_in_with_apple",
                          "auth.apple_token_revocation", "app.login_required"])
        let login = try #require(try Self.tables()["login_signals"])
        #expect(login.kind == "symbols")
        #expect(Set(login.value.sequence?.compactMap { $0["fact"]?.scalar } ?? []) == ["app.login.oauth", "app.login.password_field"])
        // `delete` alone would match any deletion in any app.
        let symbols = table.value.sequence?.flatMap { $0["symbols"]?.sequence?.compactMap(\.scalar) ?? [] } ?? []
        #expect(!symbols.contains("delete"))
    }
}
