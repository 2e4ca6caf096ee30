import Project

/// `from: source | archive` for a check that judges one policy on either input: the project's sources, or the
/// built archives given with `--archive` (what App Store Connect reads from the upload). One function holds the
/// policy and its tables; the rule says where it looks, and keeps a message that is true for that place. A rule
/// `from: archive` is listed as not checked in a run without an archive (`CheckFunction.input(with:)`).
enum JudgedInput {
    static let option = OptionSpec("from", .oneOf(["source", "archive"]),
                                   doc: "what the rule judges: `source` (the default), or `archive`, the built archives given with --archive")

    static func chosen(_ options: CheckOptions) -> CheckInput {
        options.string("from") == "archive" ? .builtArchives : .project
    }

    static func isArchive(_ invocation: CheckInvocation) -> Bool {
        chosen(invocation.options) == .builtArchives
    }
}

extension CheckFunction {
    /// The function with `from:` choosing its input per rule.
    var judgingEitherInput: CheckFunction { reading(JudgedInput.chosen) }
}
