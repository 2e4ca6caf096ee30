import Foundation
import Reports

/// The Model Context Protocol over stdio: JSON-RPC 2.0, one message per line. Answers `initialize`,
/// `ping`, `tools/list` and `tools/call`; ignores notifications; every other request gets "method not found".
/// It holds no state between requests beyond what it was started with.
struct MCPServer {
    let tools: MCPTools
    let version: String

    /// The protocol revisions this server speaks, newest first; a client asking for another gets the newest.
    static let protocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]

    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
    }

    /// The response to one line, or nil when none is due (a notification, a client's response, a blank line).
    func respond(to line: [UInt8]) -> JSONValue? {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        guard let message = JSONValue.parse(Data(line)) else {
            return Self.error(id: .null, .parseError, "the line is not JSON; send one JSON-RPC 2.0 message per line")
        }
        guard case .object = message else {
            return Self.error(id: .null, .invalidRequest, "a message is a JSON object (batches are not part of MCP since 2025-06-18)")
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (we send none) or a malformed request.
            if message["result"] != nil || message["error"] != nil { return nil }
            return Self.error(id: id ?? .null, .invalidRequest, "the request has no method")
        }
        guard let id, id != .null else { return nil } // A notification: notifications/initialized, cancelled…
        switch id {
        case .string, .int: break
        default: return Self.error(id: .null, .invalidRequest, "a request id is a string or an integer")
        }
        let params = message["params"] ?? .object([])
        switch method {
        case "initialize": return Self.result(id: id, initialize(params))
        case "ping": return Self.result(id: id, .object([]))
        case "tools/list": return Self.result(id: id, .object([("tools", .array(MCPTools.tools.map(\.definition)))]))
        case "tools/call": return call(id: id, params)
        default: return Self.error(id: id, .methodNotFound, "shipcheck's MCP server has no method '\(method)' (it offers initialize, ping, tools/list, tools/call)")
        }
    }

    func initialize(_ params: JSONValue) -> JSONValue {
        let asked = params["protocolVersion"]?.stringValue ?? ""
        let version = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
        return .object([
            ("protocolVersion", .string(version)),
            ("capabilities", .object([("tools", .object([("listChanged", .bool(false))]))])),
            ("serverInfo", .object([("name", .string("shipcheck")), ("version", .string(self.version))])),
            ("instructions", .string("shipcheck checks an iOS/Android app project for App Store and Google Play rejections. Call check on the project, explain_rule on a finding's rule id, facts to see what was detected; count_text and resolve_locale answer store-metadata questions. Paths are relative to \(tools.root.path) and cannot leave it.")),
        ])
    }

    func call(id: JSONValue, _ params: JSONValue) -> JSONValue {
        guard let name = params["name"]?.stringValue else {
            return Self.error(id: id, .invalidParams, "tools/call needs params.name, one of: \(MCPTools.tools.map(\.name).joined(separator: ", "))")
        }
        let arguments = params["arguments"] ?? .object([])
        guard case .object = arguments else { return Self.error(id: id, .invalidParams, "params.arguments must be an object") }
        guard let answer = tools.call(name, arguments: arguments) else {
            return Self.error(id: id, .invalidParams, "unknown tool '\(name)'; the tools are \(MCPTools.tools.map(\.name).joined(separator: ", "))")
        }
        var result: [(String, JSONValue)] = [
            ("content", .array([.object([("type", .string("text")), ("text", .string(answer.text))])])),
            ("isError", .bool(answer.isError)),
        ]
        if let structured = answer.structured { result.append(("structuredContent", structured)) }
        return Self.result(id: id, .object(result))
    }

    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id),
                 ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))]))])
    }
}
