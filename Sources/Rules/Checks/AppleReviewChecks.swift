import Foundation
import Project

/// App Review checks over the listing (rules/app-review.yml); Info.plist keys are `present` over `apple.apps.*.<key>`.
enum AppleReviewChecks {
    static var all: [CheckFunction] { [metadataMentions] }

    /// Every selected listing field (`fields`, in the trees of the rule's stores) mentions `pattern` (a regular
    /// expression, case-insensitive). One result for all the locales that lack it, at the first of them: a
    /// listing-wide omission is one finding, not one per language.
    static let metadataMentions = CheckFunction(
        name: "metadata.mentions",
        summary: "Each locale's listing field mentions a pattern; the locales that do not are reported together",
        options: [
            OptionSpec("pattern", .string, required: true, doc: "regular expression searched case-insensitively"),
            OptionSpec("primary_locales", .stringList,
                       doc: "locales App Review reads first: when one of them mentions the pattern, the other locales lacking it are a note"),
        ],
        subjects: .required
    ) { invocation in
        guard let pattern = invocation.options.string("pattern") else { return [] }
        let regex: NSRegularExpression
        do { regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) } catch {
            return [CheckResult(location: SourceLocation(path: invocation.rule.id), evidence: pattern,
                                values: ["locales": "(pattern does not compile)", "count": "0", "field": ""])]
        }
        let subjects = invocation.subjects
        let lacking = subjects.filter { subject in
            regex.firstMatch(in: subject.value, range: NSRange(subject.value.startIndex..., in: subject.value)) == nil
        }
        guard let first = lacking.first else { return [] }
        let locales = lacking.compactMap { $0.labels["locale"] }
        // Review reads the primary language: a mention there leaves the translations' gap as advice.
        let primary = Set(invocation.options.strings("primary_locales") ?? [])
        let primaryMentions = subjects.contains { subject in
            subject.labels["locale"].map(primary.contains) == true && !lacking.contains { $0.location == subject.location }
        }
        return [CheckResult(location: first.location, evidence: String(first.value.prefix(80)), values: [
            "locales": locales.joined(separator: ", "), "count": String(lacking.count), "of": String(subjects.count),
            "field": first.labels["field"] ?? "",
        ], severity: primaryMentions ? .info : nil)]
    }
}
