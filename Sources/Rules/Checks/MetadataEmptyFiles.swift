import Foundation
import Project

/// Empty metadata files. deliver does not send a value that is empty after trimming, so an emptied
/// App Store file silently keeps whatever App Store Connect has; supply would send the empty text.
/// Either way the file does not do what it looks like it does. Optional fields (subtitle, promotional text…)
/// and fields whose emptiness another rule reports (the required fields) are listed in `ignore`, so a file
/// gets one finding, not two.
enum MetadataEmptyFiles {
    static let function = CheckFunction(
        name: "empty-files", summary: "Metadata files that are empty or whitespace only",
        options: [OptionSpec("ignore", .stringList, doc: "Field names whose empty file is a normal choice (an empty sub-category)")],
        subjects: .none, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let ignored = Set(invocation.options.strings("ignore") ?? [])
        var results: [CheckResult] = []
        let versionCode = MetadataReleaseNotes.versionCode(invocation.context.facts)
        for tree in GenericSubjects.trees(stores: invocation.rule.stores, project: invocation.context.project) {
            var values: [(String?, String, MetadataValue)] = []
            let notes = tree.shippingChangelogs(versionCode: versionCode)
            for locale in tree.locales + (tree.defaults.map { [$0] } ?? []) {
                values += locale.fields.filter { !$0.value.inherited && tree.uploads(field: $0.key) }.map { (locale.code, $0.key, $0.value) }
                // Only the note that ships: an empty old note is history.
                if tree.uploads(field: "changelogs"), let (choice, value) = notes[locale.code] {
                    values.append((locale.code, "changelogs/\(choice.key)", value))
                }
            }
            values += tree.rootFields.map { (nil, $0.key, $0.value) }
            values += tree.reviewInformation.map { (nil, "review_information/\($0.key)", $0.value) }
            for (locale, field, value) in values where !ignored.contains(field) && value.text.allSatisfy(\.isWhitespace) {
                var labels = ["store": tree.store.rawValue, "tree": tree.name, "field": field, "value": ""]
                labels["locale"] = locale ?? ""
                results.append(CheckResult(location: SourceLocation(path: value.location.path), evidence: value.location.path,
                                           values: labels))
            }
        }
        return results.sorted { $0.location < $1.location }
    }
}
