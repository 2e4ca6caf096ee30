import Foundation
import Project
import Reports
import Rules
import StoreLocale

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
        let failOn = parsed.value("fail-on") ?? "error"
        guard ["error", "warning", "info", "never"].contains(failOn) else {
            return console.usage(UsageError(message: "--fail-on takes error, warning, info or never, not '\(failOn)'", command: Self.definition(metadataOnly: metadataOnly).name))
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
        if let message = session.unknownRuleNames(in: configuration) {
            return console.usage(UsageError(message: message, command: Self.definition(metadataOnly: metadataOnly).name))
        }
        if let message = Self.nothingSelected(session.engine, configuration) {
            return console.usage(UsageError(message: message, command: Self.definition(metadataOnly: metadataOnly).name))
        }
        let project: ProjectModel
        switch session.inspect(console: console, scope: metadataOnly ? .metadata : .everything) {
        case .success(let value): project = value
        case .failure(let code): return code
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
        var findings = (outcome.findings + problems).map(paths.rebase)
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
