import Foundation
import Reports

/// The only place that writes to the terminal. Lower modules return values; this prints them.
/// Every line goes through `WorkflowCommandGuard` (GitHub's runner reads stdout and stderr for commands),
/// except the `github` format's own commands; a write that fails (a full disk, a closed pipe with SIGPIPE
/// ignored) ends the run with exit code 2 and one line on stderr, never a crash.
struct Console {
    let environment: [String: String]
    /// When set (the MCP server's tool calls), the text is kept here instead of written to the terminal.
    var capture: ConsoleCapture? = nil
    /// When set (the MCP server's tool calls), the folder the commands may read: shipcheck.yml is looked for
    /// up to it, never above.
    var confinedRoot: String? = nil

    func out(_ text: String) {
        write(WorkflowCommandGuard.guardLineStarts(text, prefix: "./"), to: STDOUT_FILENO, name: "standard output")
    }

    /// The `github` format: its lines are workflow commands by design (the report guards the rest itself).
    func outWorkflowCommands(_ text: String) {
        write(text, to: STDOUT_FILENO, name: "standard output")
    }

    func err(_ text: String) {
        write(WorkflowCommandGuard.guardLineStarts(text, prefix: "./"), to: STDERR_FILENO, name: "standard error")
    }

    private func write(_ text: String, to descriptor: Int32, name: String) {
        if let capture {
            capture.append(text, toStandardError: descriptor == STDERR_FILENO)
            return
        }
        if let failure = AtomicWriter.writeAll(Array(text.utf8), to: descriptor) {
            if descriptor != STDERR_FILENO {
                _ = AtomicWriter.writeAll(Array("error: cannot write to \(name): \(failure)\n".utf8), to: STDERR_FILENO)
            }
            exit(ExitCode.usage.rawValue)
        }
    }


    /// `error: …` on stderr, one problem per line.
    func error(_ message: String) {
        err("error: \(Self.visible(message))\n")
    }

    /// `warning: …` on stderr: something went wrong that does not change the result.
    func warning(_ message: String) {
        err("warning: \(Self.visible(message))\n")
    }

    /// `note: …` on stderr: how the command read its input, when that is not what was given.
    func note(_ message: String) {
        err("note: \(Self.visible(message))\n")
    }

    /// A message's every line escaped as the reports escape project text (control, bidi and invisible
    /// characters shown as escapes, `##[` broken): a path or value in it cannot recolour the terminal or
    /// write a workflow command into the CI log. (`Diagnostic` escapes its own values' newlines.)
    static func visible(_ message: String) -> String {
        message.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { VisibleText.escape(String($0)) }.joined(separator: "\n")
    }

    /// Colour only on a terminal, unless `--color always`; `NO_COLOR` (any value) turns it off for `auto`.
    func useColor(_ choice: String) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isatty(STDOUT_FILENO) == 1
        }
    }
}

/// What a command printed, kept for a caller that is not a terminal (`shipcheck mcp` runs the commands
/// in process and returns their output as a tool result; its own standard output carries only JSON-RPC).
final class ConsoleCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    func append(_ text: String, toStandardError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if toStandardError { err += text } else { out += text }
    }

    var standardOutput: String { lock.lock(); defer { lock.unlock() }; return out }
    var standardError: String { lock.lock(); defer { lock.unlock() }; return err }
}

/// How a command ended: the exit code the process returns.
enum ExitCode: Int32, Error {
    /// Nothing at or above --fail-on.
    case success = 0
    /// Findings at or above --fail-on.
    case findings = 1
    /// Usage, configuration, checklist or unreadable input.
    case usage = 2
}
