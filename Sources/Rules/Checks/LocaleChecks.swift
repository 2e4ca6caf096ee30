import Project
import StoreLocale

/// Check functions for locale folder names, driven by the `*_locales` tables of
/// rules/metadata-locales.yml.
public enum LocaleChecks {
    public static var all: [CheckFunction] { [localeFolder] }

    /// What `report:` selects: folders the store does not accept, or old App Store codes.
    enum Report: String, CaseIterable {
        case invalid, legacy
    }

    /// Judges every `<store>.folders` subject against a locale table. Values for messages:
    /// `expected` (what the store wants, as a phrase), `suggestions`, `language`.
    static let localeFolder = CheckFunction(
        name: "locale-folder",
        summary: "Metadata folder names are locale codes of the store (or its special folders)",
        options: [
            OptionSpec("table", .table, required: true, decode: LocaleCodeTable.decoder, doc: "the locale table (codes, legacy, corrections, special_folders)"),
            OptionSpec("report", .oneOf(Report.allCases.map(\.rawValue)), required: true,
                       doc: "invalid: folders the store does not accept; legacy: old App Store codes with a modern one"),
        ],
        subjects: .required,
        run: { invocation in
            guard let table = invocation.decoded("table", as: LocaleCodeTable.self),
                  let report = invocation.options.string("report").flatMap(Report.init(rawValue:)) else { return [] }
            var tables: [Store: LocaleTable] = [:]
            return invocation.subjects.compactMap { subject in
                guard subject.labels["special"] != "true" else { return nil }
                let store = subject.labels["store"].flatMap(Store.init(rawValue:)) ?? invocation.rule.stores.min() ?? .appstore
                let locales = tables[store] ?? table.for(store)
                tables[store] = locales
                let siblings = existingFolders(of: subject, project: invocation.context.project)
                return result(for: subject, verdict: locales.judge(folder: subject.value), store: store, report: report, existing: siblings)
            }
        })

    /// The other folder names of the tree a folder subject is in: a rename is never suggested onto one of them.
    static func existingFolders(of subject: Subject, project: ProjectModel) -> Set<String> {
        let parent = subject.location.path.split(separator: "/").dropLast().joined(separator: "/")
        guard let tree = project.metadata.first(where: { $0.path == parent && $0.folders.contains { $0.location.path == subject.location.path } })
        else { return [] }
        return Set(tree.folders.map(\.name)).subtracting([subject.value])
    }

    /// `"fr-FR"`, `"pt-PT" or "pt-BR"`, `one of "es-ES", "es-419", "es-US"`.
    static func choice(_ codes: [String]) -> String {
        let quoted = codes.map { "\"\($0)\"" }
        switch quoted.count {
        case 1: return quoted[0]
        case 2: return "\(quoted[0]) or \(quoted[1])"
        default: return "one of " + quoted.joined(separator: ", ")
        }
    }

    static func result(for subject: Subject, verdict: FolderVerdict, store: Store, report: Report, existing: Set<String> = []) -> CheckResult? {
        switch (verdict, report) {
        case (.invalid(let all), .invalid):
            let language = LocaleTable.displayName(subject.value)
            let expected: String
            // A rename onto a folder that is already there would merge two translations: say so instead.
            let taken = all.filter { existing.contains($0) }
            let suggestions = all.filter { !existing.contains($0) }
            if !taken.isEmpty, suggestions.isEmpty {
                expected = "\(store.displayName) expects \(choice(taken)), which already \(taken.count == 1 ? "exists" : "exist") in this tree: merge what this folder holds into it, or delete this folder"
            } else if suggestions.isEmpty {
                expected = "\(store.displayName) has no code for \(language.map { "\($0) (\(subject.value))" } ?? "\"\(subject.value)\"")"
            } else {
                expected = "\(store.displayName) expects " + choice(suggestions)
            }
            return CheckResult(location: subject.location, evidence: subject.value,
                               values: ["expected": expected, "suggestions": suggestions.joined(separator: ", "),
                                        "language": language ?? subject.value, "store_name": store.displayName])
        case (.legacy(let modern), .legacy):
            return CheckResult(location: subject.location, evidence: subject.value,
                               values: ["expected": modern, "suggestions": modern,
                                        "language": LocaleTable.displayName(modern) ?? modern, "store_name": store.displayName])
        default:
            return nil
        }
    }
}
