import Foundation

/// The folder an MCP client may reach: the root given to `shipcheck mcp`. Every path a tool call names is
/// resolved against it (symbolic links followed) and refused when it leads outside.
struct ConfinedRoot: Sendable {
    let path: String

    init(_ given: String, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        let absolute = given.hasPrefix("/") ? given : (workingDirectory as NSString).appendingPathComponent(given)
        path = ConfinedRoot.resolve(absolute)
    }

    /// The absolute path of `given` (relative to the root unless absolute), or why it is refused.
    func confine(_ given: String) -> Result<String, ConfinementError> {
        guard !given.contains("\u{0}") else { return .failure(ConfinementError(path: given)) }
        let absolute = given.hasPrefix("/") ? given : (path as NSString).appendingPathComponent(given)
        let resolved = ConfinedRoot.resolve(absolute)
        guard resolved == path || resolved.hasPrefix(path == "/" ? "/" : path + "/") else {
            return .failure(ConfinementError(path: given))
        }
        return .success(resolved)
    }

    /// Standardized (`.` and `..` folded) and with every existing symbolic link followed.
    static func resolve(_ absolute: String) -> String {
        URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

struct ConfinementError: Error, Sendable {
    let path: String
    var message: String { "'\(path)' is outside the folder this server was started on; give a path inside it (relative paths are read from it)" }
}
