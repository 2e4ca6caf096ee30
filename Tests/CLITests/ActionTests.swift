import Foundation
import Testing

/// action.yml and the workflows under .github/workflows, read with shipcheck's YAML loader and held to the
/// keys GitHub accepts (ActionValidator).
@Suite("GitHub Action and workflows")
struct ActionTests {
    static let root = ShipcheckProcess.packageRoot

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    static func actionInputs() throws -> Set<String> {
        let (problems, inputs) = ActionValidator.validateAction(text: try text("action.yml"), file: "action.yml")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        return inputs
    }

    @Test func actionIsACompositeActionGitHubAccepts() throws {
        let inputs = try Self.actionInputs()
        #expect(inputs.isSuperset(of: ["path", "config", "fail-on", "formats", "baseline", "only", "skip", "upload-sarif"]))
    }

    @Test func actionInstallsLibyamlAfterUpdatingAndUploadsSARIFEvenWhenTheCheckFails() throws {
        let action = try Self.text("action.yml")
        #expect(action.contains("apt-get update"))
        #expect(action.contains("apt-get install -y -qq libyaml-dev zlib1g-dev pkg-config"))
        #expect(action.contains("brew install libyaml"))
        #expect(action.contains("uses: actions/cache@v5"))
        #expect(action.contains("working-directory: ${{ github.action_path }}"))
        #expect(action.contains("uses: github/codeql-action/upload-sarif@v4"))
        #expect(action.contains("if: always() && inputs.upload-sarif == 'true'"))
        #expect(action.contains("security-events: write"))
    }

    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".github/workflows").path)
        .filter { $0.hasSuffix(".yml") }.sorted())
    func workflowIsAcceptedByGitHub(name: String) throws {
        let problems = ActionValidator.validateWorkflow(text: try Self.text(".github/workflows/\(name)"), file: name,
                                                        localActionInputs: try Self.actionInputs())
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func exampleWorkflowRunsTheActionOnTheExampleApp() throws {
        let workflow = try Self.text(".github/workflows/shipcheck-example.yml")
        #expect(workflow.contains("uses: ./"))
        #expect(workflow.contains("path: Examples/TodoCloud"))
        #expect(workflow.contains("fail-on: never"))
    }

    // The validator itself: each rule it enforces catches the mistake.

    @Test func validatorRejectsARunStepWithoutShellAnUnknownInputAndAnUnknownKey() {
        let action = """
        name: x
        description: y
        colour: red
        inputs:
          path: { description: p }
        runs:
          using: composite
          steps:
            - run: echo ${{ inputs.paht }}
            - uses: actions/cache
              id: c
              with: { key: "${{ steps.later.outputs.x }}" }
            - id: later
              shell: bash
              run: echo
        """
        let (problems, inputs) = ActionValidator.validateAction(text: action, file: "action.yml")
        #expect(inputs == ["path"])
        #expect(problems.contains { $0.contains("unknown key \"colour\"") })
        #expect(problems.contains { $0.contains("action.yml:9:7: step 1: a composite action's run step needs shell") })
        #expect(problems.contains { $0.contains("inputs.paht is not an input") })
        #expect(problems.contains { $0.contains("uses actions/cache needs a version") })
        #expect(problems.contains { $0.contains("steps.later names no earlier step id") })
    }

    @Test func validatorRejectsAWorkflowWithoutRunsOnAndAWrongInputOfTheLocalAction() {
        let workflow = """
        on: push
        permissions: { security-event: write }
        jobs:
          a:
            steps:
              - uses: ./
                with: { fail_on: never }
        """
        let problems = ActionValidator.validateWorkflow(text: workflow, file: "w.yml", localActionInputs: ["fail-on"])
        #expect(problems.contains { $0.contains("job a: missing \"runs-on\"") })
        #expect(problems.contains { $0.contains("the action has no input \"fail_on\"") })
        #expect(problems.contains { $0.contains("unknown scope \"security-event\"") })
    }
}
