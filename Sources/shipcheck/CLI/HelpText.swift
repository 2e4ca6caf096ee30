/// Help in the swift-argument-parser look (OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS),
/// since that is what Swift users know.
enum HelpText {
    static func render(_ command: CommandDefinition, toolName: String = "shipcheck") -> String {
        var lines: [String] = ["OVERVIEW: \(command.abstract)", ""]
        if let discussion = command.discussion { lines += [discussion, ""] }
        let qualified = command.name.isEmpty ? toolName : "\(toolName) \(command.name)"
        var usage = "USAGE: \(qualified)"
        if !command.subcommands.isEmpty { usage += " <subcommand>" }
        for argument in command.arguments {
            let name = "<\(argument.name)>" + (argument.variadic ? " ..." : "")
            usage += argument.optional ? " [\(name)]" : " \(name)"
        }
        if !command.options.isEmpty { usage += " [<options>]" }
        lines += [usage, ""]
        if !command.arguments.isEmpty {
            lines.append("ARGUMENTS:")
            for argument in command.arguments { lines.append(row("<\(argument.name)>", argument.help)) }
            lines.append("")
        }
        let visible = command.options.filter { !$0.hidden }
        lines.append("OPTIONS:")
        for option in visible {
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.long)"
            if let value = option.valueName { label += " <\(value)>" }
            let also = option.aliases.isEmpty ? "" : " (Also: " + option.aliases.map { "--" + $0 }.joined(separator: ", ") + ".)"
            lines.append(row(label, option.help + also))
        }
        lines.append(row("-h, --help", "Show help information."))
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            for (name, abstract) in command.subcommands { lines.append(row(name, abstract)) }
            lines += ["", "  See '\(qualified) help <subcommand>' for detailed help."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Two columns: the label padded to 26, the help wrapped under itself.
    static func row(_ label: String, _ help: String) -> String {
        let width = 26
        let indent = String(repeating: " ", count: width + 2)
        var first = "  " + label
        if first.count >= width + 2 { first += "\n" + indent } else { first += String(repeating: " ", count: width + 2 - first.count) }
        var out = first
        var column = 0
        for (i, word) in help.split(separator: " ").enumerated() {
            if column + word.count > 52, i > 0 { out += "\n" + indent; column = 0 } else if i > 0 { out += " "; column += 1 }
            out += word
            column += word.count
        }
        return out
    }
}
