import Foundation
import Project

/// Everything a rule sees: the inspected project, its facts, the loaded tables, the run's date and mode.
public struct EvaluationContext: Sendable {
    public let project: ProjectModel
    public let tables: [String: Table]
    /// The day of the run (`YYYY-MM-DD`), for `effective` dates and copyright years; injectable for tests.
    public let today: String
    public let online: Bool
    /// The process environment, injected (the CLI passes `ProcessInfo.processInfo.environment`) so that
    /// checks never read global state: the demo-account check verifies `env:NAME` references when `CI` is set.
    public let environment: [String: String]
    /// Records every fact the check functions read (tests: `FactReadDeclarationTests`); nil in a normal run.
    public var factReads: FactReadRecorder?

    public var facts: FactStore { project.facts }

    public init(project: ProjectModel, tables: [String: Table], today: String, online: Bool = false,
                environment: [String: String] = [:], factReads: FactReadRecorder? = nil) {
        self.project = project
        self.tables = tables
        self.today = today
        self.online = online
        self.environment = environment
        self.factReads = factReads
    }
}
