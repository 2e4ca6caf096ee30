import Foundation
import StoreText
import YAML

/// `shipcheck count`: how the stores count a text, and with `--field` how it fares against that field's limit.
struct CountCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "count",
        abstract: "Count a text the way the stores count it: graphemes, Unicode scalars, UTF-16 units, UTF-8 bytes.",
        discussion: "The text comes from the argument, --file, or standard input. One trailing newline (as editors and echo add) is not counted. Stores count UTF-16 code units for most limits: an emoji outside the Basic Multilingual Plane counts 2.",
        arguments: [ArgumentDefinition("text", help: "The text to count (else --file or standard input).")],
        options: [
            OptionDefinition("file", value: "path", help: "Count the contents of this file (UTF-8)."),
            OptionDefinition("field", value: "store.field", help: "Compare against a field's limit, e.g. appstore.subtitle, play.title, play.changelogs."),
            OptionDefinition("format", value: "format", help: "text (default) or json."),
            OptionDefinition("rules", value: "dir", repeatable: true, help: "A folder of extra checklists (.yml)."),
        ]
    )

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        let asJSON: Bool
        switch console.parseTextOrJSON(arguments, Self.definition) {
        case .success(let value): (parsed, asJSON) = (value.0, value.json)
        case .failure(let code): return code
        }
        let text: String
        switch input(parsed) {
        case .success(let value): text = value
        case .failure(let code): return code
        }
        var limit: FieldLimit?
        if let field = parsed.value("field") {
            switch StoreTables.load(rulesDirectories: parsed.all("rules")) {
            case .failure(let failure):
                for message in failure.messages { console.error(message) }
                return .usage
            case .success(let tables):
                guard let found = tables.fieldLimits.first(where: { $0.field == field }) else {
                    var message = "no limit is known for the field '\(field)'"
                    let fields = tables.fieldLimits.map(\.field)
                    if let near = Spelling.nearest(to: field, in: fields) { message += "; did you mean '\(near)'?" }
                    message += " (known: \(fields.joined(separator: ", ")))"
                    return console.usage(UsageError(message: message, command: "count"))
                }
                limit = found
            }
        }
        // The App Store trims what deliver uploads; count what the store will see.
        let counted = limit.map { $0.field.hasPrefix("appstore.") } == true ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
        let count = TextCounter.count(counted)
        let check = limit?.evaluate(counted)
        console.out(asJSON ? json(count, check: check, text: counted) : self.text(count, check: check, text: counted))
        if let check, !check.fits { return .findings }
        return .success
    }

    func input(_ parsed: ParsedArguments) -> Result<String, ExitCode> {
        let data: Data
        let name: String
        if let text = parsed.positionals.first {
            guard parsed.value("file") == nil else {
                return .failure(console.usage(UsageError(message: "give the text or --file, not both", command: "count")))
            }
            return .success(text)
        } else if let path = parsed.value("file") {
            guard let contents = FileManager.default.contents(atPath: path) else {
                console.error("\(path): cannot read the file (missing or unreadable)")
                return .failure(.usage)
            }
            data = contents
            name = path
        } else {
            // On a terminal, say what is awaited rather than wait silently.
            if isatty(STDIN_FILENO) == 1 {
                console.note("reading the text to count from the terminal; end it with Ctrl-D (or give it as an argument or with --file)")
            }
            data = FileHandle.standardInput.readDataToEndOfFile()
            name = "standard input"
        }
        guard var text = String(data: data, encoding: .utf8) else {
            console.error("\(name): the text is not valid UTF-8; the stores accept only UTF-8 metadata (re-save it as UTF-8)")
            return .failure(.usage)
        }
        if text.hasSuffix("\r\n") { text.removeLast() } else if text.hasSuffix("\n") { text.removeLast() }
        return .success(text)
    }

    func text(_ count: TextCount, check: LimitCheck?, text: String) -> String {
        var lines = [
            "graphemes        \(count.graphemes)",
            "unicode scalars  \(count.scalars)",
            "utf-16 units     \(count.utf16)",
            "utf-8 bytes      \(count.utf8)",
            "non-whitespace   \(count.nonWhitespace)",
        ]
        if let check {
            let limit = check.limit
            let range = limit.min.map { "\($0)–\(limit.max)" } ?? "at most \(limit.max)"
            lines.append("")
            lines.append("field            \(limit.field): \(range) \(limit.unit.noun) (\(limit.source))")
            if check.over > 0 {
                lines.append("result           \(check.count) \(limit.unit.noun): \(check.over) over the limit")
                if let cut = check.cutIndex {
                    lines.append("fits up to       \"\(text[..<cut])\"")
                    lines.append("cut from         \"\(text[cut...])\"")
                }
            } else if check.under > 0 {
                lines.append("result           \(check.count) \(limit.unit.noun): \(check.under) short of the minimum")
            } else {
                lines.append("result           \(check.count) \(limit.unit.noun): fits, \(check.remaining) left")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json(_ count: TextCount, check: LimitCheck?, text: String) -> String {
        var object: [String: Any] = ["graphemes": count.graphemes, "scalars": count.scalars, "utf16": count.utf16,
                                     "utf8": count.utf8, "non_whitespace": count.nonWhitespace]
        if let check {
            var field: [String: Any] = ["field": check.limit.field, "max": check.limit.max, "unit": check.limit.unit.rawValue,
                                        "count": check.count, "remaining": check.remaining, "over": check.over,
                                        "fits": check.fits, "source": check.limit.source]
            if let min = check.limit.min { field["min"] = min }
            if let cut = check.cutIndex { field["fits_up_to"] = String(text[..<cut]) }
            object["field"] = field
        }
        return JSONOutput.serialize(object)
    }
}
