import Foundation
import Project
import ShipcheckCore
import Testing
import YAML
@testable import Rules

/// The Play Data safety export is parsed once, by the inspection, against the checklists' one
/// `kind: data_safety_questions` table; the checks read the typed result.
@Suite("Data safety export read once in inspection")
struct DataSafetyInputTests {
    static let root = FindingsGoldenTests.packageRoot.appendingPathComponent("Examples/TodoCloud").path

    @Test func theInspectionHoldsTheParsedForm() throws {
        let model = try RuleExampleTests.inspect(Self.root, checklists: RuleExampleTests.loaded())
        let form = try #require(model.dataSafety?.form, "Examples/TodoCloud has play/data-safety.csv")
        #expect(form.path == "play/data-safety.csv")
        #expect(form.selected(question: "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS").map(\.response) == ["PSL_ACM_USER_ID_PASSWORD"])
    }

    @Test func aMalformedExportIsItsProblemsWithLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-ds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((DataSafetyReader.header.joined(separator: ",") + "\nPSL_NOT_A_QUESTION,,true,REQUIRED,x\n").utf8)
            .write(to: folder.appendingPathComponent("data-safety.csv"))
        try Data("stores: [play]\n".utf8).write(to: folder.appendingPathComponent("shipcheck.yml"))
        let model = try RuleExampleTests.inspect(folder.path, checklists: RuleExampleTests.loaded())
        let error = try #require(model.dataSafety?.error)
        #expect(error.file == "data-safety.csv")
        #expect(error.problems.map(\.line) == [2])
        #expect(error.problems.first?.message.contains("unknown question id \"PSL_NOT_A_QUESTION\"") == true)
    }

    @Test func withoutTheQuestionsTableTheExportSaysItCouldNotBeChecked() {
        let input = DataSafetyInput.read(LoadedDocument(path: "data-safety.csv", content: .bytes(Array("x\n".utf8))), schema: nil)
        #expect(input.error?.problems.first?.message.hasPrefix("no loaded checklist has the Data safety form's question ids") == true)
    }

    @Test func aSecondOrMalformedQuestionsTableIsALoadError() {
        let team = """
            checklist: team
            title: Team rules
            tables:
              our_questions:
                source: ours
                kind: data_safety_questions
                value:
                  questions: { PSL_X: [] }
                  usage_question: {}
            rules: []
            """
        do {
            _ = try FactCatalogTests.loadWithBuiltins(team)
            Issue.record("a second, malformed questions table loaded")
        } catch {
            let messages = error.errors.map(\.message)
            #expect(messages.contains { $0.hasPrefix("table \"our_questions\" is a second kind: data_safety_questions table") }, "\(messages)")
            #expect(messages.contains { $0.hasPrefix("unknown key \"usage_question\"") }, "\(messages)")
        }
    }
}
