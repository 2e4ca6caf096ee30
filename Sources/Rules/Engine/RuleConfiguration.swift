/// Which rules run and how loud they are: from `--only`, `--skip` and the manifest's `rules:` section.
/// Ids and checklist names are both accepted (`metadata` skips the whole checklist).
public struct RuleConfiguration: Sendable {
    public var only: Set<String>
    public var skip: Set<String>
    /// Rule id or checklist name → severity; a rule id wins over its checklist.
    public var severity: [String: Severity]

    public init(only: Set<String> = [], skip: Set<String> = [], severity: [String: Severity] = [:]) {
        self.only = only
        self.skip = skip
        self.severity = severity
    }

    /// The rule as configured, or nil when it does not run.
    public func apply(to rule: Rule) -> Rule? {
        if skip.contains(rule.id) || skip.contains(rule.checklist) { return nil }
        if !only.isEmpty, !only.contains(rule.id), !only.contains(rule.checklist) { return nil }
        let severity = severity[rule.id] ?? severity[rule.checklist] ?? rule.severity
        if severity == .off { return nil }
        return severity == rule.severity ? rule : rule.with(severity: severity)
    }
}
