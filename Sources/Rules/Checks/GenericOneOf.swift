import Project
import YAML

/// `one-of`: a value must be one of a list (option `values`, or a table whose value is a list or has a
/// `values` list), with the nearest allowed value suggested.
enum GenericOneOf {
    static let function = CheckFunction(
        name: "one-of", summary: "A value is one of a list, with the nearest allowed value suggested",
        options: [
            OptionSpec("values", .stringList, doc: "The allowed values"),
            OptionSpec("table", .table, doc: "A table whose value is the list (or has a `values` list)"),
            OptionSpec("ignore_case", .bool, doc: "Compare case-insensitively"),
            GenericSubjects.fieldsOption,
        ],
        subjects: .optional, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let allowed = invocation.options.strings("values") ?? invocation.table("table").map { list($0.value) } ?? []
        guard !allowed.isEmpty else { return [] }
        let ignoreCase = invocation.options.bool("ignore_case") ?? false
        let known = Set(allowed.map { ignoreCase ? $0.lowercased() : $0 })
        return invocation.subjects.compactMap { subject in
            let text = subject.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, !known.contains(ignoreCase ? text.lowercased() : text) else { return nil }
            let suggestion = Spelling.nearest(to: text, in: allowed) ?? ""
            return GenericSubjects.result(subject, evidence: text, values: [
                "suggestion": suggestion,
                "hint": suggestion.isEmpty ? "" : "did you mean \(suggestion)?",
                "expected": allowed.prefix(12).joined(separator: ", ") + (allowed.count > 12 ? ", …" : ""),
            ])
        }
    }

    static func list(_ node: Node) -> [String] {
        (node.sequence ?? node["values"]?.sequence ?? []).compactMap(\.scalar)
    }
}
