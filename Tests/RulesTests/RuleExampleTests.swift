import BuiltinData
import Foundation
import Project
import Testing
@testable import Rules

/// Every rule carries two fixture projects under Tests/RuleExamples/<rule-id>/: `trigger/` must produce
/// at least one finding of that rule and `pass/` none. One parameterised test runs them all, so a rule
/// without both cannot land. Evaluated as on 2026-11-30, offline, with every built-in checklist.
@Suite("Rule examples")
struct RuleExampleTests {
    static let examplesRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RuleExamples").path

    static func builtinChecklists() throws -> [Checklist] {
        try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
    }

    /// The cases come from the loader itself: a checklist that fails to load fails this suite (it is not
    /// an empty list of cases that passes).
    static func checkedRuleIDs() throws -> [String] {
        try builtinChecklists().flatMap(\.rules).filter { !$0.isManual }.map(\.id).sorted()
    }

    /// Inspects a fixture project as the command line does: its shipcheck.yml and every built-in symbol table.
    static func inspect(_ root: String, checklists: [Checklist]) throws -> ProjectModel {
        let manifestPath = (root as NSString).appendingPathComponent("shipcheck.yml")
        let manifest = FileManager.default.fileExists(atPath: manifestPath)
            ? try ManifestReader.read(path: manifestPath, relativePath: "shipcheck.yml") : nil
        let tables = checklists.flatMap { $0.tables.values.filter { $0.kind == "symbols" } }
            .sorted { $0.name < $1.name }
            .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value) }
        return try ProjectInspector.inspect(root: root, manifest: manifest, options: InspectionOptions(symbolTables: tables))
    }

    /// Inspects a fixture project and evaluates every built-in rule on it.
    static func evaluate(_ root: String) throws -> [Finding] {
        let checklists = try builtinChecklists()
        let engine = Engine(checklists: checklists)
        let project = try inspect(root, checklists: checklists)
        let context = EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30")
        return engine.evaluate(context).findings
    }

    @Test func builtinChecklistsLoad() throws {
        let checklists = try Self.builtinChecklists()
        #expect(!checklists.isEmpty)
        #expect(Set(checklists.map(\.name)).count == checklists.count)
    }

    @Test(arguments: try checkedRuleIDs())
    func ruleTriggersOnItsExampleAndPassesTheOther(id: String) throws {
        let trigger = "\(Self.examplesRoot)/\(id)/trigger"
        let pass = "\(Self.examplesRoot)/\(id)/pass"
        try #require(FileManager.default.fileExists(atPath: trigger), "rule \(id) needs a triggering example at Tests/RuleExamples/\(id)/trigger/")
        try #require(FileManager.default.fileExists(atPath: pass), "rule \(id) needs a passing example at Tests/RuleExamples/\(id)/pass/")

        let triggered = try Self.evaluate(trigger)
        let hits = triggered.filter { $0.rule == id }
        #expect(!hits.isEmpty, "rule \(id) found nothing in its trigger example; it found: \(triggered.map(\.rule))")
        for finding in triggered {
            #expect(!finding.message.contains("{{"), "unfilled placeholder in \(finding.rule): \(finding.message)")
            #expect(!(finding.help ?? "").contains("{{"), "unfilled placeholder in the help of \(finding.rule)")
        }
        let passed = try Self.evaluate(pass).filter { $0.rule == id }
        #expect(passed.isEmpty, "rule \(id) fired on its pass example: \(passed.map { "\($0.location): \($0.message)" })")
    }
}
