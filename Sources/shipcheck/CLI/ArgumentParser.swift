import YAML

/// An option a command accepts. `takesValue` options may repeat when `repeatable`.
struct OptionDefinition: Sendable {
    let long: String
    let short: Character?
    let valueName: String?
    let help: String
    let repeatable: Bool
    /// Left out of --help (test and debugging switches).
    let hidden: Bool
    /// Other long names for the same option (`--reporter` for `--format`, as SwiftLint spells it).
    let aliases: [String]

    init(_ long: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false, hidden: Bool = false,
         aliases: [String] = [], help: String) {
        self.long = long
        self.short = short
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
        self.hidden = hidden
        self.aliases = aliases
    }

    /// `--format`, then `--reporter`: every name the option answers to.
    var longNames: [String] { (["--" + long] + aliases.map { "--" + $0 }) }

    var takesValue: Bool { valueName != nil }
}

struct ArgumentDefinition: Sendable {
    let name: String
    let help: String
    let optional: Bool
    let variadic: Bool

    init(_ name: String, optional: Bool = true, variadic: Bool = false, help: String) {
        self.name = name
        self.help = help
        self.optional = optional
        self.variadic = variadic
    }
}

/// What a command accepts, for parsing and for its help text.
struct CommandDefinition: Sendable {
    let name: String
    let abstract: String
    let discussion: String?
    let arguments: [ArgumentDefinition]
    let options: [OptionDefinition]
    let subcommands: [(String, String)]

    init(name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentDefinition] = [],
         options: [OptionDefinition], subcommands: [(String, String)] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }
}

/// A command line that could not be understood: exit code 2, with a hint.
struct UsageError: Error, Sendable {
    let message: String
    let command: String?
}

/// The parsed options and positional arguments of one command.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Repeated and comma-separated values, flattened: `--skip a,b --skip c`.
    func list(_ name: String) -> [String] {
        all(name).flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

enum ArgumentParser {
    /// Parses `arguments` (after the command name) against `definition`. `--` ends options.
    static func parse(_ arguments: [String], for definition: CommandDefinition) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        let longNames = definition.options.flatMap(\.longNames)
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            let option: OptionDefinition?
            if name.hasPrefix("--") {
                option = definition.options.first { $0.longNames.contains(name) }
            } else if name.count == 2, let c = name.last {
                option = definition.options.first { $0.short == c }
            } else {
                option = nil
            }
            guard let option else {
                var message = "unknown option '\(name)'"
                if let near = Spelling.nearest(to: name, in: longNames) { message += "; did you mean '\(near)'?" }
                throw UsageError(message: message, command: definition.name)
            }
            if option.takesValue {
                let value: String
                if let inlineValue { value = inlineValue } else {
                    guard index < arguments.count else {
                        throw UsageError(message: "option '--\(option.long)' needs a value (\(option.valueName ?? "value"))", command: definition.name)
                    }
                    value = arguments[index]
                    index += 1
                }
                if !option.repeatable, parsed.values[option.long] != nil {
                    throw UsageError(message: "option '--\(option.long)' was given more than once", command: definition.name)
                }
                parsed.values[option.long, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "option '--\(option.long)' takes no value", command: definition.name)
                }
                parsed.flags.insert(option.long)
            }
        }
        let maxPositionals = definition.arguments.contains { $0.variadic } ? Int.max : definition.arguments.count
        if parsed.positionals.count > maxPositionals {
            let extra = parsed.positionals[definition.arguments.count]
            throw UsageError(message: "unexpected argument '\(extra)'", command: definition.name)
        }
        let required = definition.arguments.filter { !$0.optional }.count
        if parsed.positionals.count < required {
            let missing = definition.arguments[parsed.positionals.count]
            throw UsageError(message: "missing argument <\(missing.name)>", command: definition.name)
        }
        return parsed
    }
}

import Foundation
