import Foundation
import Project
import Reports
import Rules

/// The front door: load, inspect, fetch (with `--online`), evaluate, apply the baseline. Never prints;
/// the CLI parses arguments, renders and picks exit codes, and tests and benchmarks call this too.
public enum Shipcheck {
    /// The checklists `shipcheck metadata` runs.
    public static let metadataChecklists: Set<String> = ["metadata", "metadata-locales", "metadata-fdroid"]

    public struct Options: Sendable {
        public var path: String
        public var configPath: String?
        public var rulesDirectories: [String]
        /// Already loaded checklists, instead of the built-in ones and `rulesDirectories`.
        public var checklists: [Checklist]?
        public var only: Set<String>
        public var skip: Set<String>
        /// Only the store metadata checklists, over the metadata folders (`shipcheck metadata`).
        public var metadataOnly: Bool
        /// `YYYY-MM-DD`: rules with a later `effective` date are skipped; date checks compare with it.
        public var today: String
        /// Fetch the URLs the checks judge, once each, before evaluation.
        public var online: Bool
        /// How pages are fetched with `online`; tests inject their own.
        public var fetcher: any PageFetcher
        public var baselinePath: String?
        public var environment: [String: String]
        public var toolVersion: String

        public init(path: String, configPath: String? = nil, rulesDirectories: [String] = [], checklists: [Checklist]? = nil,
                    only: Set<String> = [],
                    skip: Set<String> = [], metadataOnly: Bool = false, today: String, online: Bool = false,
                    fetcher: any PageFetcher = URLSessionPageFetcher(), baselinePath: String? = nil,
                    environment: [String: String] = [:], toolVersion: String = "dev") {
            self.path = path
            self.configPath = configPath
            self.rulesDirectories = rulesDirectories
            self.checklists = checklists
            self.only = only
            self.skip = skip
            self.metadataOnly = metadataOnly
            self.today = today
            self.online = online
            self.fetcher = fetcher
            self.baselinePath = baselinePath
            self.environment = environment
            self.toolVersion = toolVersion
        }
    }

    /// What a run produced: the result every report renders, the model it was drawn from, and every
    /// finding left after suppressions, before the baseline hid any (what `--write-baseline` records).
    public struct Run: Sendable {
        public let result: RunResult
        public let project: ProjectModel
        public let unfilteredFindings: [Finding]
    }

    public static func run(_ options: Options) throws(SessionError) -> Run {
        let session = try Session.open(path: options.path, configPath: options.configPath,
                                       rulesDirectories: options.rulesDirectories, checklists: options.checklists,
                                       only: options.only, skip: options.skip)
        var configuration = session.configuration
        if options.metadataOnly, configuration.only.isEmpty {
            // The metadata checklists, and the files that could not be read (a non-UTF-8 listing file).
            configuration.only = metadataChecklists.union([InputProblemFinding.rule])
        }
        if let message = session.unknownRuleNames(in: configuration) { throw SessionError(message) }
        var project = try session.inspect(scope: options.metadataOnly ? .metadata : .everything)
        if options.online {
            project.webPages = OnlineStep.fetch(OnlineStep.urls(in: project), with: options.fetcher)
        }
        let context = EvaluationContext(project: project, tables: session.engine.tables, today: options.today,
                                        online: options.online, environment: options.environment)
        let outcome = session.engine.evaluate(context, configuration: configuration)
        let problems = InputProblemFinding.applies(configuration) ? project.problems.map(InputProblemFinding.make) : []
        // `shipcheck:disable` comments (read from the files that have findings, once each) and `ignore:`
        // entries: counted in the summary, never dropped silently.
        let directives = SuppressionDirectives.read(root: project.root, paths: Set((outcome.findings + problems).map(\.location.path)))
        let known = Set(session.engine.checklists.flatMap { [$0.name] + $0.rules.map(\.id) })
            .union([InputProblemFinding.rule, InputProblemFinding.checklist])
        let suppression = Suppressions(directives: directives, ignores: session.manifest?.ignores ?? [])
            .apply(to: outcome.findings + problems, knownRules: known)
        let unfiltered = suppression.kept + suppression.warnings

        var findings = unfiltered
        var hidden = 0
        var fixed = 0
        if let path = options.baselinePath {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SessionError("\(path): cannot read the baseline file; create it with --write-baseline \(path)")
            }
            do {
                let applied = try Baseline.decode(data, file: path).apply(to: findings)
                (findings, hidden, fixed) = (applied.kept, applied.hidden, applied.fixedEntries)
            } catch {
                throw SessionError(error.description)
            }
        }
        let checklists = session.engine.checklists.filter { checklist in outcome.evaluated.contains { $0.checklist == checklist.name } }
        let result = RunResult(toolVersion: options.toolVersion, root: project.root, findings: findings,
                               manual: outcome.manual, rules: outcome.evaluated, checklists: checklists,
                               facts: project.facts.all, hiddenByBaseline: hidden, fixedBaselineEntries: fixed,
                               suppressed: suppression.suppressed.count)
        return Run(result: result, project: project, unfilteredFindings: unfiltered)
    }
}

/// A file shipcheck could not read becomes a finding, so it shows in every report: a warning, or an error
/// when the store's upload tool would refuse the file as well.
public enum InputProblemFinding {
    public static let rule = "shipcheck.unreadable-input"
    public static let checklist = "shipcheck"

    /// `--skip shipcheck.unreadable-input` (or `shipcheck`) silences these; `--only` keeps them only when named.
    public static func applies(_ configuration: RuleConfiguration) -> Bool {
        let names: Set<String> = [rule, checklist]
        if !configuration.skip.isDisjoint(with: names) { return false }
        return configuration.only.isEmpty || !configuration.only.isDisjoint(with: names)
    }

    public static func make(_ problem: InputProblem) -> Finding {
        Finding(rule: rule, checklist: checklist, severity: problem.storeRefusesIt ? .error : .warning,
                title: "A file could not be read", message: problem.message, location: problem.location,
                evidence: nil, help: "Fix or remove the file, or exclude it in shipcheck.yml (exclude: [glob]); until then the checks that need it could not look at it.",
                references: [])
    }
}
