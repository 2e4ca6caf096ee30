import YAML

/// The name of a report format `--format` accepts: one per reporter in `Reporters.all`, which is where a format
/// is added (a reporter type says its name, what it writes and how it renders). The static members are the
/// names the command line and the tests refer to; the registry test holds each to a reporter.
public struct OutputFormat: RawRepresentable, Hashable, Sendable, CaseIterable {
    public let rawValue: String

    /// Only a registered reporter's name makes a format.
    public init?(rawValue: String) {
        guard Reporters.all.contains(where: { $0.format.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    private init(registered name: String) { rawValue = name }

    public static let text = OutputFormat(registered: "text")
    public static let json = OutputFormat(registered: "json")
    public static let markdown = OutputFormat(registered: "markdown")
    public static let sarif = OutputFormat(registered: "sarif")
    public static let junit = OutputFormat(registered: "junit")
    public static let github = OutputFormat(registered: "github")
    public static let gitlab = OutputFormat(registered: "gitlab")
    public static let checkstyle = OutputFormat(registered: "checkstyle")
    public static let html = OutputFormat(registered: "html")

    /// Every format, in the registry's order (the order of the help).
    public static var allCases: [OutputFormat] { Reporters.all.map { $0.format } }

    /// Other names accepted for a format: the names SwiftLint's `--reporter` gives the same output.
    public static var aliases: [(name: String, format: OutputFormat)] {
        Reporters.all.flatMap { reporter in reporter.aliases.map { (name: $0, format: reporter.format) } }
    }

    /// The format a name means, an alias included; nil for an unknown name.
    public static func named(_ name: String) -> OutputFormat? {
        let lowered = name.lowercased()
        return OutputFormat(rawValue: lowered) ?? aliases.first { $0.name == lowered }?.format
    }

    /// Every name `--format` accepts.
    public static var allNames: [String] { allCases.map(\.rawValue) + aliases.map(\.name) }

    /// What the format writes, for the help: its reporter's own description.
    public var writes: String { Reporters.reporter(for: self).writes }
}

/// One `--format` argument: a format and, after a colon, the file to write it to
/// (`sarif:out.sarif`); without a path the report goes to standard output.
public struct FormatSpec: Sendable, Equatable {
    public let format: OutputFormat
    public let path: String?

    public init(format: OutputFormat, path: String? = nil) {
        self.format = format
        self.path = path
    }

    /// Splits at the first colon, so a path may itself contain colons.
    public static func parse(_ spec: String) throws(FormatSpecError) -> FormatSpec {
        let name: Substring
        var path: String?
        if let colon = spec.firstIndex(of: ":") {
            name = spec[..<colon]
            path = String(spec[spec.index(after: colon)...])
        } else {
            name = Substring(spec)
        }
        guard let format = OutputFormat.named(String(name)) else {
            let valid = OutputFormat.allNames
            throw FormatSpecError(spec: spec, message: "unknown format '\(name)'",
                                  suggestion: Spelling.nearest(to: String(name), in: valid), valid: valid)
        }
        if path?.isEmpty == true {
            throw FormatSpecError(spec: spec, message: "no file name after '\(name):'",
                                  suggestion: nil, valid: OutputFormat.allNames)
        }
        return FormatSpec(format: format, path: path)
    }
}

/// A `--format` argument that names no known format, or an empty file name.
public struct FormatSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    public let spec: String
    public let message: String
    /// The nearest valid format name, when the spelling is close.
    public let suggestion: String?
    public let valid: [String]

    public var description: String {
        var text = "--format \(spec): \(message)"
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        return text + " (valid formats: \(valid.joined(separator: ", ")); add :PATH to write a file)"
    }
}
