import Foundation
import YAML

/// Checks a GitHub Action (`action.yml`) or workflow file against the keys GitHub accepts, read with
/// shipcheck's own YAML loader. Not a full schema: the mistakes that make GitHub refuse a file or a
/// step fail at run time (an unknown key, `run` without `shell` in a composite action, an input that
/// does not exist, a step id used before it is defined).
struct ActionValidator {
    static let actionKeys: Set<String> = ["name", "author", "description", "inputs", "outputs", "runs", "branding"]
    static let inputKeys: Set<String> = ["description", "required", "default", "deprecationMessage"]
    static let outputKeys: Set<String> = ["description", "value"]
    static let compositeRunsKeys: Set<String> = ["using", "steps"]
    static let actionStepKeys: Set<String> = ["id", "if", "name", "uses", "run", "shell", "with", "env", "working-directory",
                                              "continue-on-error"]
    static let workflowKeys: Set<String> = ["name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"]
    static let jobKeys: Set<String> = ["name", "needs", "permissions", "runs-on", "environment", "concurrency", "outputs", "env",
                                       "defaults", "if", "steps", "timeout-minutes", "strategy", "continue-on-error",
                                       "container", "services", "uses", "with", "secrets"]
    static let workflowStepKeys: Set<String> = actionStepKeys.union(["timeout-minutes"])
    static let permissionScopes: Set<String> = ["actions", "attestations", "checks", "contents", "deployments", "discussions",
                                                "id-token", "issues", "models", "packages", "pages", "pull-requests",
                                                "repository-projects", "security-events", "statuses"]

    /// The problems found, as `file:line:column: message`; empty when the file is valid.
    private(set) var problems: [String] = []
    let file: String

    // MARK: action.yml

    /// Validates an action file; returns its input names (for checking a workflow's `with:`).
    static func validateAction(text: String, file: String) -> (problems: [String], inputs: Set<String>) {
        var validator = ActionValidator(file: file)
        guard let root = validator.parse(text) else { return (validator.problems, []) }
        guard let top = validator.mapping(root, "the action") else { return (validator.problems, []) }
        validator.keys(of: root, allowed: actionKeys, required: ["name", "description", "runs"], what: "an action")
        var inputs: Set<String> = []
        if let node = top["inputs"], let entries = validator.entries(node, "inputs") {
            for (name, value) in entries {
                inputs.insert(name)
                validator.keys(of: value, allowed: inputKeys, required: ["description"], what: "input \(name)")
            }
        }
        var stepIDs: [String] = []
        if let runs = top["runs"], let runsMap = validator.mapping(runs, "runs") {
            validator.keys(of: runs, allowed: compositeRunsKeys, required: ["using", "steps"], what: "runs")
            if runsMap["using"]?.scalar != "composite" {
                validator.add(runs, "runs.using must be composite, got \(runsMap["using"]?.scalar ?? "nothing")")
            }
            if let steps = runsMap["steps"] {
                stepIDs = validator.steps(steps, allowed: actionStepKeys, composite: true, inputs: inputs, contextInputs: true)
            }
        }
        if let node = top["outputs"], let entries = validator.entries(node, "outputs") {
            for (name, value) in entries {
                validator.keys(of: value, allowed: outputKeys, required: ["value"], what: "output \(name)")
                if let expression = value["value"] { validator.references(in: expression, inputs: inputs, steps: stepIDs) }
            }
        }
        return (validator.problems, inputs)
    }

    // MARK: workflows

    /// Validates a workflow; `localActionInputs` holds the inputs of this repository's action, used as
    /// `uses: ./` or, from other repositories, as `uses: <actionName>@<version>`.
    static func validateWorkflow(text: String, file: String, localActionInputs: Set<String>?, actionName: String? = nil) -> [String] {
        var validator = ActionValidator(file: file)
        guard let root = validator.parse(text), let top = validator.mapping(root, "the workflow") else { return validator.problems }
        validator.keys(of: root, allowed: workflowKeys, required: ["on", "jobs"], what: "a workflow")
        if let permissions = top["permissions"] { validator.permissions(permissions) }
        guard let jobs = top["jobs"], let jobEntries = validator.entries(jobs, "jobs") else { return validator.problems }
        if jobEntries.isEmpty { validator.add(jobs, "a workflow needs at least one job") }
        for (name, job) in jobEntries {
            guard let jobMap = validator.mapping(job, "job \(name)") else { continue }
            let isReusable = jobMap["uses"] != nil
            validator.keys(of: job, allowed: jobKeys, required: isReusable ? ["uses"] : ["runs-on", "steps"], what: "job \(name)")
            if let permissions = jobMap["permissions"] { validator.permissions(permissions) }
            guard let steps = jobMap["steps"] else { continue }
            _ = validator.steps(steps, allowed: workflowStepKeys, composite: false, inputs: [], contextInputs: false)
            for step in steps.sequence ?? [] {
                let uses = step["uses"]?.scalar ?? ""
                guard uses == "./" || actionName.map({ uses.hasPrefix($0 + "@") }) == true else { continue }
                guard let localActionInputs else {
                    validator.add(step, "uses: ./ but the repository has no action.yml")
                    continue
                }
                for pair in step["with"]?.mapping ?? [] {
                    let input = pair.key.scalar ?? ""
                    if !localActionInputs.contains(input) {
                        validator.add(pair.key, "the action has no input \"\(input)\" (it has: \(localActionInputs.sorted().joined(separator: ", ")))")
                    }
                }
            }
        }
        return validator.problems
    }

    // MARK: parts

    private mutating func parse(_ text: String) -> Node? {
        do {
            guard let root = try YAMLParser.parse(text, file: file) else {
                problems.append("\(file): the file is empty")
                return nil
            }
            return root
        } catch {
            problems.append(error.description)
            return nil
        }
    }

    private mutating func add(_ node: Node, _ message: String) {
        problems.append("\(file):\(node.mark): \(message)")
    }

    /// The mapping's entries in order, or a problem.
    private mutating func entries(_ node: Node, _ what: String) -> [(String, Node)]? {
        guard let pairs = node.mapping else {
            add(node, "\(what) must be a mapping, got \(node.kindName)")
            return nil
        }
        return pairs.map { ($0.key.scalar ?? "", $0.value) }
    }

    private mutating func mapping(_ node: Node, _ what: String) -> [String: Node]? {
        guard let entries = entries(node, what) else { return nil }
        return Dictionary(entries, uniquingKeysWith: { first, _ in first })
    }

    private mutating func keys(of node: Node, allowed: Set<String>, required: [String], what: String) {
        guard let pairs = node.mapping else {
            add(node, "\(what) must be a mapping, got \(node.kindName)")
            return
        }
        let names = pairs.map { $0.key.scalar ?? "" }
        for pair in pairs where !allowed.contains(pair.key.scalar ?? "") {
            add(pair.key, "\(what): unknown key \"\(pair.key.scalar ?? "")\" (GitHub accepts: \(allowed.sorted().joined(separator: ", ")))")
        }
        for key in required where !names.contains(key) {
            add(node, "\(what): missing \"\(key)\"")
        }
    }

    private mutating func permissions(_ node: Node) {
        if let scalar = node.scalar {
            if !["read-all", "write-all"].contains(scalar) { add(node, "permissions: expected read-all, write-all or a mapping") }
            return
        }
        for pair in node.mapping ?? [] {
            let scope = pair.key.scalar ?? ""
            if !Self.permissionScopes.contains(scope) { add(pair.key, "permissions: unknown scope \"\(scope)\"") }
            if !["read", "write", "none"].contains(pair.value.scalar ?? "") {
                add(pair.value, "permissions.\(scope): expected read, write or none")
            }
        }
    }

    /// Checks each step; returns the step ids in order.
    private mutating func steps(_ node: Node, allowed: Set<String>, composite: Bool, inputs: Set<String>, contextInputs: Bool) -> [String] {
        guard let items = node.sequence else {
            add(node, "steps must be a list, got \(node.kindName)")
            return []
        }
        if items.isEmpty { add(node, "steps is empty") }
        var ids: [String] = []
        for (index, step) in items.enumerated() {
            let what = "step \(index + 1)"
            keys(of: step, allowed: allowed, required: [], what: what)
            let hasRun = step["run"] != nil
            let hasUses = step["uses"] != nil
            if hasRun == hasUses { add(step, "\(what) needs exactly one of run and uses") }
            if composite, hasRun, step["shell"] == nil { add(step, "\(what): a composite action's run step needs shell") }
            if hasUses, let uses = step["uses"]?.scalar, !uses.hasPrefix("./"), !uses.hasPrefix("docker://"), !uses.contains("@") {
                add(step, "\(what): uses \(uses) needs a version (@v4, a tag or a commit)")
            }
            if let id = step["id"]?.scalar {
                if ids.contains(id) { add(step, "\(what): the id \(id) is used twice") }
                ids.append(id)
            }
            if contextInputs { references(in: step, inputs: inputs, steps: ids) }
        }
        return ids
    }

    /// Every `${{ … }}` and `if:` in the subtree: `inputs.X` must be an input, `steps.X` an earlier step.
    private mutating func references(in node: Node, inputs: Set<String>, steps: [String]) {
        switch node.content {
        case .scalar(let text):
            for (kind, name) in Self.contextNames(in: text) {
                if kind == "inputs", !inputs.contains(name) { add(node, "inputs.\(name) is not an input of the action") }
                if kind == "steps", !steps.contains(name) { add(node, "steps.\(name) names no earlier step id") }
            }
        case .sequence(let items):
            for item in items { references(in: item, inputs: inputs, steps: steps) }
        case .mapping(let pairs):
            for pair in pairs { references(in: pair.value, inputs: inputs, steps: steps) }
        }
    }

    /// `inputs.fail-on` → ("inputs", "fail-on"), for every such reference in the text.
    static func contextNames(in text: String) -> [(String, String)] {
        var found: [(String, String)] = []
        let characters = Array(text.unicodeScalars)
        for context in ["inputs", "steps"] {
            let prefix = Array((context + ".").unicodeScalars)
            var index = 0
            while index + prefix.count <= characters.count {
                let before = index == 0 ? " " : Character(characters[index - 1])
                if Array(characters[index..<index + prefix.count]) == prefix, !(before.isLetter || before.isNumber || before == "." || before == "_" || before == "-") {
                    var end = index + prefix.count
                    while end < characters.count, Character(characters[end]).isLetter || Character(characters[end]).isNumber || characters[end] == "-" || characters[end] == "_" {
                        end += 1
                    }
                    let name = String(String.UnicodeScalarView(characters[(index + prefix.count)..<end]))
                    if !name.isEmpty { found.append((context, name)) }
                    index = end
                } else {
                    index += 1
                }
            }
        }
        return found
    }
}
