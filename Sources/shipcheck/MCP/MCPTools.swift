import Foundation
import Reports

/// The tools `shipcheck mcp` offers. Each runs the command a user would type (`check --format json`,
/// `facts --format json`, `rules show --format json`, `count --format json`, `locales resolve --format json`)
/// in process, with its output captured: an agent sees exactly what the CLI prints.
struct MCPTools {
    let root: ConfinedRoot
    let rulesDirectories: [String]
    let environment: [String: String]

    /// A tool's answer: the text of the command's output, and the JSON object it printed when it printed one.
    struct Answer {
        let text: String
        let structured: JSONValue?
        let isError: Bool
    }

    struct Tool {
        let name: String
        let title: String
        let description: String
        let properties: [(String, JSONValue)]
        let required: [String]

        var definition: JSONValue {
            .object([
                ("name", .string(name)),
                ("title", .string(title)),
                ("description", .string(description)),
                ("inputSchema", .object([
                    ("type", .string("object")),
                    ("properties", .object(properties)),
                    ("required", .array(required.map(JSONValue.string))),
                    ("additionalProperties", .bool(false)),
                ])),
            ])
        }
    }

    static func string(_ description: String) -> JSONValue {
        .object([("type", .string("string")), ("description", .string(description))])
    }

    static func strings(_ description: String) -> JSONValue {
        .object([("type", .string("array")), ("items", .object([("type", .string("string"))])), ("description", .string(description))])
    }

    static let tools: [Tool] = [
        Tool(name: "check", title: "Check a project",
             description: "Run every shipcheck checklist against a project folder (inside the server's root) and return the findings as shipcheck's JSON report (schemas/report.schema.json): what App Store or Google Play review would reject, each with its rule, severity, location, why and what to do.",
             properties: [
                ("path", string("The project folder, relative to the server's root (default: the root itself).")),
                ("only", strings("Run only these rule ids or checklist names.")),
                ("skip", strings("Skip these rule ids or checklist names.")),
                ("archive", strings("Built archives (.ipa, .xcarchive, .app, .aab, .apk) inside the root to check with the sources.")),
                ("metadata_only", .object([("type", .string("boolean")), ("description", .string("Run only the store metadata checks (as `shipcheck metadata`)."))])),
                ("date", string("Evaluate as on this day, YYYY-MM-DD (rules with an effective date); default: today.")),
             ], required: []),
        Tool(name: "facts", title: "Show project facts",
             description: "What shipcheck detected about a project (frameworks, SDKs, permissions, store targets…) and what its shipcheck.yml states, each with evidence (file and line).",
             properties: [("path", string("The project folder, relative to the server's root (default: the root itself)."))], required: []),
        Tool(name: "explain_rule", title: "Explain a rule",
             description: "One rule in full: its checklist, severity and why, condition, message, help and the store guideline it cites. Give a rule id from a finding (e.g. ios.privacy.manifest-missing) or a checklist name.",
             properties: [("id", string("The rule id or checklist name."))], required: ["id"]),
        Tool(name: "count_text", title: "Count a text as a store does",
             description: "Count a text the way the stores count it (graphemes, Unicode scalars, UTF-16 units, UTF-8 bytes); with field, whether it fits that field's limit and where it would be cut.",
             properties: [
                ("text", string("The text to count.")),
                ("field", string("A store field whose limit to check, e.g. appstore.subtitle, appstore.keywords, play.title, play.short_description.")),
             ], required: ["text"]),
        Tool(name: "resolve_locale", title: "Resolve a locale",
             description: "The best of an app's supported languages for a user's locale, with the stores' fallback (pt-BR → pt-PT, zh-HK → zh-Hant…); null when nothing matches and no default is given.",
             properties: [
                ("locale", string("The user's locale, e.g. pt-BR.")),
                ("supported", strings("The app's languages, best first, e.g. [\"en-US\", \"pt-PT\"].")),
                ("default", string("The language to use when nothing matches.")),
             ], required: ["locale", "supported"]),
    ]

    /// Runs `name` with `arguments`; nil when no tool has that name.
    func call(_ name: String, arguments: JSONValue) -> Answer? {
        do {
            guard let words = try commandLine(name, arguments: arguments) else { return nil }
            return run(words)
        } catch {
            return Answer(text: error.message, structured: nil, isError: true)
        }
    }

    /// The shipcheck command line a tool call stands for; nil for an unknown tool.
    func commandLine(_ name: String, arguments: JSONValue) throws(ToolInputError) -> [String]? {
        switch name {
        case "check": return try checkArguments(arguments)
        case "facts": return ["facts", try path(arguments), "--format", "json"] + rules
        case "explain_rule": return ["rules", "show", "--format", "json"] + rules + ["--", try required("id", arguments)]
        case "count_text":
            let text = try required("text", arguments)
            let field = try optional("field", arguments).map { ["--field", $0] } ?? []
            return ["count", "--format", "json"] + field + rules + ["--", text]
        case "resolve_locale":
            let locale = try required("locale", arguments)
            let supported = try list("supported", arguments)
            guard !supported.isEmpty else { throw ToolInputError(message: "'supported' needs at least one language") }
            let fallback = try optional("default", arguments).map { ["--default", $0] } ?? []
            return ["locales", "resolve", "--format", "json", "--supported", supported.joined(separator: ",")] + fallback + rules + ["--", locale]
        default: return nil
        }
    }

    var rules: [String] { rulesDirectories.flatMap { ["--rules", $0] } }

    func checkArguments(_ arguments: JSONValue) throws(ToolInputError) -> [String] {
        let metadataOnly = arguments["metadata_only"] == .bool(true)
        var words = [metadataOnly ? "metadata" : "check", try path(arguments),
                     "--format", "json", "--fail-on", "never", "--color", "never"] + rules
        let only = try list("only", arguments), skip = try list("skip", arguments)
        if !only.isEmpty { words += ["--only", only.joined(separator: ",")] }
        if !skip.isEmpty { words += ["--skip", skip.joined(separator: ",")] }
        let archives = try list("archive", arguments)
        if metadataOnly, !archives.isEmpty { throw ToolInputError(message: "'archive' goes with a full check, not metadata_only") }
        for archive in archives { words += ["--archive", try confine(archive)] }
        if let date = try optional("date", arguments) { words += ["--date", date] }
        return words
    }

    func confine(_ given: String) throws(ToolInputError) -> String {
        switch root.confine(given) {
        case .success(let path): return path
        case .failure(let error): throw ToolInputError(message: error.message)
        }
    }

    func path(_ arguments: JSONValue) throws(ToolInputError) -> String {
        try confine(try optional("path", arguments) ?? ".")
    }

    func required(_ key: String, _ arguments: JSONValue) throws(ToolInputError) -> String {
        guard let value = try optional(key, arguments) else { throw ToolInputError(message: "'\(key)' is required (a string)") }
        return value
    }

    func optional(_ key: String, _ arguments: JSONValue) throws(ToolInputError) -> String? {
        switch arguments[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw ToolInputError(message: "'\(key)' must be a string")
        }
    }

    /// A list given as an array of strings, or as one comma-separated string.
    func list(_ key: String, _ arguments: JSONValue) throws(ToolInputError) -> [String] {
        switch arguments[key] {
        case nil, .null?: return []
        case .string(let text)?: return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        case .array(let items)?:
            return try items.map { item throws(ToolInputError) -> String in
                guard case .string(let text) = item else { throw ToolInputError(message: "'\(key)' must be a list of strings") }
                return text
            }
        default: throw ToolInputError(message: "'\(key)' must be a list of strings")
        }
    }

    /// The command run in process; exit code 2 (usage, unreadable input) is a tool error with its message.
    func run(_ words: [String]) -> Answer {
        let capture = ConsoleCapture()
        let console = Console(environment: environment, capture: capture, confinedRoot: root.path)
        let code = ShipcheckCommand(console: console).run(words)
        let out = capture.standardOutput
        if code == .usage {
            let message = capture.standardError.isEmpty ? out : capture.standardError
            return Answer(text: message.trimmingCharacters(in: .whitespacesAndNewlines), structured: nil, isError: true)
        }
        var structured = JSONValue.parse(Data(out.utf8))
        if case .array? = structured { structured = .object([("items", structured!)]) }
        return Answer(text: out, structured: structured, isError: false)
    }
}

/// A tool call's arguments that do not fit the tool's input schema, or a path outside the root.
struct ToolInputError: Error, Sendable {
    let message: String
}
