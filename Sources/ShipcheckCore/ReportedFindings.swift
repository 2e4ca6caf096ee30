import Project
import Rules

/// The findings shipcheck makes itself (`kind: reported` rules of rules/shipcheck.yml), graded and filtered by
/// the configuration as the engine does every other rule: `--only`, `--skip` (the id or `shipcheck`) and
/// `rules.severity` apply, and the declaration gives the title, help and references.
public enum ReportedFindings {
    /// The findings as the declared rule `id` is configured: none when it does not run; each with the configured
    /// severity when one is set for the rule or its checklist, else the severity `base` gives it from the
    /// declared one. Unchanged when no loaded checklist declares the rule (a host that loaded its own set).
    static func configured(_ findings: [Finding], rule id: String, engine: Engine, configuration: RuleConfiguration,
                           base: (Finding, Rule) -> Severity = { _, rule in rule.severity }) -> [Finding] {
        guard let declared = engine.rule(id) else { return findings }
        guard let rule = configuration.apply(to: declared) else { return [] }
        let graded = configuration.severity[id] ?? configuration.severity[declared.checklist]
        return findings.map { finding in
            finding.with(rule: id, checklist: rule.checklist, severity: graded ?? base(finding, declared), title: rule.title,
                         help: rule.help ?? finding.help, references: rule.references)
        }
    }
}

/// A file shipcheck could not read becomes a finding of `shipcheck.unreadable-input`, so it shows in every
/// report: a warning, or an error when the store's upload tool would refuse the file as well.
public enum InputProblemFinding {
    public static let rule = ShipcheckRules.unreadableInput
    public static let checklist = ShipcheckRules.checklist

    /// One finding per problem, as the rule is configured (see `ReportedFindings`).
    public static func findings(_ problems: [InputProblem], engine: Engine, configuration: RuleConfiguration) -> [Finding] {
        configured(problems.map(make), engine: engine, configuration: configuration)
    }

    /// Findings `make` made, as the rule is configured.
    static func configured(_ findings: [Finding], engine: Engine, configuration: RuleConfiguration) -> [Finding] {
        // Unless graded by the configuration: the declared severity, raised to error where the store refuses the file too.
        ReportedFindings.configured(findings, rule: rule, engine: engine, configuration: configuration) { finding, declared in
            finding.severity == .error ? .error : declared.severity
        }
    }

    public static func make(_ problem: InputProblem) -> Finding {
        Finding(rule: rule, checklist: checklist, severity: problem.storeRefusesIt ? .error : .warning,
                title: "A file could not be read", message: problem.message, location: problem.location,
                evidence: nil, help: nil, references: [])
    }
}
