import Foundation
import Project
import Reports
import Rules
import ShipcheckCore
import YAML

/// `shipcheck check [PATH]`, `shipcheck metadata [DIR]` and `shipcheck archive FILE`: inspect, evaluate, report, exit.
struct CheckCommand {
    let console: Console
    let metadataOnly: Bool
    var archiveOnly = false
    /// `lint`: SwiftLint's name for the same command, named so in its help and errors.
    var name: String? = nil

    static let archiveOption = OptionDefinition("archive", value: "file", repeatable: true,
                                                help: "A built archive to check with the sources: .ipa, .xcarchive, .app, .aab or .apk; may repeat.")

    /// `shipcheck archive FILE…`: the built archives alone, no source tree.
    static let archiveDefinition = CommandDefinition(
        name: "archive",
        abstract: "Check built archives alone (.ipa, .xcarchive, .app, .aab, .apk), without a source tree.",
        discussion: "Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage, configuration or unreadable archive.",
        arguments: [ArgumentDefinition("file", optional: false, variadic: true, help: "The archive; give several for an .ipa and an .aab in one run.")],
        options: CommonOptions.project + CommonOptions.report
    )

    // The console tier (docs/console.md): kept together so that other options merge beside them.
    static let consoleOptions: [OptionDefinition] = [
        OptionDefinition("console", help: "Also read App Store Connect and Google Play Console through their APIs (credentials from the environment only; docs/console.md). Best effort: what cannot be read stays manual, with why."),
        OptionDefinition("console-store", value: "store", repeatable: true, help: "With --console (implied): read only this console, appstore or play; may repeat."),
        OptionDefinition("console-snapshot", value: "file", help: "Judge the console items against a snapshot written by 'shipcheck console fetch' (no network)."),
        OptionDefinition("console-bundle-id", value: "id", help: "With --console: the App Store app's bundle id, when neither an --archive nor the project's Info.plist gives it."),
        OptionDefinition("console-strict", help: "Exit 2 when a console asked for could not be read (default: its items stay manual and the exit code does not change)."),
    ]

    var definition: CommandDefinition { archiveOnly ? Self.archiveDefinition : Self.definition(metadataOnly: metadataOnly, name: name) }

    static func definition(metadataOnly: Bool, name: String? = nil) -> CommandDefinition {
        CommandDefinition(
            name: name ?? (metadataOnly ? "metadata" : "check"),
            abstract: metadataOnly
                ? "Run only the store metadata checks on a fastlane deliver/supply folder or a project."
                : "Run every checklist against the project and report what review would reject.",
            discussion: CommonOptions.formatList + "\n\n"
                + "EXIT CODES: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage, configuration or unreadable input.\n"
                + "(SwiftLint's differ: 0 clean, 1 usage or system error, 2 errors found, 3 warnings with --strict.)",
            arguments: [ArgumentDefinition(metadataOnly ? "dir" : "path", help: metadataOnly
                ? "A metadata folder (fastlane/metadata, fastlane/metadata/android) or a project root (default: .)."
                : "The project root (default: .).")],
            options: CommonOptions.project + (metadataOnly ? [] : [archiveOption]) + (metadataOnly ? [] : consoleOptions) + CommonOptions.report
        )
    }

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        // `note` is what every report calls the third severity; `info` is its name in the YAML.
        if parsed.flag("strict"), let given = parsed.value("fail-on"), given != "warning" {
            return console.usage(UsageError(message: "--strict means --fail-on warning, but --fail-on \(given) was given too; keep one", command: definition.name))
        }
        let failOnGiven = parsed.value("fail-on") ?? (parsed.flag("strict") ? "warning" : "error")
        let failOn = failOnGiven == "note" ? "info" : failOnGiven
        guard ["error", "warning", "info", "never"].contains(failOn) else {
            return console.usage(UsageError(message: "--fail-on takes error, warning, note (info) or never, not '\(failOnGiven)'", command: definition.name))
        }
        let color = parsed.value("color") ?? "auto"
        guard ["auto", "always", "never"].contains(color) else {
            return console.usage(UsageError(message: "--color takes auto, always or never, not '\(color)'", command: definition.name))
        }
        let outputs: [FormatSpec]
        do { outputs = try OutputRequest.parse(parsed.all("format")) } catch {
            return console.usage(UsageError(message: error.message, command: definition.name))
        }
        let template: (path: String, text: String)?
        switch RenderOptions.readTemplate(parsed.value("template"), root: parsed.positionals.first ?? ".") {
        case .success(let value): template = value
        case .failure(let failure):
            console.error(failure.message)
            return .usage
        }
        if archiveOnly, parsed.positionals.isEmpty {
            return console.usage(UsageError(message: "give the archive to check: shipcheck archive FILE (an .ipa, .xcarchive, .app, .aab or .apk)", command: definition.name))
        }
        let run: Shipcheck.Run
        do {
            var options = Shipcheck.Options(
                path: archiveOnly ? "." : parsed.positionals.first ?? ".", configPath: parsed.value("config"),
                rulesDirectories: parsed.all("rules"), only: Set(parsed.list("only")), skip: Set(parsed.list("skip")),
                metadataOnly: metadataOnly, today: parsed.value("date") ?? Self.today(), online: parsed.flag("online"),
                baselinePath: parsed.value("baseline"), environment: ProcessInfo.processInfo.environment,
                toolVersion: ShipcheckCommand.version, pathsFromRepositoryRoot: true)
            options.archives = archiveOnly ? parsed.positionals : parsed.all("archive")
            options.archiveOnly = archiveOnly
            switch ConsoleArguments.options(parsed, environment: ProcessInfo.processInfo.environment) {
            case .success(let console): options.console = console
            case .failure(let error): return console.usage(UsageError(message: error.message, command: definition.name))
            }
            options.discoveryCeiling = console.confinedRoot
            run = try Shipcheck.run(options)
        } catch {
            for message in error.messages { console.error(message) }
            return .usage
        }
        defer { ReleaseOffMainThread.release(run) }
        for note in run.notes { console.note(note) }
        let result = run.result
        let paths = run.paths
        if let path = parsed.value("write-baseline") {
            if let message = BaselineStep.write(path: path, findings: run.unfilteredFindings, root: run.paths.base) {
                console.error(message)
                return .usage
            }
            console.note("wrote \(run.unfilteredFindings.count) finding(s) to the baseline \(path); pass --baseline \(path) to report only new ones")
        }
        let writeSummary = parsed.flag("summary") || outputs.contains { $0.format == .github }
        var options = RenderOptions(color: console.useColor(color), quiet: parsed.flag("quiet"), template: template,
                                    failOn: Severity(rawValue: failOn), writeSummary: writeSummary, paths: paths)
        options.manual = parsed.flag("manual")
        if outputs.contains(where: { $0.format == .html }) {
            options.storeListings = StoreListings.make(run.project.metadata, checklists: result.checklists, paths: paths)
        }
        if let code = ReportOutput.emit(result, outputs: outputs, options: options, console: console) { return code }
        // The configuration read, named once on stderr (as SwiftLint does) when the terminal shows the text report;
        // after it, so that a report that cannot be written still ends with one line.
        if let config = result.configPath, !parsed.flag("quiet"), outputs.contains(where: { $0.path == nil && $0.format == .text }) {
            console.note("configuration: \(config.hasPrefix("/") ? config : paths.forDisplay(config))")
        }
        // Writing a baseline is the adoption step: it succeeds once the file is written, whatever it records.
        if parsed.value("write-baseline") != nil { return .success }
        if let code = ConsoleArguments.strictExit(parsed, project: run.project, console: console) { return code }
        return Self.exitCode(for: result.findings, failOn: failOn)
    }

    static func exitCode(for findings: [Finding], failOn: String) -> ExitCode {
        guard let threshold = Severity(rawValue: failOn) else { return .success }
        return findings.contains { $0.severity >= threshold } ? .findings : .success
    }

    /// The local calendar day, `YYYY-MM-DD`.
    /// From the C library's local time: a `DateFormatter` (and its ICU locale data) cost more than any
    /// small project's inspection, on every run.
    static func today() -> String {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return "1970-01-01" }
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(local.tm_year + 1900, 4))-\(padded(local.tm_mon + 1, 2))-\(padded(local.tm_mday, 2))"
    }
}
