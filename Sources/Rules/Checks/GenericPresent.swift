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
        options: [
            OptionSpec("ignore_fields", .stringList, doc: "Fields (the `field` label) whose empty value is a normal choice, e.g. an unused sub-category"),
            OptionSpec("anywhere", .bool, doc: "One value among all the selected places is enough (a key any app's Info.plist may set); reported once, at the first place, when none has it"),
        ],
        subjects: .required, placeholders: ["problem", "locale", "files"], judgesAbsence: true, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let ignored = Set(invocation.options.strings("ignore_fields") ?? [])
        let subjects = invocation.subjects.filter { $0.labels["field"].map { !ignored.contains($0) } ?? true }
        if invocation.options.bool("anywhere") == true { return anywhere(subjects) }
        var results: [CheckResult] = []
        // Locale subjects by tree and field, to tell "missing everywhere" from "missing here".
        var localeGroups: [String: [Subject]] = [:]
        var groupOrder: [String] = []
        for subject in subjects {
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

    /// Nothing when any place has a value; else one result at the first, naming every place looked at.
    private static func anywhere(_ subjects: [Subject]) -> [CheckResult] {
        guard let first = subjects.first, subjects.allSatisfy({ $0.isAbsent || isBlank($0.value) }) else { return [] }
        var files: [String] = []
        for subject in subjects {
            let file = subject.labels["plist"] ?? subject.location.path
            if !files.contains(file) { files.append(file) }
        }
        return [CheckResult(location: first.location, evidence: first.labels["key"].map { "no \($0)" } ?? first.location.path,
                            values: first.labels.merging(["problem": "missing", "value": "", "files": files.joined(separator: ", ")]) { $1 })]
    }

    private static func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    private static func check(_ subject: Subject) -> CheckResult? {
        if subject.isAbsent {
            return CheckResult(location: subject.location, evidence: subject.location.path,
                               values: subject.labels.merging(["problem": "missing", "value": ""]) { $1 })
        }
        guard isBlank(subject.value) else { return nil }
        let evidence = subject.labels["key"].map { "\($0) = \"\(subject.value)\"" } ?? subject.location.path
        return CheckResult(location: subject.location, evidence: evidence,
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
