import Rules

/// The findings of one rule that share one help text, for reports that show the help and references once
/// and then the locations (a big repository repeats one rule dozens of times). A rule whose help is filled
/// in per finding (the SDK to update, the reason codes of an API category) makes one group per help, so
/// that the help shown is true for every location under it.
struct RuleGroup {
    let rule: String
    let checklist: String
    /// The worst severity among the findings.
    let severity: Severity
    let title: String
    let help: String?
    let references: [Reference]
    /// In report order (path, line, column).
    let findings: [Finding]

    struct Key: Hashable {
        let rule: String
        let help: String?
    }

    /// Groups in reading order: errors first, then warnings, then notes; by rule id within a severity, and
    /// a rule's groups in the order their first findings come.
    static func make(_ findings: [Finding]) -> [RuleGroup] {
        var order: [Key] = []
        var byKey: [Key: [Finding]] = [:]
        for finding in findings {
            let key = Key(rule: finding.rule, help: finding.help.flatMap { $0.isEmpty ? nil : $0 })
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(finding)
        }
        let groups = order.enumerated().map { index, key -> (Int, RuleGroup) in
            let members = byKey[key] ?? []
            let first = members[0]
            // References are the rule's; should findings carry different ones, every one is listed once.
            var references: [Reference] = []
            for reference in members.flatMap(\.references) where !references.contains(reference) { references.append(reference) }
            return (index, RuleGroup(rule: key.rule, checklist: first.checklist, severity: members.map(\.severity).max() ?? first.severity,
                                     title: first.title, help: key.help, references: references, findings: members))
        }
        return groups.sorted { a, b in
            if a.1.severity != b.1.severity { return a.1.severity > b.1.severity }
            if a.1.rule != b.1.rule { return a.1.rule < b.1.rule }
            return a.0 < b.0
        }.map(\.1)
    }
}
