import Project

/// `one-of`: a value must be one of a list (option `values`, or a table whose value is the list or has a
/// `values` list), with the nearest allowed value suggested. The table may also map `legacy` values to the ones
/// that replace them (`MZGenre.Photography: PHOTO_AND_VIDEO`): the store's tools still accept such a value, so it
/// is reported as a note with its replacement.
enum GenericOneOf {
    static let function = CheckFunction(
        name: "one-of", summary: "A value is one of a list, with the nearest allowed value suggested; legacy values get their replacement",
        options: [
            OptionSpec("values", .stringList, doc: "The allowed values"),
            OptionSpec("table", .table, tableShape: .init(required: ["values"], optional: ["legacy", "legacy_prefix"]),
                       decode: OneOfTable.decoder, doc: "A table whose value is the list, or `{ values: [...], legacy: { old: new } }`"),
            OptionSpec("ignore_case", .bool, doc: "Compare case-insensitively"),
        ],
        subjects: .required, placeholders: ["problem", "suggestion", "hint", "expected"], run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let table = invocation.decoded("table", as: OneOfTable.self)
        let allowed = invocation.options.strings("values") ?? table?.values ?? []
        guard !allowed.isEmpty else { return [] }
        let ignoreCase = invocation.options.bool("ignore_case") ?? false
        let known = Set(allowed.map { ignoreCase ? $0.lowercased() : $0 })
        let legacy = table?.legacy ?? [:]
        let listName = table.map { "the table \($0.name)" } ?? "the allowed values"
        return invocation.subjects.compactMap { subject in
            let text = subject.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, !known.contains(ignoreCase ? text.lowercased() : text) else { return nil }
            if let replacement = legacy[text.lowercased()] {
                return GenericSubjects.result(subject, evidence: text, values: [
                    "problem": "is the legacy value \(text)", "suggestion": replacement,
                    "hint": "it is still accepted; write \(replacement) instead", "expected": replacement,
                ], severity: .info)
            }
            let suggestion = Spelling.nearest(to: text, in: allowed) ?? ""
            return GenericSubjects.result(subject, evidence: text, values: [
                "problem": "is not in \(listName)",
                "suggestion": suggestion,
                "hint": suggestion.isEmpty ? "use one of \(listName)" : "did you mean \(suggestion)?",
                "expected": allowed.prefix(12).joined(separator: ", ") + (allowed.count > 12 ? ", …" : ""),
            ])
        }
    }
}
