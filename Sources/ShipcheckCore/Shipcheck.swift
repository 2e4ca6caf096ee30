import Foundation
import Online
import Project
import Reports
import Rules

/// The front door: load, inspect, fetch (with `--online`), evaluate, apply the baseline. Never prints;
/// the CLI parses arguments, renders and picks exit codes, and tests and benchmarks call this too.
public enum Shipcheck {
    /// The checklists `shipcheck metadata` runs.
    public static let metadataChecklists: Set<String> = ["metadata", "metadata-locales", "metadata-fdroid", "metadata-screenshots"]

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
        /// Report paths from the repository root (git's top level) rather than from the project root, so
        /// that annotations land on the right files when a subfolder is checked. The CLI turns it on.
        public var pathsFromRepositoryRoot: Bool
        /// Built archives to read with the project (`--archive`): .ipa, .xcarchive, .app, .aab, .apk.
        public var archives: [String] = []
        /// Only the archives, no source tree (`shipcheck archive FILE`).
        public var archiveOnly = false
        /// The folder a relative `path` and `--config` are read from, and messages and the text report show
        /// paths from (the process's current folder unless a host says otherwise).
        public var workingDirectory: String = FileManager.default.currentDirectoryPath
        /// A folder manifest discovery never looks above (the MCP server's ROOT); nil: the repository's top.
        public var discoveryCeiling: String?
        /// The inputs read (`InspectorRegistry.builtin`; a host or a test may add its own).
        public var inspectors: [any Inspector] = InspectorRegistry.builtin
        /// The store consoles (`--console`, `--console-snapshot`, `--console-strict`): see ConsoleStep.
        public var console = ConsoleOptions()
        /// Records the facts each check function reads (`FactReadRecorder`, for the tests that hold them to the
        /// functions' declarations); nil in a normal run.
        public var factReads: FactReadRecorder?

        public init(path: String, configPath: String? = nil, rulesDirectories: [String] = [], checklists: [Checklist]? = nil,
                    only: Set<String> = [],
                    skip: Set<String> = [], metadataOnly: Bool = false, today: String, online: Bool = false,
                    fetcher: any PageFetcher = SystemPageFetcher(), baselinePath: String? = nil,
                    environment: [String: String] = [:], toolVersion: String = "dev", pathsFromRepositoryRoot: Bool = false) {
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
            self.pathsFromRepositoryRoot = pathsFromRepositoryRoot
        }
    }

    /// What a run produced: the result every report renders, the model it was drawn from, and every
    /// finding left after suppressions, before the baseline hid any (what `--write-baseline` records).
    public struct Run: Sendable {
        public let result: RunResult
        public let project: ProjectModel
        public let unfilteredFindings: [Finding]
        /// Where report paths start (the repository root); the renderers use it too.
        public let paths: ReportPaths
        /// Things the user should know about how the run read the project (printed as notes).
        public let notes: [String]
    }

    public static func run(_ options: Options) throws(SessionError) -> Run {
        let session = try Session.open(path: options.path, configPath: options.configPath,
                                       rulesDirectories: options.rulesDirectories, checklists: options.checklists,
                                       only: options.only, skip: options.skip, inspectors: options.inspectors,
                                       workingDirectory: options.workingDirectory, walkAhead: !options.archiveOnly,
                                       aheadScope: options.metadataOnly ? .metadata : .everything,
                                       discoveryCeiling: options.discoveryCeiling)
        var configuration = session.configuration
        if options.metadataOnly, configuration.only.isEmpty {
            // The metadata checklists, and shipcheck's own findings: the files that could not be read (a non-UTF-8
            // listing file) and suppressions that name no rule.
            configuration.only = metadataChecklists.union([ShipcheckRules.checklist])
        }
        if let diagnostic = session.unknownManifestRuleNames() { throw SessionError(diagnostic) }
        if let diagnostic = session.unknownRuleNames(in: configuration) { throw SessionError(diagnostic) }
        if let message = nothingSelected(session.engine, configuration) { throw SessionError(.nothingSelected, message) }
        var project = options.archiveOnly ? ProjectModel(root: session.root)
            : try session.inspect(scope: options.metadataOnly ? .metadata : .everything)
        try ArchiveStep.read(ArchiveStep.paths(options, manifest: session.manifest), into: &project, binarySymbols: session.archiveTables())
        var notes: [String] = []
        notes += try ConsoleStep.read(options.console, into: &project, workingDirectory: session.workingDirectory)
        // `metadata fastlane/metadata/en-US` (one locale) or `metadata app-metadata` (per-applicationId trees):
        // the tree is recognised from a folder above, so read it from there and keep what lies in the folder.
        // `metadata fastlane/metadata/android`: read with the project around it, so that who uploads the folder
        // (the Fastfile, the version code) is known and the findings grade as `check` grades them.
        var onlyUnder: String?
        if options.metadataOnly, !looksLikeProjectRoot(session.root, inspectors: session.inspectors), let widened = try widenedMetadataRoot(session) {
            project = widened.project
            onlyUnder = widened.subfolder
            notes.append(widened.isProject
                ? "\(options.path): read with the project at \(widened.root); reporting only the findings inside it"
                : "\(options.path): read as part of the metadata at \(widened.root) (the folder above it); reporting only the findings inside it")
        }
        if project.archives.isEmpty, let message = nothingToCheck(project, given: options.path, metadataOnly: options.metadataOnly, inspectors: session.inspectors) { throw SessionError(.nothingToCheck, message) }
        // Where the Android module graph was widened rather than followed (AndroidFacts): said, never silent.
        for gap in project.coverage where gap.input == .androidModuleGraph {
            notes.append("Android app module \(gap.subjects.joined(separator: ", ")): \(gap.detail ?? "dependency graph not resolved")")
        }
        if options.online {
            // Before any page: a missing libcurl is one clear message, not a failure per URL.
            if let reason = options.fetcher.prepare() { throw SessionError(.onlineUnavailable, reason) }
            project.webPages = OnlineStep.fetch(OnlineStep.urls(in: project), with: options.fetcher)
        }
        let context = EvaluationContext(project: project, tables: session.engine.tables, today: options.today,
                                        online: options.online, environment: options.environment, factReads: options.factReads)
        let outcome = session.engine.evaluate(context, configuration: configuration)
        // A console item left manual says why the console did not answer it.
        let manual = ConsoleStep.annotated(outcome.manual, project: project, engine: session.engine)
        // Paths from the repository root in every report and baseline (see ReportPaths).
        var paths = options.pathsFromRepositoryRoot ? ReportPaths(projectRoot: project.root, currentDirectory: session.workingDirectory)
            : ReportPaths(unchanged: project.root, currentDirectory: session.workingDirectory)
        let pipeline = FindingPipeline(session: session, configuration: configuration, project: project,
                                       evaluated: Dictionary(outcome.evaluated.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                                       paths: paths, onlyUnder: onlyUnder, baselinePath: options.baselinePath)
        let state = try pipeline.run(outcome.findings)
        paths.fileForFolder = state.fileForFolder
        let (findings, hidden, fixed, unfiltered) = (state.findings, state.hiddenByBaseline, state.fixedBaselineEntries, state.unfiltered)
        let checklists = session.engine.checklists.filter { checklist in outcome.evaluated.contains { $0.checklist == checklist.name } }
        var result = RunResult(toolVersion: options.toolVersion, root: paths.base, findings: findings,
                               manual: manual, rules: outcome.evaluated, checklists: checklists,
                               facts: project.facts.all, hiddenByBaseline: hidden, fixedBaselineEntries: fixed,
                               suppressed: state.suppressed.count)
        if project.archives.isEmpty { result.notRunWithoutArchive = session.engine.rules(reading: .builtArchives, among: outcome.evaluated) }
        result.coverage = project.coverage
        result.suppressedFindings = state.silenced
        result.configPath = session.manifestPath.map { ReportPaths.contains(paths.base, $0) ? ReportPaths.relative(from: paths.base, to: $0) : $0 }
        return Run(result: result, project: project, unfilteredFindings: unfiltered, paths: paths, notes: notes)
    }

    /// The folder above the session's root that its metadata is read from, inspected, with the trees that
    /// include or lie in the root; nil when there is none. First the nearest project root above it (the
    /// repository's top at the farthest), so that who uploads each tree is read from the project as `check`
    /// reads it; else, for a folder without metadata of its own (a locale folder, a per-applicationId
    /// folder), its parent or grandparent. Never past the repository's top (the folder holding `.git`),
    /// and outside a repository never past the folder given: `metadata /tmp/empty` reads only that folder.
    static func widenedMetadataRoot(_ session: Session) throws(SessionError) -> (root: String, subfolder: String, project: ProjectModel, isProject: Bool)? {
        guard let top = ReportPaths.repositoryTop(from: session.root), top != session.root else { return nil }
        let above = folders(above: session.root, upTo: top)
        if let projectRoot = above.first(where: { looksLikeProjectRoot($0, inspectors: session.inspectors) }),
           let read = try read(session, from: projectRoot, keepingTreesOf: session.root) {
            return (projectRoot, read.subfolder, read.project, true)
        }
        for folder in above.prefix(2) {
            if let read = try read(session, from: folder, keepingTreesOf: session.root) { return (folder, read.subfolder, read.project, false) }
        }
        return nil
    }

    /// The folders above `folder`, nearest first, up to and including `top` (which holds `folder`).
    static func folders(above folder: String, upTo top: String) -> [String] {
        var result: [String] = []
        var current = folder
        while current != top {
            let parent = (current as NSString).deletingLastPathComponent
            guard parent != current, !parent.isEmpty, ReportPaths.contains(top, parent) else { break }
            result.append(parent)
            current = parent
        }
        return result
    }

    /// `folder` inspected for metadata, keeping the trees that include or lie in `root`; nil when none does.
    static func read(_ session: Session, from folder: String, keepingTreesOf root: String) throws(SessionError) -> (subfolder: String, project: ProjectModel)? {
        let subfolder = ReportPaths.relative(from: folder, to: root)
        var project = try session.moved(to: folder).inspect(scope: .metadata)
        let relevant = project.metadata.filter { tree in
            tree.path.isEmpty || tree.path == subfolder || tree.path.hasPrefix(subfolder + "/") || subfolder.hasPrefix(tree.path + "/")
        }
        guard !relevant.isEmpty else { return nil }
        project.metadata = relevant
        return (subfolder, project)
    }

    /// A project root is never read as part of a folder above it: widening is for a locale folder or a
    /// per-applicationId folder given on its own (a project root without metadata would otherwise walk its
    /// parent, e.g. every repository beside it). The inspectors say what marks a root of their kind.
    static func looksLikeProjectRoot(_ folder: String, inspectors: [any Inspector] = InspectorRegistry.builtin) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return InspectorRegistry.marksProjectRoot(names, inspectors: inspectors)
    }

    /// `--only X --skip X` and the like: no rule or manual item is left to run.
    static func nothingSelected(_ engine: Engine, _ configuration: RuleConfiguration) -> String? {
        let selected = engine.checklists.flatMap(\.rules).contains { configuration.apply(to: $0) != nil }
        guard !selected else { return nil }
        var given: [String] = []
        if !configuration.only.isEmpty { given.append("--only \(configuration.only.sorted().joined(separator: ","))") }
        if !configuration.skip.isEmpty { given.append("--skip \(configuration.skip.sorted().joined(separator: ","))") }
        return "no rule is left to run (\(given.joined(separator: " with "))); nothing would be checked"
    }

    /// A folder with no app project and no store metadata: an error saying what was looked for, rather
    /// than a green "No problems found" over nothing.
    static func nothingToCheck(_ project: ProjectModel, given: String, metadataOnly: Bool,
                               inspectors: [any Inspector] = InspectorRegistry.builtin) -> String? {
        let found = inspectors.compactMap { $0.found(in: project) }
        let hasMetadata = found.contains { if case .metadata = $0 { return true } else { return false } }
        let hasProject = found.contains { if case .project = $0 { return true } else { return false } } || project.manifest != nil
        if metadataOnly {
            guard !hasMetadata else { return nil }
            return "\(given): no store metadata found: expected a fastlane deliver folder (<locale>/description.txt, name.txt…), "
                + "a supply folder (<locale>/title.txt, full_description.txt…), a fastlane/metadata folder above them, or a project root holding one"
        }
        guard !hasMetadata, !hasProject else { return nil }
        // Project files were there but none could be read: say which and why, not "nothing was found".
        if !project.problems.isEmpty {
            let shown = project.problems.prefix(maxNamedProblems).map { "\($0.location): \($0.message)" }
            let more = project.problems.count > maxNamedProblems ? "; and \(project.problems.count - maxNamedProblems) more" : ""
            return "\(given): nothing could be checked: no project file could be read (\(shown.joined(separator: "; "))\(more))"
        }
        let lookedFor = (inspectors.compactMap(\.lookedFor) + ["shipcheck.yml"]).joined(separator: ", ")
        return "\(given): nothing to check: no app project (\(lookedFor)) and no fastlane metadata folder was found; give the project root"
    }

    /// The largest baseline read (one entry is ~200 bytes).
    static let maxBaselineBytes = 64 << 20

    /// How many unreadable files the "nothing could be checked" message names.
    static let maxNamedProblems = 5
}
