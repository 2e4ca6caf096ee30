import Project

/// One thing a rule found wrong, at one place.
public struct Finding: Sendable, Hashable, Codable {
    public let rule: String
    public let checklist: String
    public let severity: Severity
    public let title: String
    /// What the rule says is wrong, without the condition under which it holds.
    public let statement: String
    /// When shipcheck cannot see that what it judged ships to the rule's store: the condition under which the
    /// finding holds (typed, set by grading, never parsed back from the text).
    public let condition: FindingCondition?
    public let location: SourceLocation
    /// The offending text, never a secret.
    public let evidence: String?
    public let help: String?
    public let references: [Reference]
    /// Stable across line moves: rule + path + offending text, never the line number.
    public let fingerprint: String

    /// The message every report prints: the condition's sentence, then the statement.
    public var message: String { (condition?.sentence ?? "") + statement }

    /// - Parameter message: the statement (the condition is its own field).
    public init(rule: String, checklist: String, severity: Severity, title: String, message: String,
                condition: FindingCondition? = nil, location: SourceLocation, evidence: String?, help: String?,
                references: [Reference]) {
        self.rule = rule
        self.checklist = checklist
        self.severity = severity
        self.title = title
        self.statement = message
        self.condition = condition
        self.location = location
        self.evidence = evidence
        self.help = help
        self.references = references
        self.fingerprint = Fingerprint.make(rule: rule, path: location.path, text: evidence ?? (condition?.sentence ?? "") + message)
    }

    /// The one way to derive a finding with a change: everything else copied, the fingerprint recomputed
    /// (it follows the path and the message).
    public func with(rule: String? = nil, checklist: String? = nil, severity: Severity? = nil, title: String? = nil,
                     condition: FindingCondition? = nil, location: SourceLocation? = nil, help: String? = nil,
                     references: [Reference]? = nil) -> Finding {
        Finding(rule: rule ?? self.rule, checklist: checklist ?? self.checklist, severity: severity ?? self.severity,
                title: title ?? self.title, message: statement, condition: condition ?? self.condition,
                location: location ?? self.location, evidence: evidence, help: help ?? self.help,
                references: references ?? self.references)
    }

    /// The report order: path, line, column, then rule, then message.
    public static func sortedForReport(_ findings: [Finding]) -> [Finding] {
        findings.sorted {
            ($0.location.path, $0.location.line ?? 0, $0.location.column ?? 0, $0.rule, $0.message)
                < ($1.location.path, $1.location.line ?? 0, $1.location.column ?? 0, $1.rule, $1.message)
        }
    }
}

/// A thing the user must confirm by hand before submitting: it cannot be seen in files.
public struct ManualItem: Sendable, Hashable, Codable {
    public let rule: String
    public let checklist: String
    public let title: String
    public let help: String?
    public let references: [Reference]

    public init(rule: String, checklist: String, title: String, help: String?, references: [Reference]) {
        self.rule = rule
        self.checklist = checklist
        self.title = title
        self.help = help
        self.references = references
    }
}
