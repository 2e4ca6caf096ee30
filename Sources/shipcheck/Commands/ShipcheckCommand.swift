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
            ("metadata", "Run only the store metadata checks on a fastlane folder or a project."),
            ("count", "Count a text the way the stores count it."),
            ("locales", "Store locale codes: list, normalize, map, resolve, check."),
            ("rules", "List the loaded checklists and rules, or show one."),
            ("facts", "Show what shipcheck detected about the project, with evidence."),
            ("init", "Write a starter shipcheck.yml."),
        ]
    )

    func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            return CheckCommand(console: console, metadataOnly: false).run([])
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            if let name = rest.first, let definition = Self.subcommandDefinition(name) {
                console.out(HelpText.render(definition))
            } else {
                console.out(HelpText.render(Self.definition))
            }
            return .success
        case "--version":
            console.out("\(Self.version)\n")
            return .success
        case "check": return CheckCommand(console: console, metadataOnly: false).run(rest)
        case "metadata": return CheckCommand(console: console, metadataOnly: true).run(rest)
        case "count": return CountCommand(console: console).run(rest)
        case "locales": return LocalesCommand(console: console).run(rest)
        case "rules": return RulesCommand(console: console).run(rest)
        case "facts": return FactsCommand(console: console).run(rest)
        case "init": return InitCommand(console: console).run(rest)
        default:
            if first.hasPrefix("-") {
                // Options without a subcommand belong to `check`.
                return CheckCommand(console: console, metadataOnly: false).run(arguments)
            }
            var message = "unknown command '\(first)'"
            let names = Self.definition.subcommands.map(\.0)
            if let near = Spelling.nearest(to: first, in: names) { message += "; did you mean '\(near)'?" }
            console.error(message)
            console.err("See 'shipcheck --help'.\n")
            return .usage
        }
    }

    static func subcommandDefinition(_ name: String) -> CommandDefinition? {
        switch name {
        case "check": return CheckCommand.definition(metadataOnly: false)
        case "metadata": return CheckCommand.definition(metadataOnly: true)
        case "count": return CountCommand.definition
        case "locales": return LocalesCommand.definition
        case "rules": return RulesCommand.definition
        case "facts": return FactsCommand.definition
        case "init": return InitCommand.definition
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
