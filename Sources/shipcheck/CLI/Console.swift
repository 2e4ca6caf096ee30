import Foundation

/// The only place that writes to the terminal. Lower modules return values; this prints them.
struct Console {
    let environment: [String: String]

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `error: …` on stderr, one problem per line.
    func error(_ message: String) {
        err("error: \(message)\n")
    }

    /// `warning: …` on stderr: something went wrong that does not change the result.
    func warning(_ message: String) {
        err("warning: \(message)\n")
    }

    /// `note: …` on stderr: how the command read its input, when that is not what was given.
    func note(_ message: String) {
        err("note: \(message)\n")
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

/// How a command ended: the exit code the process returns.
enum ExitCode: Int32, Error {
    /// Nothing at or above --fail-on.
    case success = 0
    /// Findings at or above --fail-on.
    case findings = 1
    /// Usage, configuration, checklist or unreadable input.
    case usage = 2
}
