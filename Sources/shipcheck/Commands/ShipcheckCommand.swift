import Foundation
import YAML

/// The root command: dispatches to subcommands, prints help, version and usage errors.
struct ShipcheckCommand {
    static let version = "0.1.0"
    let console: Console

    static let definition = CommandDefinition(
        name: "",
        abstract: "Checks an iOS/Android app project and its store metadata before you submit a release.",
        options: [OptionDefinition("version", help: "Show the version.")],
        subcommands: [
            ("check", "Run every checklist against the project (default)."),
            ("lint", "The same as check (SwiftLint's name for it)."),
            ("metadata", "Run only the store metadata checks on a fastlane folder or a project."),
            ("archive", "Check built archives alone (.ipa, .xcarchive, .app, .aab, .apk)."),
            ("count", "Count a text the way the stores count it."),
            ("locales", "Store locale codes: list, normalize, map, resolve, check."),
            ("rules", "List the loaded checklists and rules, or show one."),
            ("facts", "Show what shipcheck detected about the project, with evidence."),
            ("init", "Write a starter shipcheck.yml."),
            ("completions", "Print a shell completion script: bash, zsh or fish."),
            ("mcp", "Serve the checks to coding agents (Model Context Protocol over stdio)."),
            ("fix", "Show or make the mechanical fixes (locale folder names, keyword spacing and repeats)."),
            ("version", "Show the version (the same as --version)."),
            ("console", "Read App Store Connect and Google Play Console: doctor, fetch (docs/console.md)."),
        ]
    )

    func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            return CheckCommand(console: console, metadataOnly: false).run([])
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            guard let name = rest.first else {
                console.out(HelpText.render(Self.definition))
                return .success
            }
            guard let definition = Self.subcommandDefinition(name) else {
                return unknownCommand(name)
            }
            // `help locales resolve`, `help rules show`: the subcommand's own help handles the rest.
            console.out(HelpText.render(definition))
            return .success
        case "--version":
            console.out("\(Self.version)\n")
            return .success
        case "check": return CheckCommand(console: console, metadataOnly: false).run(rest)
        case "lint": return CheckCommand(console: console, metadataOnly: false, name: "lint").run(rest)
        case "version": return VersionCommand(console: console).run(rest)
        case "fix": return FixCommand(console: console).run(rest)
        case "metadata": return CheckCommand(console: console, metadataOnly: true).run(rest)
        case "archive": return CheckCommand(console: console, metadataOnly: false, archiveOnly: true).run(rest)
        case "count": return CountCommand(console: console).run(rest)
        case "locales": return LocalesCommand(console: console).run(rest)
        case "rules": return RulesCommand(console: console).run(rest)
        case "facts": return FactsCommand(console: console).run(rest)
        case "init": return InitCommand(console: console).run(rest)
        case "completions": return CompletionsCommand(console: console).run(rest)
        case "mcp": return MCPCommand(console: console).run(rest)
        case "console": return ConsoleCommand(console: console).run(rest)
        default:
            if first.hasPrefix("--"), Self.isRootOnlyMisspelling(first) {
                return console.usage(UsageError(message: "unknown option '\(first)'; did you mean '--version'?", command: ""))
            }
            if first.hasPrefix("-") {
                // Options without a subcommand belong to `check`.
                return CheckCommand(console: console, metadataOnly: false).run(arguments)
            }
            return unknownCommand(first)
        }
    }

    /// `--versoin`: close to the root's `--version` and to none of check's options.
    static func isRootOnlyMisspelling(_ option: String) -> Bool {
        let name = String(option.split(separator: "=").first ?? "")
        let checkOptions = CheckCommand.definition(metadataOnly: false).options.map { "--" + $0.long } + ["--help"]
        guard !checkOptions.contains(name) else { return false }
        return Spelling.nearest(to: name, in: ["--version"]) != nil && Spelling.nearest(to: name, in: checkOptions) == nil
    }

    func unknownCommand(_ name: String) -> ExitCode {
        var message = "unknown command '\(name)'"
        let names = Self.definition.subcommands.map(\.0)
        if let near = Spelling.nearest(to: name, in: names) { message += "; did you mean '\(near)'?" }
        console.error(message)
        console.err("See 'shipcheck --help'.\n")
        return .usage
    }

    static func subcommandDefinition(_ name: String) -> CommandDefinition? {
        switch name {
        case "check": return CheckCommand.definition(metadataOnly: false)
        case "lint": return CheckCommand.definition(metadataOnly: false, name: "lint")
        case "version": return VersionCommand.definition
        case "fix": return FixCommand.definition
        case "metadata": return CheckCommand.definition(metadataOnly: true)
        case "archive": return CheckCommand.archiveDefinition
        case "count": return CountCommand.definition
        case "locales": return LocalesCommand.definition
        case "rules": return RulesCommand.definition
        case "facts": return FactsCommand.definition
        case "init": return InitCommand.definition
        case "completions": return CompletionsCommand.definition
        case "mcp": return MCPCommand.definition
        case "console": return ConsoleCommand.definition
        default: return nil
        }
    }
}

extension Console {
    /// Prints a usage error with the command's help pointer; returns exit code 2.
    func usage(_ error: UsageError) -> ExitCode {
        self.error(error.message)
        let command = error.command.map { $0.isEmpty ? "shipcheck" : "shipcheck \($0)" } ?? "shipcheck"
        err("See '\(command) --help'.\n")
        return .usage
    }

    /// Parses the arguments of a command that prints text or JSON (`--format text|json`): the parsed
    /// arguments and whether JSON was asked for, or the exit code after help or a usage error.
    func parseTextOrJSON(_ arguments: [String], _ definition: CommandDefinition) -> Result<(ParsedArguments, json: Bool), ExitCode> {
        parse(arguments, definition).flatMap { parsed in
            let format = parsed.value("format") ?? "text"
            guard ["text", "json"].contains(format) else {
                return .failure(usage(UsageError(message: "\(definition.name) --format takes text or json, not '\(format)'", command: definition.name)))
            }
            return .success((parsed, json: format == "json"))
        }
    }

    /// Parses arguments, printing help for -h/--help (returns nil then, with `.success`).
    func parse(_ arguments: [String], _ definition: CommandDefinition) -> Result<ParsedArguments, ExitCode> {
        if arguments.contains("-h") || arguments.contains("--help") {
            out(HelpText.render(definition))
            return .failure(.success)
        }
        do {
            return .success(try ArgumentParser.parse(arguments, for: definition))
        } catch {
            return .failure(usage(error))
        }
    }
}
