import Project
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
    /// The facts it declares (`facts:`, and each fact of its `kind: symbols` tables): its part of the `FactCatalog`.
    public let facts: [FactDeclaration]

    public init(name: String, title: String, summary: String?, references: [Reference], rules: [Rule],
                tables: [String: Table], file: String, facts: [FactDeclaration] = []) {
        self.name = name
        self.title = title
        self.summary = summary
        self.references = references
        self.rules = rules
        self.tables = tables
        self.file = file
        self.facts = facts
    }
}

/// A data table of a checklist: its source and its YAML value, parsed by the code that uses it.
public struct Table: Sendable {
    public let name: String
    public let source: String
    /// `symbols` for tables the source scan reads; nil for tables only checks read.
    public let kind: String?
    public let value: Node
    public let file: String
    /// A `kind: symbols` table as the loader parsed it to validate it, handed to the inspection (`SymbolTableSource.parsed`).
    public let symbols: SymbolTable?

    public init(name: String, source: String, kind: String?, value: Node, file: String, symbols: SymbolTable? = nil) {
        self.name = name
        self.source = source
        self.kind = kind
        self.value = value
        self.file = file
        self.symbols = symbols
    }
}

/// A dated grade of a rule: from `from` (`YYYY-MM-DD`) on, the rule is `severity`, for `reason`.
public struct SeverityStep: Sendable, Hashable {
    public let from: String
    public let severity: Severity
    public let reason: String?

    public init(from: String, severity: Severity, reason: String?) {
        self.from = from
        self.severity = severity
        self.reason = reason
    }
}

/// One rule of a checklist.
public struct Rule: Sendable {
    public enum Kind: Sendable {
        /// `expect`: the expression must hold whenever `when` does; else one finding at the evidence.
        case expect(Expression)
        /// `check`: a named check function over the `given` subjects (or the `fields:` shorthand's) with validated options.
        case check(name: String, given: [Selector], options: CheckOptions)
        /// A checkbox for the user: shown, never evaluated.
        case manual
        /// Found by shipcheck itself while it reads the project or applies suppressions (`ShipcheckRules`),
        /// not by a check function; declared in rules/shipcheck.yml so that configuration, `rules list/show`,
        /// reports and rule pages treat it as any rule. The engine does not evaluate it.
        case reported
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
    /// Why the rule has its severity, against docs/severity.md (an error names what the store rejects).
    public let severityReason: String?
    /// Dated grades (`severity_steps:`): from each step's date on, the rule has that step's severity and reason
    /// (a warning now, an error once a requirement is in force). The engine grades with the run's date.
    public let severitySteps: [SeverityStep]
    /// Where the rule is written, for errors about it.
    public let file: String
    public let mark: Mark
    /// `where:`: a predicate over each selected subject's labels (`permission == 'android.permission.READ_SMS'`);
    /// a check sees only the subjects it holds for.
    public let subjectFilter: Expression?
    /// `redact: true`: the subjects' values are secrets (a password, a key); findings name them by length only.
    public let redactsValue: Bool

    public init(id: String, checklist: String, title: String, severity: Severity, stores: Set<Store>, when: Expression?,
                kind: Kind, message: String?, help: String?, references: [Reference], effective: String?,
                severityReason: String? = nil, severitySteps: [SeverityStep] = [], file: String, mark: Mark, subjectFilter: Expression? = nil,
                redactsValue: Bool = false) {
        self.subjectFilter = subjectFilter
        self.redactsValue = redactsValue
        self.id = id
        self.checklist = checklist
        self.title = title
        self.severity = severity
        self.stores = stores
        self.when = when
        self.kind = kind
        self.message = message
        self.help = help
        self.references = references
        self.effective = effective
        self.severityReason = severityReason
        self.severitySteps = severitySteps
        self.file = file
        self.mark = mark
    }

    /// The same rule with another severity (configuration overrides).
    public func with(severity: Severity) -> Rule {
        Rule(id: id, checklist: checklist, title: title, severity: severity, stores: stores, when: when, kind: kind,
             message: message, help: help, references: references, effective: effective,
             severityReason: severityReason, severitySteps: severitySteps, file: file, mark: mark,
             subjectFilter: subjectFilter, redactsValue: redactsValue)
    }

    /// The rule as graded on `today` (`YYYY-MM-DD`): the severity and reason of the latest step in force, else its own.
    public func graded(on today: String) -> Rule {
        guard let step = severitySteps.filter({ $0.from <= today }).max(by: { $0.from < $1.from }) else { return self }
        return Rule(id: id, checklist: checklist, title: title, severity: step.severity, stores: stores, when: when, kind: kind,
                    message: message, help: help, references: references, effective: effective,
                    severityReason: step.reason ?? severityReason, severitySteps: severitySteps, file: file, mark: mark,
             subjectFilter: subjectFilter, redactsValue: redactsValue)
    }

    /// The same rule with the table options its check decoded at load (`OptionSpec.decode`).
    func with(decodedOptions: [String: CheckOptions.Value]) -> Rule {
        guard !decodedOptions.isEmpty, case .check(let name, let given, let options) = kind else { return self }
        let merged = CheckOptions(options.values.merging(decodedOptions) { _, decoded in decoded })
        return Rule(id: id, checklist: checklist, title: title, severity: severity, stores: stores, when: when,
                    kind: .check(name: name, given: given, options: merged), message: message, help: help,
                    references: references, effective: effective, severityReason: severityReason, severitySteps: severitySteps,
                    file: file, mark: mark, subjectFilter: subjectFilter, redactsValue: redactsValue)
    }

    public var isManual: Bool {
        if case .manual = kind { return true }
        return false
    }

    public var isReported: Bool {
        if case .reported = kind { return true }
        return false
    }
}
