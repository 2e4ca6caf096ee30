import StoreLocale
import YAML

/// A loaded, validated checklist file.
public struct Checklist: Sendable {
    public let name: String
    public let title: String
    public let summary: String?
    public let references: [Reference]
    public let rules: [Rule]
    /// Named data tables (limits, word lists, symbols, codes), each with its source; read by the checks that use them.
    public let tables: [String: Table]
    /// The file it came from (`account-deletion.yml`, or the path given to `--rules`).
    public let file: String
}

/// A data table of a checklist: its source and its YAML value, parsed by the code that uses it.
public struct Table: Sendable {
    public let name: String
    public let source: String
    public let value: Node
    public let file: String
}

/// One rule of a checklist.
public struct Rule: Sendable {
    public enum Kind: Sendable {
        /// `expect`: the expression must hold whenever `when` does; else one finding at the evidence.
        case expect(Expression)
        /// `check`: a named check function over the `given` subjects with validated options.
        case check(name: String, given: Selector?, options: CheckOptions)
        /// A checkbox for the user: shown, never evaluated.
        case manual
    }

    public let id: String
    public let checklist: String
    public let title: String
    public let severity: Severity
    public let stores: Set<Store>
    public let when: Expression?
    public let kind: Kind
    public let message: String?
    public let help: String?
    public let references: [Reference]
    /// The rule applies from this date on (`YYYY-MM-DD`); before it, it is skipped.
    public let effective: String?
    public let examples: RuleExamples
    /// Where the rule is written, for errors about it.
    public let file: String
    public let mark: Mark

    public var isManual: Bool {
        if case .manual = kind { return true }
        return false
    }
}

/// The fixtures a rule carries: projects (folder names under the rule examples root) that must
/// trigger it and that must not. Run by one parameterised test over every loaded rule.
public struct RuleExamples: Sendable {
    public let triggering: [String]
    public let nonTriggering: [String]

    public init(triggering: [String] = [], nonTriggering: [String] = []) {
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}
