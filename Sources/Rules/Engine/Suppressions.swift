import Project
import YAML

/// Silences findings where the team said so: `shipcheck:disable` comments in the files (read by
/// `SuppressionDirectives` in Project) and `ignore:` entries of shipcheck.yml. A pure filter: findings in,
/// the kept ones, the silenced ones (counted in every report) and warnings about suppressions that name
/// no rule out.
public struct Suppressions: Sendable {
    /// The rule of the warning about a suppression that names no loaded rule or checklist.
    public static let unknownRule = ShipcheckRules.unknownSuppression
    public static let checklist = ShipcheckRules.checklist

    public let directives: [String: [SuppressionDirective]]
    public let ignores: [IgnoreEntry]

    public init(directives: [String: [SuppressionDirective]], ignores: [IgnoreEntry]) {
        self.directives = directives
        self.ignores = ignores
    }

    public struct Outcome: Sendable {
        public let kept: [Finding]
        public let suppressed: [Finding]
        /// One warning per suppression naming an unknown rule; a typo must not silence nothing silently.
        public let warnings: [Finding]
    }

    /// - Parameter knownRules: every loaded rule id and checklist name (evaluated or not).
    public func apply(to findings: [Finding], knownRules: Set<String>) -> Outcome {
        var kept: [Finding] = []
        var suppressed: [Finding] = []
        for finding in findings {
            if isSuppressed(finding) { suppressed.append(finding) } else { kept.append(finding) }
        }
        var warnings: [Finding] = []
        let written = directives.values.flatMap { $0.map { ($0.rules, $0.location) } } + ignores.map { ($0.rules, $0.location) }
        for (rules, location) in written.sorted(by: { $0.1 < $1.1 }) {
            for name in rules where !knownRules.contains(name) {
                warnings.append(Self.unknownRuleWarning(name, at: location, known: knownRules))
            }
        }
        return Outcome(kept: kept, suppressed: suppressed, warnings: warnings)
    }

    public func isSuppressed(_ finding: Finding) -> Bool {
        suppression(of: finding) != nil
    }

    /// How a finding is silenced, if it is: by a `shipcheck:disable` comment in its own file (SARIF's
    /// `inSource`), or by an `ignore:` entry of shipcheck.yml, with its reason (`external`).
    public func suppression(of finding: Finding) -> SuppressedFinding.Kind? {
        let path = finding.location.path
        let names = [finding.rule, finding.checklist]
        for directive in directives[path] ?? [] where directive.rules.contains(where: names.contains) {
            switch directive.scope {
            case .file: return .inSource
            case .line(let line): if finding.location.line == line { return .inSource }
            case .lines(let lines): if let line = finding.location.line, lines.contains(line) { return .inSource }
            }
        }
        return ignores.first { $0.covers(rule: finding.rule, checklist: finding.checklist, path: path) }
            .map { .ignoreEntry(reason: $0.reason) }
    }

    static func unknownRuleWarning(_ name: String, at location: SourceLocation, known: Set<String>) -> Finding {
        var message = "The suppression names '\(name)', which is no rule or checklist, so it silences nothing"
        if let near = Spelling.nearest(to: name, in: known.sorted()) { message += "; did you mean '\(near)'?" }
        return Finding(rule: unknownRule, checklist: checklist, severity: .warning, title: "A suppression names an unknown rule",
                       message: message, location: location, evidence: name,
                       help: "Write the rule id as `shipcheck rules list` shows it (or a checklist name), or remove the suppression.",
                       references: [])
    }
}
