import Project

/// Everything one run produced; the input of every report.
public struct RunResult: Sendable {
    public let toolVersion: String
    /// Absolute project root; finding paths are relative to it.
    public let root: String
    /// Sorted for reports (`Finding.sortedForReport`).
    public let findings: [Finding]
    public let manual: [ManualItem]
    /// The rules that were evaluated (not skipped, not off), so reports can show what passed.
    public let rules: [Rule]
    public let checklists: [Checklist]
    /// The effective facts that drove the result.
    public let facts: [Fact]
    /// Findings hidden by `--baseline`, and baseline entries that no longer occur.
    public let hiddenByBaseline: Int
    public let fixedBaselineEntries: Int
    /// Findings silenced by `shipcheck:disable` comments and `ignore:` entries (counted, never hidden silently).
    public let suppressed: Int
    /// The rules that read only a built archive and had none to read (no `--archive`): named once in the
    /// summary, not reported as findings.
    public var notRunWithoutArchive: [String] = []
    /// Inputs the inspectors found but could not read to the end (`ProjectModel.coverage`), which the
    /// reports say once each ("Not checked: …").
    public var coverage: [CoverageGap] = []
    /// The findings silenced by suppressions and hidden by the baseline, for the reports that list them as
    /// suppressed (SARIF); the counts above stay the summary's numbers.
    public var suppressedFindings: [SuppressedFinding] = []
    /// The configuration file read (shipcheck.yml), as a path from `root` (or absolute when outside it); nil
    /// when there was none.
    public var configPath: String?

    public init(toolVersion: String, root: String, findings: [Finding], manual: [ManualItem], rules: [Rule],
                checklists: [Checklist], facts: [Fact], hiddenByBaseline: Int = 0, fixedBaselineEntries: Int = 0, suppressed: Int = 0) {
        self.toolVersion = toolVersion
        self.root = root
        self.findings = Finding.sortedForReport(findings)
        self.manual = manual
        self.rules = rules
        self.checklists = checklists
        self.facts = facts
        self.hiddenByBaseline = hiddenByBaseline
        self.fixedBaselineEntries = fixedBaselineEntries
        self.suppressed = suppressed
    }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}
