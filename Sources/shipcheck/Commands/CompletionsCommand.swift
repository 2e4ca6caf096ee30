/// `shipcheck completions bash|zsh|fish`: a completion script built from the commands' definitions, so
/// it never lists an option that does not exist.
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
        switch shell {
        case "bash": console.out(Self.bash(commands))
        case "zsh": console.out(Self.zsh(commands))
        case "fish": console.out(Self.fish(commands))
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

    static func commands() -> [Entry] {
        ShipcheckCommand.definition.subcommands.compactMap { name, abstract in
            guard let definition = ShipcheckCommand.subcommandDefinition(name) else { return nil }
            let options = definition.options.filter { !$0.hidden }.flatMap(\.longNames) + ["--help"]
            var actions = definition.subcommands.map(\.0)
            if name == "completions" { actions = shells }
            return Entry(name: name, abstract: abstract, options: options, actions: actions)
        }
    }

    static func bash(_ commands: [Entry]) -> String {
        var cases = ""
        for command in commands {
            let words = (command.actions + command.options).joined(separator: " ")
            cases += "        \(command.name)) words=\"\(words)\" ;;\n"
        }
        return """
        # bash completion for shipcheck (shipcheck completions bash)
        _shipcheck() {
            local cur=${COMP_WORDS[COMP_CWORD]}
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
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

    static func zsh(_ commands: [Entry]) -> String {
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
            case "${words[2]}" in
        \(cases)        *) _files ;;
            esac
        }
        _shipcheck "$@"

        """
    }

    static func fish(_ commands: [Entry]) -> String {
        var lines = ["# fish completion for shipcheck (shipcheck completions fish)",
                     "complete -c shipcheck -f -n '__fish_use_subcommand' -l version -d 'Show the version'"]
        for command in commands {
            lines.append("complete -c shipcheck -f -n '__fish_use_subcommand' -a \(command.name) -d '\(quoteFish(command.abstract))'")
            for action in command.actions {
                lines.append("complete -c shipcheck -f -n '__fish_seen_subcommand_from \(command.name)' -a \(action)")
            }
            for option in command.options {
                lines.append("complete -c shipcheck -n '__fish_seen_subcommand_from \(command.name)' -l \(option.dropFirst(2))")
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
