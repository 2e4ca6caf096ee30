import Foundation
import Project
import StoreLocale

/// Evaluates loaded checklists over an inspected project. Generic: every rule is data; the engine
/// only knows `when`, `expect`, `check` with `given` (or `fields:`), and manual items.
public struct Engine: Sendable {
    public let checklists: [Checklist]
    public let functions: [String: CheckFunction]

    public init(checklists: [Checklist], functions: [CheckFunction] = CheckRegistry.builtin) {
        self.checklists = checklists
        self.functions = CheckRegistry.byName(functions)
    }

    /// Every rule id and checklist name loaded: what `--only`, `--skip`, severities and suppressions may name.
    public var ruleNames: Set<String> {
        Set(checklists.flatMap { [$0.name] + $0.rules.map(\.id) })
    }

    /// The loaded rule with this id.
    public func rule(_ id: String) -> Rule? {
        checklists.lazy.flatMap(\.rules).first { $0.id == id }
    }

    /// The ids of `rules` whose check function judges `input` (declared by the function, or chosen by the rule's
    /// options where the function judges either: `from: archive`), sorted.
    public func rules(reading input: CheckInput, among rules: [Rule]) -> [String] {
        rules.compactMap { rule in
            guard case .check(let name, _, let options) = rule.kind, let reads = functions[name]?.input(with: options) else { return nil }
            if reads == input { return rule.id }
            return nil
        }.sorted()
    }

    /// Every table of every checklist, by name (the loader made names unique).
    public var tables: [String: Table] {
        var all: [String: Table] = [:]
        for checklist in checklists { all.merge(checklist.tables) { first, _ in first } }
        return all
    }

    public struct Outcome: Sendable {
        public let findings: [Finding]
        public let manual: [ManualItem]
        /// Rules that ran (their `when` may have been false: a rule that had nothing to say passed).
        public let evaluated: [Rule]
    }

    public func evaluate(_ context: EvaluationContext, configuration: RuleConfiguration = RuleConfiguration()) -> Outcome {
        var evaluated: [Rule] = []
        for checklist in checklists {
            for original in checklist.rules {
                // Dated grades first (severity_steps, by the run's date), so a team's own severity still wins.
                guard let rule = configuration.apply(to: original.graded(on: context.today)) else { continue }
                if let effective = rule.effective, effective > context.today { continue }
                guard appliesToProject(rule, facts: context.facts) else { continue }
                evaluated.append(rule)
            }
        }
        // Rules are independent and read only values: run them side by side, keep their order.
        let rules = evaluated
        let results = RuleSlots(count: rules.count)
        DispatchQueue.concurrentPerform(iterations: rules.count) { index in
            results.set(index, run(rules[index], context: context))
        }
        var findings: [Finding] = []
        var manual: [ManualItem] = []
        for (ruleFindings, item) in results.values {
            findings += ruleFindings
            if let item { manual.append(item) }
        }
        return Outcome(findings: Self.deduplicated(findings), manual: manual, evaluated: evaluated)
    }

    /// One rule's findings, or its manual item.
    func run(_ rule: Rule, context: EvaluationContext) -> ([Finding], ManualItem?) {
        if let when = rule.when, !when.evaluate(context.facts) { return ([], nil) }
        switch rule.kind {
        case .reported:
            // Listed as evaluated (its descriptor reaches the reports); its findings are made by the front door.
            return ([], nil)
        case .manual:
            // A manual item may name the facts of its `when` (`{{privacy.policy_url}}`, `{{evidence}}`): what
            // shipcheck found is shown next to what only the console knows.
            let values = factValues(names: rule.when?.factNames ?? [], context: context)
            return ([], ManualItem(rule: rule.id, checklist: rule.checklist, title: MessageTemplate.fill(rule.title, with: values),
                                   help: rule.help.map { MessageTemplate.fill($0, with: values) }, references: rule.references))
        case .expect(let expression):
            return (expression.evaluate(context.facts) ? [] : [expectFinding(rule, expression: expression, context: context)], nil)
        case .check(let name, let selectors, let options):
            // The loader refuses a rule whose check function is not registered; an engine built with fewer
            // functions than its checklists were loaded with is a programming error, reported, not skipped.
            guard let function = functions[name] else {
                let missing = Finding(rule: rule.id, checklist: rule.checklist, severity: .error, title: rule.title,
                                      message: "check function \"\(name)\" is not registered with this engine; the rule was not evaluated",
                                      location: SourceLocation(path: rule.file, line: rule.mark.line, column: rule.mark.column),
                                      evidence: nil, help: nil, references: [])
                return ([missing], nil)
            }
            let subjects = Self.subjects(selectors, for: function, project: context.project, stores: rule.stores)
                .filter { subject in rule.subjectFilter.map { Self.holds($0, for: subject) } ?? true }
            let invocation = CheckInvocation(rule: rule, options: options, subjects: subjects, context: context, function: function)
            let byLocation = Dictionary(subjects.map { ($0.location, $0) }, uniquingKeysWith: { first, _ in first })
            // The facts that gated the rule (`when:`) may be named in its message, as for `expect` and manual items.
            let gate = rule.when.map { factValues(names: $0.factNames, context: context) } ?? [:]
            // Graded afterwards by who reads a metadata tree: a stage after evaluation (MetadataConsumerScope).
            let secrets = rule.redactsValue ? subjects.map(\.value).filter { !$0.isEmpty } : []
            return (function.run(invocation).map { finding(rule, result: $0, subject: byLocation[$0.location], gate: gate, secrets: secrets) }, nil)
        }
    }

    /// What a check function is shown: every selector's subjects in file order, and the ones a selector found
    /// missing only when the function judges presence.
    static func subjects(_ selectors: [Selector], for function: CheckFunction, project: ProjectModel, stores: Set<Store>) -> [Subject] {
        selectors.flatMap { $0.subjects(in: project, stores: stores) }
            .filter { function.judgesAbsence || !$0.isAbsent }
            .sorted { $0.location < $1.location }
    }

    /// `where:` for one subject: its labels (and `value`) are the names the expression reads; `true`/`false`
    /// labels are booleans, so `special` and `not special` read as they look.
    static func holds(_ filter: Expression, for subject: Subject) -> Bool {
        var names = FactStore()
        for (label, text) in subject.labels.merging(["value": subject.value], uniquingKeysWith: { label, _ in label }) {
            let value: FactValue = text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
            names.add(Fact(name: label, value: value, source: .detected))
        }
        return filter.evaluate(names)
    }

    /// A rule for stores the project does not ship to does not run. A rule without `stores` always does.
    func appliesToProject(_ rule: Rule, facts: FactStore) -> Bool {
        rule.stores.isEmpty || rule.stores.contains { facts["store.\($0.rawValue)"]?.value.isTruthy == true }
    }

    /// An `expect` that failed: the finding sits at the first evidence of the facts that made `when` true.
    func expectFinding(_ rule: Rule, expression: Expression, context: EvaluationContext) -> Finding {
        let names = (rule.when?.factNames ?? []) + expression.factNames
        let evidence = firstEvidence(names: names, context: context)
        let location = evidence?.location ?? context.project.manifest.map { SourceLocation(path: $0.file) } ?? SourceLocation(path: ".")
        let result = CheckResult(location: location, evidence: evidence?.snippet, values: factValues(names: names, context: context))
        return finding(rule, result: result, subject: nil)
    }

    /// The first evidence of the truthy facts among `names`.
    func firstEvidence(names: [String], context: EvaluationContext) -> Evidence? {
        names.lazy.compactMap { context.facts[$0] }.filter { $0.value.isTruthy }.compactMap { $0.evidence.first }.first
    }

    /// What an `expect` finding or a manual item may say: `{{evidence}}` and each named fact's value.
    /// These are exactly the placeholders the loader accepts for such rules (`Rule.placeholderNames`).
    func factValues(names: [String], context: EvaluationContext) -> [String: String] {
        let evidence = firstEvidence(names: names, context: context)
        let manifest = context.project.manifest?.file ?? "shipcheck.yml"
        var values = ["evidence": evidence.map { "\($0.location)" } ?? "stated in \(manifest)"]
        for name in Set(names) { values[name] = context.facts[name]?.value.description ?? "unknown" }
        return values
    }

    /// - Parameter secrets: with `redact: true`, the values the rule's selectors picked.
    func finding(_ rule: Rule, result: CheckResult, subject: Subject?, gate: [String: String] = [:], secrets: [String] = []) -> Finding {
        var values = gate.merging(subject?.labels ?? [:]) { _, label in label }
        if let subject { values["value"] = subject.value }
        values["path"] = result.location.path
        values["rule"] = rule.id
        values.merge(result.values) { _, new in new }
        var evidence = result.evidence
        var message = result.message ?? MessageTemplate.fill(rule.message ?? rule.title, with: values)
        if !secrets.isEmpty {
            // `redact: true`: the values are secrets; no part of one reaches a report (nor the baseline's evidence):
            // the value and what the check quoted from it (`{{match}}`) read as their length; labels stay readable.
            for name in Set(["value"]).union(result.values.keys) {
                guard let text = values[name], !text.isEmpty, let secret = secrets.first(where: { $0.contains(text) }) else { continue }
                values[name] = Self.redacted(secret)
            }
            message = result.message.map { text in secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.redacted($1)) } }
                ?? MessageTemplate.fill(rule.message ?? rule.title, with: values)
            if let found = evidence, secrets.contains(where: { $0.contains(found) || found.contains($0) }) { evidence = nil }
        }
        let help = rule.help.map { MessageTemplate.fill($0, with: values) }
        return Finding(rule: rule.id, checklist: rule.checklist, severity: result.severity ?? rule.severity, title: rule.title,
                       message: message, condition: result.condition, location: result.location, evidence: evidence, help: help,
                       references: rule.references)
    }

    /// What a redacted value reads as: its length only.
    static func redacted(_ secret: String) -> String { "[redacted, \(secret.count) characters]" }

    /// The same rule at the same place with the same message once only (a `default/` value seen by several locales).
    static func deduplicated(_ findings: [Finding]) -> [Finding] {
        var seen = Set<String>()
        return findings.filter { seen.insert("\($0.rule)\u{0}\($0.location)\u{0}\($0.message)").inserted }
    }
}

/// One slot per rule, each written once from `concurrentPerform`.
private final class RuleSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [([Finding], ManualItem?)]

    init(count: Int) { slots = Array(repeating: ([], nil), count: count) }

    func set(_ index: Int, _ value: ([Finding], ManualItem?)) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = value
    }

    var values: [([Finding], ManualItem?)] {
        lock.lock(); defer { lock.unlock() }
        return slots
    }
}
