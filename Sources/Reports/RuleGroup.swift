import Rules

/// The findings of one rule, for reports that show a rule's help and references once and then its
/// locations (a big repository repeats one rule dozens of times).
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

    /// Groups in reading order: errors first, then warnings, then notes; by rule id within a severity.
    static func make(_ findings: [Finding]) -> [RuleGroup] {
        var order: [String] = []
        var byRule: [String: [Finding]] = [:]
        for finding in findings {
            if byRule[finding.rule] == nil { order.append(finding.rule) }
            byRule[finding.rule, default: []].append(finding)
        }
        let groups = order.map { rule -> RuleGroup in
            let members = byRule[rule] ?? []
            let first = members[0]
            return RuleGroup(rule: rule, checklist: first.checklist, severity: members.map(\.severity).max() ?? first.severity,
                             title: first.title, help: members.lazy.compactMap(\.help).first { !$0.isEmpty },
                             references: first.references, findings: members)
        }
        return groups.sorted { ($0.severity, $1.rule) > ($1.severity, $0.rule) }
    }
}
