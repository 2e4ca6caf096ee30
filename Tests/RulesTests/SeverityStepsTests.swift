import Foundation
import Project
import ShipcheckCore
import Testing
@testable import Rules

/// Dated grades (`severity_steps:`): the run's date decides a rule's severity, a team's own severity still wins,
/// and a step without its reason does not load.
@Suite("Severity steps")
struct SeverityStepsTests {
    static let examples = RuleExampleTests.examplesRoot

    static func findings(_ root: String, today: String, rule: String) throws -> [Finding] {
        let options = Shipcheck.Options(path: root, checklists: try RuleExampleTests.loaded(), today: today)
        return try Shipcheck.run(options).result.findings.filter { $0.rule == rule }
    }

    @Test func sceneLifeCycleIsAWarningBeforeTheDateAndAnErrorFromIt() throws {
        let root = "\(Self.examples)/platform-requirements.apple-scene-life-cycle/trigger"
        let before = try Self.findings(root, today: "2027-04-29", rule: "platform-requirements.apple-scene-life-cycle")
        let after = try Self.findings(root, today: "2027-04-30", rule: "platform-requirements.apple-scene-life-cycle")
        #expect(before.map(\.severity) == [.warning])
        #expect(after.map(\.severity) == [.error])
    }

    @Test func deploymentTargetNextStepIsANoteBeforeTheDateAndAWarningFromIt() throws {
        let root = "\(Self.examples)/platform-requirements.apple-deployment-target-2027/trigger"
        #expect(try Self.findings(root, today: "2026-11-30", rule: "platform-requirements.apple-deployment-target-2027").map(\.severity) == [.info])
        #expect(try Self.findings(root, today: "2027-05-01", rule: "platform-requirements.apple-deployment-target-2027").map(\.severity) == [.warning])
    }

    @Test func gradedTakesTheLatestStepInForceWithItsReason() throws {
        let yaml = """
        checklist: dated
        title: Dated
        rules:
          - id: dated.rule
            title: A dated rule
            severity: info
            severity_reason: "Note: not yet"
            severity_steps:
              - { from: 2027-01-01, severity: warning, severity_reason: "Warning: announced" }
              - { from: 2028-01-01, severity: error, severity_reason: "Error: in force" }
            check: project-wide
            message: m
            help: h
        """
        let rule = try #require(try load(["dated.yml": yaml]).first?.rules.first)
        #expect(rule.graded(on: "2026-12-31").severity == .info)
        #expect(rule.graded(on: "2027-06-01").severity == .warning)
        #expect(rule.graded(on: "2027-06-01").severityReason == "Warning: announced")
        #expect(rule.graded(on: "2028-01-01").severity == .error)
        #expect(rule.graded(on: "2028-01-01").severityReason == "Error: in force")
        // A team's severity applies to the graded rule, so it wins over the step.
        let configured = RuleConfiguration(severity: ["dated.rule": .warning]).apply(to: rule.graded(on: "2028-06-01"))
        #expect(configured?.severity == .warning)
    }

    @Test func aStepWithoutItsReasonIsALoadError() {
        let yaml = """
        checklist: dated
        title: Dated
        rules:
          - id: dated.rule
            title: A dated rule
            severity: info
            severity_steps:
              - { from: 2027-13-01, severity: error }
            check: project-wide
            message: m
            help: h
        """
        let errors = loadErrors(["dated.yml": yaml])
        #expect(errors.contains { $0.contains("severity_reason") })
        #expect(errors.contains { $0.contains("2027-13-01") })
    }
}
