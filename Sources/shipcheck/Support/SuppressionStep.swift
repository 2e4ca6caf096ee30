import Project
import Rules

/// The suppression step of `check`: reads the `shipcheck:disable` comments of the files that have findings
/// (once each) and applies them with the manifest's `ignore:` entries.
enum SuppressionStep {
    static func apply(to findings: [Finding], project: ProjectModel, session: ProjectSession) -> Suppressions.Outcome {
        let paths = Set(findings.map(\.location.path))
        let directives = SuppressionDirectives.read(root: project.root, paths: paths)
        let known = Set(session.engine.checklists.flatMap { [$0.name] + $0.rules.map(\.id) })
            .union([InputProblemFinding.rule, InputProblemFinding.checklist])
        return Suppressions(directives: directives, ignores: session.manifest?.ignores ?? []).apply(to: findings, knownRules: known)
    }
}
