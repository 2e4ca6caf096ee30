import Foundation
import Project
import ShipcheckCore
import Testing
import YAML
@testable import Rules

/// shipcheck's own rules are declared (rules/shipcheck.yml, `kind: reported`) and configured like any rule.
@Suite("shipcheck's own rules")
struct ShipcheckRulesTests {
    @Test func everyRuleMadeInCodeIsDeclaredAsReported() throws {
        let engine = Engine(checklists: try ChecklistCatalog.load(rulesDirectories: []))
        for id in ShipcheckRules.all.sorted() {
            let rule = try #require(engine.rule(id), "\(id) is made in code but not declared in rules/shipcheck.yml")
            #expect(rule.isReported)
            #expect(rule.checklist == ShipcheckRules.checklist)
            #expect(rule.help != nil)
        }
        #expect(engine.ruleNames.isSuperset(of: ShipcheckRules.all.union([ShipcheckRules.checklist])))
    }

    @Test func aTeamRuleCannotClaimToBeReportedByShipcheck() {
        let text = """
            checklist: team
            title: Team rules
            rules:
              - id: team.made-in-code
                title: Claims to be made in code
                kind: reported
                message: never
                help: Nothing.
            """
        do {
            _ = try ChecklistLoader().load([ChecklistSource(file: "team.yml", text: text)])
            Issue.record("a team rule with kind: reported loaded")
        } catch {
            let messages = error.errors.map(\.message)
            #expect(messages.contains { $0.hasPrefix("kind: reported is for the findings shipcheck makes itself") }, "\(messages)")
            #expect(messages.contains("message: does not apply to kind: reported; the finding says what went wrong where"), "\(messages)")
        }
    }

    /// A file that cannot be read: a warning as declared, an error where the store refuses it too, and the
    /// configured grade over both; off when skipped.
    @Test func unreadableInputFollowsTheConfiguration() throws {
        let engine = Engine(checklists: try ChecklistCatalog.load(rulesDirectories: []))
        let problems = [InputProblem(location: SourceLocation(path: "App/Info.plist"), message: "not a valid property list"),
                        InputProblem(location: SourceLocation(path: "fastlane/metadata/en-US/name.txt"), message: "not UTF-8", storeRefusesIt: true)]
        let plain = InputProblemFinding.findings(problems, engine: engine, configuration: RuleConfiguration())
        #expect(plain.map(\.severity) == [.warning, .error])
        #expect(plain.allSatisfy { $0.help?.hasPrefix("Fix or remove the file") == true && $0.title == "A file could not be read" })
        let graded = InputProblemFinding.findings(problems, engine: engine, configuration: RuleConfiguration(severity: ["shipcheck": .info]))
        #expect(graded.map(\.severity) == [.info, .info])
        #expect(InputProblemFinding.findings(problems, engine: engine, configuration: RuleConfiguration(skip: ["shipcheck.unreadable-input"])).isEmpty)
        #expect(InputProblemFinding.findings(problems, engine: engine, configuration: RuleConfiguration(only: ["metadata"])).isEmpty)
        #expect(InputProblemFinding.findings(problems, engine: engine, configuration: RuleConfiguration(only: ["shipcheck"])).count == 2)
    }
}
