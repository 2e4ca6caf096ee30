import Project
import Reports
import YAML

/// Why a run could not start or finish, typed: what kind of problem (`code`), where (`location`, when it has
/// a place: the manifest's line, a checklist's column), and the message. The CLI words them (`description`
/// is the line it prints) and can emit them as JSON; a library user tells a missing folder from a bad
/// checklist by `code`, not by parsing text.
public struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The folder given does not exist, is a file, or cannot be read.
        case folderMissing = "folder-missing"
        case notAFolder = "not-a-folder"
        case folderUnreadable = "folder-unreadable"
        /// shipcheck.yml (or `--config`) is missing, ambiguous or invalid.
        case configurationMissing = "configuration-missing"
        case configurationInvalid = "configuration-invalid"
        /// A checklist (built-in or `--rules`) does not load.
        case checklistInvalid = "checklist-invalid"
        /// `--only`, `--skip`, `rules.skip` or `rules.severity` names no rule or checklist.
        case unknownRule = "unknown-rule"
        /// The configuration leaves no rule to run.
        case nothingSelected = "nothing-selected"
        /// The folder holds nothing shipcheck can check.
        case nothingToCheck = "nothing-to-check"
        /// The project root could not be inspected at all, or a symbol table is malformed.
        case inspectionFailed = "inspection-failed"
        /// A `--archive` could not be opened.
        case archiveUnreadable = "archive-unreadable"
        /// `--online` cannot fetch (libcurl missing).
        case onlineUnavailable = "online-unavailable"
        /// `--console-snapshot` cannot be read or decoded; `--console-strict` and a console that was not read.
        case consoleUnreadable = "console-unreadable"
        /// `--baseline` cannot be read or decoded.
        case baselineUnreadable = "baseline-unreadable"
        case baselineInvalid = "baseline-invalid"
    }

    public let code: Code
    /// Where the problem is written, when it has a place (file, line, column).
    public let location: SourceLocation?
    /// For a YAML problem: the key path (`rules[0].when`).
    public let keyPath: String?
    public let message: String
    /// For a YAML problem: the line with a caret under the column.
    public let snippet: String?

    public init(_ code: Code, at location: SourceLocation? = nil, keyPath: String? = nil, _ message: String, snippet: String? = nil) {
        self.code = code
        self.location = location
        self.keyPath = keyPath
        self.message = message
        self.snippet = snippet
    }

    /// A checklist's or the manifest's YAML problem, with its place, key path and caret.
    public init(_ code: Code, yaml error: YAMLError) {
        self.init(code, at: SourceLocation(path: error.file, line: error.mark?.line, column: error.mark?.column),
                  keyPath: error.path, error.message, snippet: error.snippet)
    }

    /// `location: message` (`key at location: message` for a YAML key), then the snippet: what the CLI prints.
    /// Escaped as the reports escape project text (a value from shipcheck.yml may hold a newline, an ESC or
    /// `##[error]`): the only line breaks are the ones between the message and the snippet's lines.
    public var description: String {
        var text = message
        if let location { text = keyPath.map { "\($0) at \(location): \(message)" } ?? "\(location): \(message)" }
        text = VisibleText.escape(text)
        if let snippet { text += "\n" + snippet.split(separator: "\n", omittingEmptySubsequences: false).map { VisibleText.escape(String($0)) }.joined(separator: "\n") }
        return text
    }
}
