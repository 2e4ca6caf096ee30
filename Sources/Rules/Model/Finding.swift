import Project

/// One thing a rule found wrong, at one place.
public struct Finding: Sendable, Hashable, Codable {
    public let rule: String
    public let checklist: String
    public let severity: Severity
    public let title: String
    public let message: String
    public let location: SourceLocation
    /// The offending text, never a secret.
    public let evidence: String?
    public let help: String?
    public let references: [Reference]
    /// Stable across line moves: rule + path + offending text, never the line number.
    public let fingerprint: String

    public init(rule: String, checklist: String, severity: Severity, title: String, message: String,
                location: SourceLocation, evidence: String?, help: String?, references: [Reference]) {
        self.rule = rule
        self.checklist = checklist
        self.severity = severity
        self.title = title
        self.message = message
        self.location = location
        self.evidence = evidence
        self.help = help
        self.references = references
        self.fingerprint = Fingerprint.make(rule: rule, path: location.path, text: evidence ?? message)
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
