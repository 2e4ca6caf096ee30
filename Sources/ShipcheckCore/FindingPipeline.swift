import Foundation
import Project
import Reports
import Rules

/// Everything that happens to findings after the rules ran, in one declared order (`FindingPipeline.order`).
/// The engine only evaluates rules; grading by who reads a metadata tree, shipcheck's own findings, the
/// configuration, suppressions, report paths and the baseline are stages here, each a pure step over the
/// findings so far (the baseline file and the `shipcheck:disable` comments are the only reads).
struct FindingPipeline {
    enum Stage: String, CaseIterable, Sendable {
        /// The files that could not be read become findings of `shipcheck.unreadable-input`.
        case inputProblems
        /// A finding inside a metadata tree is graded by who reads that tree (`MetadataConsumerScope`).
        case consumerScoping
        /// `--only`, `--skip` and `rules.severity` for shipcheck's own rules. (A rule the configuration skips
        /// never runs, and a graded rule runs with its severity, so evaluated findings arrive configured.)
        case configuration
        /// `shipcheck:disable` comments and `ignore:` entries; a suppression naming no rule is a warning.
        case suppressions
        /// Paths from the repository root (`ReportPaths`); a sub-folder given to `metadata` keeps only its findings.
        case pathRebase
        /// A file for each finding on a folder, from the walk, for the formats that place results on files only.
        case folderFiles
        /// `--baseline`: the findings it records are hidden and counted.
        case baseline
    }

    /// The order the stages run in.
    static let order: [Stage] = [.inputProblems, .consumerScoping, .configuration, .suppressions, .pathRebase, .folderFiles, .baseline]

    /// The findings as they go, and what the stages counted on the way.
    struct State: Sendable {
        var findings: [Finding]
        var suppressed: [Finding] = []
        /// The silenced findings with how each was silenced, paths from the repository root like the rest.
        var silenced: [SuppressedFinding] = []
        /// After `pathRebase`, before `baseline`: what `--write-baseline` records.
        var unfiltered: [Finding] = []
        var hiddenByBaseline = 0
        var fixedBaselineEntries = 0
        var fileForFolder: [String: String] = [:]
    }

    let session: Session
    let configuration: RuleConfiguration
    let project: ProjectModel
    /// The rules that ran, by id (consumer scoping reads their stores).
    let evaluated: [String: Rule]
    let paths: ReportPaths
    /// `metadata SUBFOLDER`: only the findings inside it (project-relative).
    let onlyUnder: String?
    let baselinePath: String?

    func run(_ findings: [Finding]) throws(SessionError) -> State {
        var state = State(findings: findings)
        for stage in Self.order { try apply(stage, to: &state) }
        return state
    }

    func apply(_ stage: Stage, to state: inout State) throws(SessionError) {
        switch stage {
        case .inputProblems:
            state.findings += project.problems.map(InputProblemFinding.make)
        case .consumerScoping:
            state.findings = state.findings.flatMap { finding -> [Finding] in
                // shipcheck's own findings (kind: reported) are about files, not about a store's reading of a tree.
                guard let rule = evaluated[finding.rule], !rule.isReported else { return [finding] }
                return PlayStoreScope.apply(MetadataConsumerScope.apply([finding], rule: rule, project: project), rule: rule, project: project)
            }
        case .configuration:
            let problems = state.findings.filter { $0.rule == InputProblemFinding.rule }
            let others = state.findings.filter { $0.rule != InputProblemFinding.rule }
            state.findings = others + InputProblemFinding.configured(problems, engine: session.engine, configuration: configuration)
        case .suppressions:
            // `shipcheck:disable` comments (read from the files that have findings, once each) and `ignore:`
            // entries: counted in the summary, never dropped silently.
            let directives = SuppressionDirectives.read(root: project.root, paths: Set(state.findings.map(\.location.path)))
            let suppression = Suppressions(directives: directives, ignores: session.manifest?.ignores ?? [])
                .apply(to: state.findings, knownRules: session.engine.ruleNames)
            let warnings = ReportedFindings.configured(suppression.warnings, rule: ShipcheckRules.unknownSuppression,
                                                       engine: session.engine, configuration: configuration)
            state.findings = suppression.kept + warnings
            state.suppressed = suppression.suppressed
            let suppressions = Suppressions(directives: directives, ignores: session.manifest?.ignores ?? [])
            state.silenced = suppression.suppressed.map { finding in
                SuppressedFinding(finding: finding, kind: suppressions.suppression(of: finding) ?? .inSource)
            }
        case .pathRebase:
            state.findings = state.findings.filter { finding in
                onlyUnder.map { finding.location.path == $0 || finding.location.path.hasPrefix($0 + "/") } ?? true
            }.map(paths.rebase)
            state.unfiltered = state.findings
            state.silenced = state.silenced.map { SuppressedFinding(finding: paths.rebase($0.finding), kind: $0.kind) }
        case .folderFiles:
            state.fileForFolder = FolderFiles.map(folders: Set(state.findings.map(\.location.path)),
                                                  files: project.walkedFiles.map(paths.fromBase))
        case .baseline:
            guard let path = baselinePath else { return }
            let data: Data
            do { data = Data(try RootedPath.readGivenFile(path, root: session.root, limit: Shipcheck.maxBaselineBytes)) } catch {
                let hint = RootedPath.entryExists(path) ? "" : "; create it with --write-baseline \(path)"
                throw SessionError(Diagnostic(.baselineUnreadable, at: SourceLocation(path: path), "cannot read the baseline file: \(error.message)\(hint)"))
            }
            do {
                let applied = try Baseline.decode(data, file: path).partition(state.findings)
                (state.findings, state.hiddenByBaseline, state.fixedBaselineEntries) = (applied.kept, applied.hidden.count, applied.fixedEntries)
                state.silenced += applied.hidden.map { SuppressedFinding(finding: $0, kind: .baseline) }
            } catch {
                throw SessionError(.baselineInvalid, error.description)
            }
        }
    }
}
