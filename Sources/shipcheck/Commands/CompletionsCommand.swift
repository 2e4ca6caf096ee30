import Reports
import Rules
import ShipcheckCore

/// `shipcheck completions bash|zsh|fish`: a completion script built from the commands' definitions, so
/// it never lists an option that does not exist. After an option that takes a value it offers that
/// option's values (formats, levels, rule ids and checklist names, stores) or files, never more options.
struct CompletionsCommand {
    let console: Console

    static let shells = ["bash", "zsh", "fish"]

    static let definition = CommandDefinition(
        name: "completions",
        abstract: "Print a shell completion script.",
        discussion: """
        EXAMPLES:
          shipcheck completions bash > /etc/bash_completion.d/shipcheck
          shipcheck completions zsh > "${fpath[1]}/_shipcheck"
          shipcheck completions fish > ~/.config/fish/completions/shipcheck.fish
        """,
        arguments: [ArgumentDefinition("shell", optional: false, help: "bash, zsh or fish.")],
        options: []
    )

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        let shell = parsed.positionals[0]
        let commands = Self.commands()
        let values = Self.values(ruleIDs: Self.builtinRuleIDs())
        switch shell {
        case "bash": console.out(Self.bash(commands, values: values))
        case "zsh": console.out(Self.zsh(commands, values: values))
        case "fish": console.out(Self.fish(commands, values: values))
        default:
            return console.usage(UsageError(message: "completions takes bash, zsh or fish, not '\(shell)'", command: "completions"))
        }
        return .success
    }

    struct Entry {
        let name: String
        let abstract: String
        let options: [String]
        let actions: [String]
    }

    /// The built-in checklists' names and rule ids, sorted (what --only, --skip and `rules show` take).
    static func builtinRuleIDs() -> [String] {
        let checklists = (try? ChecklistCatalog.load(rulesDirectories: [])) ?? []
        return (checklists.map(\.name) + checklists.flatMap(\.rules).map(\.id)).sorted()
    }

    /// What each value-taking option accepts, by option name (nil: a file or folder).
    struct Values {
        let byOption: [(options: [String], words: [String])]
        let fileOptions: [String]
        let ruleIDs: [String]
    }

    static func values(ruleIDs: [String]) -> Values {
        let known: [(options: [String], words: [String])] = [
            (["--format", "--reporter"], CommonOptions.formats + OutputFormat.aliases.map(\.name)),
            (["--fail-on"], ["error", "warning", "note", "never"]),
            (["--color"], ["auto", "always", "never"]),
            (["--only", "--skip"], ruleIDs),
            (["--store", "--from", "--to"], ["appstore", "play"]),
        ]
        let named = Set(known.flatMap(\.options))
        var files = Set<String>()
        for (name, _) in ShipcheckCommand.definition.subcommands {
            for option in ShipcheckCommand.subcommandDefinition(name)?.options ?? [] where option.takesValue {
                files.formUnion(option.longNames.filter { !named.contains($0) })
            }
        }
        return Values(byOption: known, fileOptions: files.sorted(), ruleIDs: ruleIDs)
    }

    static func commands() -> [Entry] {
        ShipcheckCommand.definition.subcommands.compactMap { name, abstract in
            guard let definition = ShipcheckCommand.subcommandDefinition(name) else { return nil }
            let options = definition.options.filter { !$0.hidden }.flatMap(\.longNames) + ["--help"]
            var actions = definition.subcommands.map(\.0)
            if name == "completions" { actions = shells }
            return Entry(name: name, abstract: abstract, options: options, actions: actions)
        }
    }

    static func bash(_ commands: [Entry], values: Values) -> String {
        var cases = ""
        for command in commands {
            let words = (command.actions + command.options).joined(separator: " ")
            cases += "        \(command.name)) words=\"\(words)\" ;;\n"
        }
        var valueCases = ""
        for (options, words) in values.byOption {
            valueCases += "        \(options.joined(separator: "|"))) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        if !values.fileOptions.isEmpty {
            valueCases += "        \(values.fileOptions.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
        }
        return """
        # bash completion for shipcheck (shipcheck completions bash)
        _shipcheck() {
            local cur=${COMP_WORDS[COMP_CWORD]}
            local prev=${COMP_WORDS[COMP_CWORD-1]}
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                return
            fi
            # After an option that takes a value: its values, or files; never more options.
            case "$prev" in
        \(valueCases)    esac
            if [ "${COMP_WORDS[1]}" = rules ] && [ "${COMP_WORDS[2]}" = show ] && [ "$COMP_CWORD" -eq 3 ]; then
                COMPREPLY=($(compgen -W "\(values.ruleIDs.joined(separator: " "))" -- "$cur"))
                return
            fi
            local words=""
            case "${COMP_WORDS[1]}" in
        \(cases)    esac
            if [[ "$cur" == -* || -n "$words" ]]; then
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            fi
            if [ ${#COMPREPLY[@]} -eq 0 ]; then
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
        }
        complete -o default -F _shipcheck shipcheck

        """
    }

    static func zsh(_ commands: [Entry], values: Values) -> String {
        var valueCases = ""
        for (options, words) in values.byOption {
            valueCases += "        \(options.joined(separator: "|"))) compadd -- \(words.joined(separator: " ")); return ;;\n"
        }
        if !values.fileOptions.isEmpty { valueCases += "        \(values.fileOptions.joined(separator: "|"))) _files; return ;;\n" }
        var described = ""
        for command in commands { described += "        '\(command.name):\(quoteZsh(command.abstract))'\n" }
        var cases = ""
        for command in commands {
            let words = (command.actions + command.options).joined(separator: " ")
            cases += "        \(command.name)) _values '\(command.name)' \(words.split(separator: " ").map { "'\($0)'" }.joined(separator: " ")); _files ;;\n"
        }
        return """
        #compdef shipcheck
        # zsh completion for shipcheck (shipcheck completions zsh)
        _shipcheck() {
            local -a commands
            commands=(
        \(described)    )
            if (( CURRENT == 2 )); then
                _describe 'command' commands
                return
            fi
            # After an option that takes a value: its values, or files; never more options.
            case "${words[CURRENT-1]}" in
        \(valueCases)    esac
            if [[ "${words[2]}" == rules && "${words[3]}" == show && CURRENT -eq 4 ]]; then
                compadd -- \(values.ruleIDs.joined(separator: " "))
                return
            fi
            case "${words[2]}" in
        \(cases)        *) _files ;;
            esac
        }
        _shipcheck "$@"

        """
    }

    static func fish(_ commands: [Entry], values: Values) -> String {
        let byOption = Dictionary(values.byOption.flatMap { entry in entry.options.map { ($0, entry.words) } }, uniquingKeysWith: { a, _ in a })
        let files = Set(values.fileOptions)
        var lines = ["# fish completion for shipcheck (shipcheck completions fish)",
                     "complete -c shipcheck -f -n '__fish_use_subcommand' -l version -d 'Show the version'"]
        for command in commands {
            lines.append("complete -c shipcheck -f -n '__fish_use_subcommand' -a \(command.name) -d '\(quoteFish(command.abstract))'")
            for action in command.actions {
                lines.append("complete -c shipcheck -f -n '__fish_seen_subcommand_from \(command.name)' -a \(action)")
            }
            for option in command.options {
                // -x: the option takes one of these values (no files); -r: it takes a file.
                let value = byOption[option].map { " -x -a '\($0.joined(separator: " "))'" } ?? (files.contains(option) ? " -r" : "")
                lines.append("complete -c shipcheck -n '__fish_seen_subcommand_from \(command.name)' -l \(option.dropFirst(2))\(value)")
            }
            if command.name == "rules" {
                lines.append("complete -c shipcheck -f -n '__fish_seen_subcommand_from show' -a '\(values.ruleIDs.joined(separator: " "))'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoteZsh(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func quoteFish(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
