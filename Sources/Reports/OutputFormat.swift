import YAML

/// The report formats `--format` accepts.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, markdown, sarif, junit, github, gitlab, checkstyle
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
        guard let format = OutputFormat(rawValue: name.lowercased()) else {
            let valid = OutputFormat.allCases.map(\.rawValue)
            throw FormatSpecError(spec: spec, message: "unknown format '\(name)'",
                                  suggestion: Spelling.nearest(to: String(name), in: valid), valid: valid)
        }
        if path?.isEmpty == true {
            throw FormatSpecError(spec: spec, message: "no file name after '\(name):'",
                                  suggestion: nil, valid: OutputFormat.allCases.map(\.rawValue))
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
