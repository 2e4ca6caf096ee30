import Foundation
import Project

/// `present`: a value must exist and not be empty. Over `given:` subjects it flags empty values; with
/// `fields` it also flags a locale (or tree, for `root.`/`review.` fields) that lacks the file altogether,
/// counting `default/` values as present, as deliver does. A field missing from every locale is one note for
/// the tree (the team keeps it in the store console), not a warning per locale.
enum GenericPresent {
    static let function = CheckFunction(
        name: "present", summary: "A value exists and is not empty (whitespace only counts as empty)",
        options: [GenericSubjects.fieldsOption], subjects: .optional, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard !GenericSubjects.hasGiven(invocation), let fields = invocation.options.strings("fields") else {
            return invocation.subjects.filter(isEmpty).map { GenericSubjects.result($0, values: ["problem": "empty"]) }
        }
        var results: [CheckResult] = []
        for tree in GenericSubjects.trees(stores: invocation.rule.stores, project: invocation.context.project) {
            let base = ["store": tree.store.rawValue, "tree": tree.name]
            for field in fields {
                if field.hasPrefix("root.") || field.hasPrefix("review.") {
                    let review = field.hasPrefix("review.")
                    let name = String(field.drop { $0 != "." }.dropFirst())
                    let value = review ? tree.reviewInformation[name] : tree.rootFields[name]
                    let folder = review ? RelativePath.join(tree.path, "review_information") : tree.path
                    results += check(value, field: name, base: base, folder: folder)
                    continue
                }
                var perLocale: [CheckResult] = []
                for locale in tree.locales {
                    perLocale += check(locale.fields[field], field: field,
                                       base: base.merging(["locale": locale.code]) { $1 }, folder: locale.location.path)
                }
                results += missingEverywhere(perLocale, locales: tree.locales.count, tree: tree, field: field, base: base) ?? perLocale
            }
        }
        return results
    }

    /// A field no locale has (and no `default/` gives) is kept in the store console on purpose, not forgotten
    /// sixteen times: one note for the tree instead of a warning per locale.
    private static func missingEverywhere(_ results: [CheckResult], locales: Int, tree: MetadataTree, field: String,
                                          base: [String: String]) -> [CheckResult]? {
        guard locales >= 2, results.count == locales, results.allSatisfy({ $0.values["problem"] == "missing" }) else { return nil }
        let values = base.merging(["field": field, "problem": "missing", "value": "", "locale": "all \(locales) locales"]) { $1 }
        return [CheckResult(location: SourceLocation(path: tree.path.isEmpty ? "." : tree.path), evidence: "\(field).txt", values: values, severity: .info)]
    }

    private static func check(_ value: MetadataValue?, field: String, base: [String: String], folder: String) -> [CheckResult] {
        let values = base.merging(["field": field]) { $1 }
        guard let value else {
            let path = RelativePath.join(folder, "\(field).txt")
            return [CheckResult(location: SourceLocation(path: path), evidence: path,
                                values: values.merging(["problem": "missing", "value": ""]) { $1 })]
        }
        guard value.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        return [CheckResult(location: value.location, evidence: value.location.path,
                            values: values.merging(["problem": "empty", "value": ""]) { $1 })]
    }

    private static func isEmpty(_ subject: Subject) -> Bool {
        subject.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}
