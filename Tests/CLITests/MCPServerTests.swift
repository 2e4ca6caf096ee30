import Foundation
import Testing

/// `shipcheck mcp ROOT` spoken to over stdio as a client does: newline-delimited JSON-RPC 2.0 written to its
/// standard input, one response per request read back from its standard output. Needs nothing but the binary.
@Suite("MCP server over stdio")
struct MCPServerTests {
    /// A root holding the Android fixture at apps/mobile, and a file outside the root next to it.
    static func layout() throws -> (folder: URL, root: URL) {
        let folder = try CIHarness.temporaryFolder("mcp")
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("apps"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CIHarness.app, to: root.appendingPathComponent("apps/mobile"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("secret"), withIntermediateDirectories: true)
        try Data("targetSdk = 1\n".utf8).write(to: folder.appendingPathComponent("secret/build.gradle"))
        return (folder, root)
    }

    static func request(_ id: Any, _ method: String, _ params: [String: Any] = [:]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return String(decoding: data, as: UTF8.self)
    }

    static func call(_ id: Any, _ tool: String, _ arguments: [String: Any]) -> String {
        request(id, "tools/call", ["name": tool, "arguments": arguments])
    }

    /// The server's responses, one JSON object per line, after it read `lines` and the end of its input.
    static func session(_ lines: [String], root: URL) throws -> [[String: Any]] {
        let result = try ShipcheckProcess.run(["mcp", root.path], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    static func toolResult(_ response: [String: Any]) throws -> (text: String, isError: Bool) {
        let result = try #require(response["result"] as? [String: Any], "no result in \(response)")
        let content = try #require(result["content"] as? [[String: Any]])
        return (content.compactMap { $0["text"] as? String }.joined(), try #require(result["isError"] as? Bool))
    }

    @Test func anAgentSessionInitializesListsTheToolsAndChecksAProject() throws {
        let (folder, root) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let responses = try Self.session([
            Self.request(1, "initialize", ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]]),
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            Self.request("list", "tools/list"),
            Self.call(3, "check", ["path": "apps/mobile", "date": "2026-12-01"]),
            Self.call(4, "count_text", ["text": "-a text that starts like an option", "field": "appstore.subtitle"]),
            Self.call(5, "resolve_locale", ["locale": "pt-BR", "supported": ["en-US", "pt-PT"]]),
            Self.call(6, "explain_rule", ["id": "platform-requirements.play-target-sdk"]),
            Self.call(7, "facts", ["path": "apps/mobile"]),
        ], root: root)
        // The notification has no answer; every request has one, in order, with its own id.
        #expect(responses.count == 7)
        #expect(responses.map { "\($0["id"] ?? "")" } == ["1", "list", "3", "4", "5", "6", "7"])
        #expect(responses.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
        let initialize = try #require(responses[0]["result"] as? [String: Any])
        #expect(initialize["protocolVersion"] as? String == "2025-06-18")
        #expect((initialize["serverInfo"] as? [String: Any])?["name"] as? String == "shipcheck")
        #expect((initialize["capabilities"] as? [String: Any])?["tools"] != nil)
        let tools = try #require((responses[1]["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        #expect(Set(tools.compactMap { $0["name"] as? String }) == ["check", "facts", "explain_rule", "count_text", "resolve_locale"])
        #expect(tools.allSatisfy { ($0["inputSchema"] as? [String: Any])?["type"] as? String == "object" })

        let check = try Self.toolResult(responses[2])
        #expect(!check.isError)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(check.text.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let targetSdk = try #require(findings.first { $0["rule"] as? String == "platform-requirements.play-target-sdk" })
        #expect((targetSdk["path"] as? String)?.hasSuffix("app/build.gradle.kts") == true)
        // The structured copy is the same report.
        let structured = try #require((responses[2]["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
        #expect((structured["findings"] as? [Any])?.count == findings.count)

        let count = try Self.toolResult(responses[3])
        #expect(!count.isError)
        #expect(count.text.contains("\"utf16\": 34"))
        #expect(count.text.contains("\"fits\": false"))
        #expect(try Self.toolResult(responses[4]).text.contains("\"resolved\": \"pt-PT\""))
        let explained = try Self.toolResult(responses[5])
        #expect(!explained.isError && explained.text.contains("support.google.com/googleplay/android-developer/answer/11926878"))
        let facts = try Self.toolResult(responses[6])
        #expect(!facts.isError && facts.text.contains("\"facts\""))
    }

    @Test func pathsOutsideTheRootAreRefused() throws {
        let (folder, root) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A link inside the root that leads out of it.
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("escape"), withDestinationURL: folder.appendingPathComponent("secret"))
        let responses = try Self.session([
            Self.call(1, "check", ["path": "../secret"]),
            Self.call(2, "facts", ["path": folder.appendingPathComponent("secret").path]),
            Self.call(3, "check", ["path": "escape"]),
            Self.call(4, "check", ["path": "apps/mobile", "archive": ["../secret/build.gradle"]]),
            Self.call(5, "facts", ["path": "apps/../apps/mobile"]),
        ], root: root)
        #expect(responses.count == 5)
        for response in responses.prefix(4) {
            let result = try Self.toolResult(response)
            #expect(result.isError, "\(response)")
            #expect(result.text.contains("outside the folder this server was started on"), "\(result.text)")
            #expect(!result.text.contains("targetSdk = 1"))
        }
        #expect(try !Self.toolResult(responses[4]).isError)
    }

    @Test func malformedMessagesGetJSONRPCErrorsAndTheSessionGoesOn() throws {
        let (folder, root) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = #"{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":""# + String(repeating: "a", count: 5 << 20) + #""}}"#
        let responses = try Self.session([
            "this is not JSON",
            Self.request(2, "resources/list"),
            Self.call(3, "no_such_tool", [:]),
            Self.call(4, "count_text", ["text": 42]),
            huge,
            "[1, 2]",
            Self.request(7, "ping"),
        ], root: root)
        #expect(responses.count == 7)
        func code(_ response: [String: Any]) -> Int? { (response["error"] as? [String: Any])?["code"] as? Int }
        #expect(code(responses[0]) == -32700 && responses[0]["id"] is NSNull)
        #expect(code(responses[1]) == -32601 && responses[1]["id"] as? Int == 2)
        #expect(code(responses[2]) == -32602 && responses[2]["id"] as? Int == 3)
        let wrongType = try Self.toolResult(responses[3])
        #expect(wrongType.isError && wrongType.text.contains("'text' must be a string"))
        #expect(code(responses[4]) == -32700 && responses[4]["id"] is NSNull)
        #expect(code(responses[5]) == -32600)
        #expect(responses[6]["id"] as? Int == 7 && responses[6]["result"] != nil)
    }
}

/// The same server driven by PyPI's `mcp` client SDK (`pip install mcp`), the library agents are built on:
/// it must accept the handshake, the tool list and every tool's result. Skips with the reason when the SDK
/// is missing, except under CI, which installs it (.ci/run).
@Suite("MCP server with the mcp client SDK")
struct MCPClientTests {
    static let available: Bool = {
        PreCommitHookTests.required
            || ((try? ShipcheckProcess.run(["python3", "-c", "import mcp.client.stdio"], executable: URL(fileURLWithPath: "/usr/bin/env")))?.status == 0)
    }()

    @Test(.enabled(if: available, "needs PyPI's mcp client: pip install mcp"))
    func theMCPClientSDKSeesTheToolsAndTheirResults() throws {
        let (folder, root) = try MCPServerTests.layout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Tools/mcp_client_session.py").path
        let result = try ShipcheckProcess.run(["python3", script, ShipcheckProcess.binary.path, root.path, "apps/mobile"],
                                              executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
        #expect(seen["server"] as? String == "shipcheck")
        #expect(seen["tools"] as? [String] == ["check", "count_text", "explain_rule", "facts", "resolve_locale"])
        #expect(seen["check_error"] as? Bool == false)
        #expect((seen["check_rules"] as? [String])?.contains("platform-requirements.play-target-sdk") == true)
        #expect((seen["check_paths"] as? [String])?.contains { $0.hasSuffix("app/build.gradle.kts") } == true)
        #expect(seen["outside_error"] as? Bool == true)
        #expect(((seen["count"] as? [String: Any])?["utf16"]) as? Int == 10)
        #expect(seen["explained_error"] as? Bool == false)
        #expect(seen["resolved"] as? String == "pt-PT")
    }
}
