import Foundation
import Testing
@testable import Rules

/// The metadata rules' own examples, evaluated with metadata discovery as the only inspector, so that a
/// metadata rule is shown to fire (or not) because of its metadata and nothing the other inspectors add.
/// (The lead's `Rule examples` suite runs the same folders through the full project inspection.)
@Suite struct MetadataRuleExamplesTests {
    /// A checklist that fails to load fails the suite rather than leaving it without cases.
    static func metadataRuleIDs() throws -> [String] {
        let ids = try MetadataTestHarness.checklists().first { $0.name == "metadata" }?
            .rules.filter { !$0.isManual }.map(\.id).sorted() ?? []
        guard !ids.isEmpty else { throw MetadataChecklistMissing() }
        return ids
    }

    struct MetadataChecklistMissing: Error {}

    @Test(arguments: try metadataRuleIDs())
    func triggersOnItsExampleAndPassesTheOther(id: String) throws {
        let folder = "\(MetadataTestHarness.ruleExamples)/\(id)"
        let triggered = try MetadataTestHarness.findings(folder + "/trigger")
        #expect(triggered.contains { $0.rule == id }, "\(id) found nothing in trigger/; found \(triggered.map(\.rule))")
        for finding in triggered where finding.rule == id {
            #expect(!finding.message.contains("{{"), "unfilled placeholder: \(finding.message)")
        }
        let passed = try MetadataTestHarness.findings(folder + "/pass").filter { $0.checklist == "metadata" }
        #expect(passed.isEmpty, "pass/ should be clean of every metadata rule; found \(passed.map { "\($0.rule) \($0.location): \($0.message)" })")
    }
}
