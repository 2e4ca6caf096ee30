import BuiltinData
import Testing
@testable import Rules

/// Every rule says why it has its grade (docs/severity.md): `severity_reason:` in its checklist.
@Suite("Severity reasons")
struct PolicySeverityReasonTests {
    static let graded = ["account-deletion", "data-safety", "demo-account", "privacy-policy"]

    static func rules() throws -> [Rule] {
        try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
            .flatMap(\.rules)
    }

    static func missing(_ rules: [Rule]) -> [String] {
        rules.filter { ($0.severityReason ?? "").trimmingCharacters(in: .whitespaces).isEmpty }.map(\.id).sorted()
    }

    @Test func everyRuleOfTheRegradedChecklistsHasAReason() throws {
        let rules = try Self.rules().filter { Self.graded.contains($0.checklist) }
        #expect(rules.count >= 25)
        #expect(Self.missing(rules) == [])
    }

    /// Every built-in rule, in every checklist: a new rule without a reason fails here, naming it.
    @Test func everyBuiltinRuleHasAReason() throws {
        let rules = try Self.rules()
        #expect(rules.count >= 100)
        let missing = Self.missing(rules)
        #expect(missing.isEmpty, "rules without severity_reason: \(missing.joined(separator: ", "))")
    }
}
