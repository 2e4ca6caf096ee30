import Foundation
import Project
import Reports
import Rules
import StoreLocale
import YAML

/// `shipcheck check [PATH]` and `shipcheck metadata [DIR]`: inspect, evaluate, report, exit.
struct CheckCommand {
    let console: Console
    let metadataOnly: Bool

    /// The checklists `metadata` runs.
    static let metadataChecklists: Set<String> = ["metadata", "metadata-locales"]

    static func definition(metadataOnly: Bool) -> CommandDefinition {
        CommandDefinition(
            name: metadataOnly ? "metadata" : "check",
            abstract: metadataOnly
                ? "Run only the store metadata checks on a fastlane deliver/supply folder or a project."
                : "Run every checklist against the project and report what review would reject.",
            discussion: "Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage, configuration or unreadable input.",
            arguments: [ArgumentDefinition(metadataOnly ? "dir" : "path", help: metadataOnly
                ? "A metadata folder (fastlane/metadata, fastlane/metadata/android) or a project root (default: .)."
                : "The project root (default: .).")],
            options: CommonOptions.project + CommonOptions.report
        )
    }

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition(metadataOnly: metadataOnly)) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        // `note` is what every report calls the third severity; `info` is its name in the YAML.
        let failOnGiven = parsed.value("fail-on") ?? "error"
        let failOn = failOnGiven == "note" ? "info" : failOnGiven
        guard ["error", "warning", "info", "never"].contains(failOn) else {
            return console.usage(UsageError(message: "--fail-on takes error, warning, note (info) or never, not '\(failOnGiven)'", command: Self.definition(metadataOnly: metadataOnly).name))
        }
        let color = parsed.value("color") ?? "auto"
        guard ["auto", "always", "never"].contains(color) else {
            return console.usage(UsageError(message: "--color takes auto, always or never, not '\(color)'", command: Self.definition(metadataOnly: metadataOnly).name))
        }
        let outputs: [FormatSpec]
        do { outputs = try OutputRequest.parse(parsed.all("format")) } catch {
            return console.usage(UsageError(message: error.message, command: Self.definition(metadataOnly: metadataOnly).name))
        }
        let template: (path: String, text: String)?
        switch RenderOptions.readTemplate(parsed.value("template")) {
        case .success(let value): template = value
        case .failure(let failure):
            console.error(failure.message)
            return .usage
        }
        let session: ProjectSession
        switch ProjectSession.open(parsed, console: console) {
        case .success(let value): session = value
        case .failure(let code): return code
        }
        var configuration = session.configuration
        if metadataOnly, configuration.only.isEmpty {
            // The metadata checklists, and the files that could not be read (a non-UTF-8 listing file).
            configuration.only = Self.metadataChecklists.union([InputProblemFinding.rule])
        }
        if let message = Self.unknownManifestRuleNames(session) {
            console.error(message)
            return .usage
        }
        if let message = session.unknownRuleNames(in: configuration) {
            return console.usage(UsageError(message: message, command: Self.definition(metadataOnly: metadataOnly).name))
        }
        if let message = Self.nothingSelected(session.engine, configuration) {
            return console.usage(UsageError(message: message, command: Self.definition(metadataOnly: metadataOnly).name))
        }
        var project: ProjectModel
        switch session.inspect(console: console, scope: metadataOnly ? .metadata : .everything) {
        case .success(let value): project = value
        case .failure(let code): return code
        }
        // `metadata fastlane/metadata/en-US` (one locale) or `metadata app-metadata` (per-applicationId trees):
        // the tree is recognised from a folder above, so read it from there and keep what lies in DIR.
        var onlyUnder: String?
        if metadataOnly, project.metadata.isEmpty, let widened = Self.widenedMetadataRoot(session, console: console) {
            project = widened.project
            onlyUnder = widened.subfolder
            console.note("\(parsed.positionals.first ?? "."): read as part of the metadata at \(widened.root) "
                         + "(the folder above it); reporting only the findings inside it")
        }
        if let message = Self.nothingToCheck(project, given: parsed.positionals.first ?? ".", metadataOnly: metadataOnly) {
            console.error(message)
            return .usage
        }
        let today = parsed.value("date") ?? Self.today()
        let context = EvaluationContext(project: project, tables: session.engine.tables, today: today, online: parsed.flag("online"),
                                        environment: ProcessInfo.processInfo.environment)
        let outcome = session.engine.evaluate(context, configuration: configuration)
        let problems = InputProblemFinding.applies(configuration) ? project.problems.map(InputProblemFinding.make) : []
        // Paths from the repository root in every report and baseline (see ReportPaths).
        let paths = ReportPaths(projectRoot: project.root)
        var findings = (outcome.findings + problems).filter { finding in
            onlyUnder.map { finding.location.path == $0 || finding.location.path.hasPrefix($0 + "/") } ?? true
        }.map(paths.rebase)
        let unfiltered = findings

        var hidden = 0
        var fixed = 0
        if let path = parsed.value("baseline") {
            switch BaselineStep.apply(path: path, to: findings) {
            case .success(let applied): (findings, hidden, fixed) = applied
            case .failure(let failure):
                console.error(failure.message)
                return .usage
            }
        }
        let checklists = session.engine.checklists.filter { checklist in outcome.evaluated.contains { $0.checklist == checklist.name } }
        let result = RunResult(toolVersion: ShipcheckCommand.version, root: paths.base, findings: findings,
                               manual: outcome.manual, rules: outcome.evaluated, checklists: checklists,
                               facts: project.facts.all, hiddenByBaseline: hidden, fixedBaselineEntries: fixed)
        if let path = parsed.value("write-baseline") {
            if let message = BaselineStep.write(path: path, findings: unfiltered) {
                console.error(message)
                return .usage
            }
        }
        let writeSummary = parsed.flag("summary") || outputs.contains { $0.format == .github }
        let options = RenderOptions(color: console.useColor(color), quiet: parsed.flag("quiet"), template: template,
                                    failOn: Severity(rawValue: failOn), writeSummary: writeSummary, paths: paths)
        if let code = ReportOutput.emit(result, outputs: outputs, options: options, console: console) { return code }
        return Self.exitCode(for: result.findings, failOn: failOn)
    }

    /// The nearest folder above the session's root (at most two levels) whose metadata trees include or
    /// lie in the root, inspected; nil when there is none.
    static func widenedMetadataRoot(_ session: ProjectSession, console: Console) -> (root: String, subfolder: String, project: ProjectModel)? {
        var folder = session.root
        for _ in 0..<2 {
            let parent = (folder as NSString).deletingLastPathComponent
            guard parent != folder, !parent.isEmpty else { return nil }
            folder = parent
            let subfolder = ReportPaths.relative(from: folder, to: session.root)
            let wider = ProjectSession(root: folder, manifest: session.manifest, engine: session.engine, configuration: session.configuration)
            guard case .success(let project) = wider.inspect(console: console, scope: .metadata) else { return nil }
            let relevant = project.metadata.filter { tree in
                tree.path.isEmpty || tree.path == subfolder || tree.path.hasPrefix(subfolder + "/") || subfolder.hasPrefix(tree.path + "/")
            }
            if !relevant.isEmpty {
                var narrowed = project
                narrowed.metadata = relevant
                return (folder, subfolder, narrowed)
            }
        }
        return nil
    }

    /// A rule id in shipcheck.yml (`rules.skip`, `rules.severity`) that names nothing, with the manifest's
    /// file:line:column and the nearest id, as a checklist error is reported.
    static func unknownManifestRuleNames(_ session: ProjectSession) -> String? {
        guard let manifest = session.manifest else { return nil }
        let known = Set(session.engine.checklists.flatMap { [$0.name] + $0.rules.map(\.id) })
            .union([InputProblemFinding.rule, InputProblemFinding.checklist])
        let named = manifest.skip.map { ("rules.skip", $0) } + manifest.severity.keys.sorted().map { ("rules.severity", $0) }
        for (key, name) in named where !known.contains(name) {
            let written = manifest.locations["\(key).\(name)"] ?? manifest.locations[key] ?? SourceLocation(path: manifest.file)
            // The manifest as seen from where the command ran, so that the location is clickable.
            let absolute = written.path.hasPrefix("/") ? written.path : (session.root as NSString).appendingPathComponent(written.path)
            let shown = ReportPaths.relative(from: FileManager.default.currentDirectoryPath, to: absolute)
            let location = SourceLocation(path: shown.hasPrefix("../../..") ? absolute : shown, line: written.line, column: written.column)
            var message = "\(location): \(key): no rule or checklist is named '\(name)'"
            if let near = Spelling.nearest(to: name, in: Array(known)) { message += "; did you mean '\(near)'?" }
            return message + " (see 'shipcheck rules list')"
        }
        return nil
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

    /// A folder with no app project and no store metadata: exit 2, saying what was looked for, rather
    /// than a green "No problems found" over nothing.
    static func nothingToCheck(_ project: ProjectModel, given: String, metadataOnly: Bool) -> String? {
        let hasMetadata = !project.metadata.isEmpty
        let hasProject = !project.infoPlists.isEmpty || !project.privacyManifests.isEmpty || !project.androidManifests.isEmpty
            || !project.gradleFiles.isEmpty || project.manifest != nil
        if metadataOnly {
            guard !hasMetadata else { return nil }
            return "\(given): no store metadata found: expected a fastlane deliver folder (<locale>/description.txt, name.txt…), "
                + "a supply folder (<locale>/title.txt, full_description.txt…), a fastlane/metadata folder above them, or a project root holding one"
        }
        guard !hasMetadata, !hasProject else { return nil }
        return "\(given): nothing to check: no app project (Info.plist, privacy manifest, AndroidManifest.xml, Gradle build files, "
            + "shipcheck.yml) and no fastlane metadata folder was found; give the project root"
    }

    static func exitCode(for findings: [Finding], failOn: String) -> ExitCode {
        guard let threshold = Severity(rawValue: failOn) else { return .success }
        return findings.contains { $0.severity >= threshold } ? .findings : .success
    }

    /// The local calendar day, `YYYY-MM-DD`.
    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

/// A file shipcheck could not read becomes a finding, so it shows in every report: a warning, or an error
/// when the store's upload tool would refuse the file as well.
enum InputProblemFinding {
    static let rule = "shipcheck.unreadable-input"
    static let checklist = "shipcheck"

    /// `--skip shipcheck.unreadable-input` (or `shipcheck`) silences these; `--only` keeps them only when named.
    static func applies(_ configuration: RuleConfiguration) -> Bool {
        let names: Set<String> = [rule, checklist]
        if !configuration.skip.isDisjoint(with: names) { return false }
        return configuration.only.isEmpty || !configuration.only.isDisjoint(with: names)
    }

    static func make(_ problem: InputProblem) -> Finding {
        Finding(rule: rule, checklist: checklist, severity: problem.storeRefusesIt ? .error : .warning,
                title: "A file could not be read", message: problem.message, location: problem.location,
                evidence: nil, help: "Fix or remove the file, or exclude it in shipcheck.yml (exclude: [glob]); until then the checks that need it could not look at it.",
                references: [])
    }
}
