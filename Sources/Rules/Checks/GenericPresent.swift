import Foundation
import Project

/// `present`: a value must exist and not be empty. The selector names the field or key, so it also hands over
/// the places where it is missing (`Subject.isAbsent`): a locale without the file (a `default/` value counts, as
/// deliver reads it), a tree without a root or review file, an app plist without the key. A locale field missing
/// from every locale of a tree is one note for the tree (the team keeps it in the store console), not a warning
/// per locale.
enum GenericPresent {
    static let function = CheckFunction(
        name: "present", summary: "A value exists and is not empty (whitespace only counts as empty); a named field or key that is missing is reported",
        options: [GenericSubjects.fieldsOption], subjects: .required, placeholders: ["problem", "locale"], judgesAbsence: true, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        var results: [CheckResult] = []
        // Locale subjects by tree and field, to tell "missing everywhere" from "missing here".
        var localeGroups: [String: [Subject]] = [:]
        var groupOrder: [String] = []
        for subject in invocation.subjects {
            if let locale = subject.labels["locale"], locale != "default", subject.labels["version"] == nil {
                let key = "\(subject.labels["tree"] ?? "")\u{0}\(subject.labels["field"] ?? "")"
                if localeGroups[key] == nil { groupOrder.append(key) }
                localeGroups[key, default: []].append(subject)
            } else if let result = check(subject) {
                results.append(result)
            }
        }
        for key in groupOrder {
            let subjects = localeGroups[key] ?? []
            if let note = missingEverywhere(subjects, project: invocation.context.project) {
                results.append(note)
            } else {
                results += subjects.compactMap(check)
            }
        }
        return results
    }

    private static func check(_ subject: Subject) -> CheckResult? {
        if subject.isAbsent {
            return CheckResult(location: subject.location, evidence: subject.location.path,
                               values: subject.labels.merging(["problem": "missing", "value": ""]) { $1 })
        }
        guard subject.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return CheckResult(location: subject.location, evidence: subject.location.path,
                           values: subject.labels.merging(["problem": "empty", "value": ""]) { $1 })
    }

    /// A field no locale has (and no `default/` gives) is kept in the store console on purpose, not forgotten
    /// sixteen times: one note for the tree instead of a warning per locale.
    private static func missingEverywhere(_ subjects: [Subject], project: ProjectModel) -> CheckResult? {
        guard subjects.count >= 2, subjects.allSatisfy(\.isAbsent), let first = subjects.first,
              let field = first.labels["field"] else { return nil }
        let treeName = first.labels["tree"]
        let tree = project.metadata.first { $0.name == treeName }
        let path = tree.map { $0.path.isEmpty ? "." : $0.path } ?? "."
        let values = first.labels.merging(["field": field, "problem": "missing", "value": "", "locale": "all \(subjects.count) locales"]) { $1 }
        return CheckResult(location: SourceLocation(path: path), evidence: "\(field).txt", values: values, severity: .info)
    }
}
