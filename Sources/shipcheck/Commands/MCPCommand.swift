import Foundation
import Reports

/// `shipcheck mcp [ROOT]`: a Model Context Protocol server on standard input and output, for coding agents.
struct MCPCommand {
    let console: Console

    /// The longest message read; a longer line is answered with a parse error and skipped.
    static let lineLimit = 4 << 20

    static let definition = CommandDefinition(
        name: "mcp",
        abstract: "Serve shipcheck to coding agents: a Model Context Protocol server over stdio.",
        discussion: """
        Speaks JSON-RPC 2.0, one message per line, on standard input and output (logs, if any, go to standard error).
        TOOLS: check (findings as JSON), facts, explain_rule, count_text, resolve_locale.
        Every path a tool is given is read inside ROOT and refused outside it.

        EXAMPLE (an MCP client's server entry):
          { "command": "shipcheck", "args": ["mcp", "/path/to/app"] }
        """,
        arguments: [ArgumentDefinition("root", help: "The folder the tools may read (default: .).")],
        options: [OptionDefinition("rules", value: "dir", repeatable: true, help: "A folder of extra checklists (.yml) for every tool call; may repeat.")]
    )

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        let given = parsed.positionals.first ?? "."
        let root = ConfinedRoot(given)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            console.error("\(given): no such folder; give the folder the MCP tools may read")
            return .usage
        }
        let rules = parsed.all("rules").map { $0.hasPrefix("/") ? $0 : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent($0) }
        // Relative reads (config discovery from the working folder) start at the root, not where the client was.
        _ = FileManager.default.changeCurrentDirectoryPath(root.path)
        let server = MCPServer(tools: MCPTools(root: root, rulesDirectories: rules, environment: console.environment),
                               version: ShipcheckCommand.version)
        var reader = LineReader(descriptor: STDIN_FILENO, limit: Self.lineLimit)
        while let line = reader.next() {
            let response: JSONValue?
            switch line {
            case .tooLong: response = MCPServer.error(id: .null, .parseError, "the message is longer than \(Self.lineLimit) bytes")
            case .text(let bytes): response = server.respond(to: bytes)
            }
            guard let response else { continue }
            // The client closed its end: the session is over.
            if AtomicWriter.writeAll(Array((response.compact() + "\n").utf8), to: STDOUT_FILENO) != nil { return .success }
        }
        return .success
    }
}
