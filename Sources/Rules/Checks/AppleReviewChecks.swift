import Foundation
import Project

/// App Review checks over the listing (rules/app-review.yml); Info.plist keys are `present` over `apple.apps.*.<key>`.
enum AppleReviewChecks {
    static var all: [CheckFunction] { [metadataMentions] }

    /// Every selected listing field (`fields`, in the trees of the rule's stores) mentions `pattern` (a regular
    /// expression, case-insensitive). One result per metadata tree for all its locales that lack it, at the first
    /// of them: a listing-wide omission is one finding, not one per language.
    static let metadataMentions = CheckFunction(
        name: "metadata.mentions",
        summary: "Each locale's listing field mentions a pattern; the locales that do not are reported together",
        options: [
            OptionSpec("pattern", .string, required: true, doc: "regular expression searched case-insensitively"),
            OptionSpec("primary_locales", .stringList,
                       doc: "locales App Review reads first, in order (`default` is deliver's fallback folder): when the first of them a tree has mentions the pattern, the other locales lacking it are a note"),
        ],
        subjects: .required
    ) { invocation in
        guard let pattern = invocation.options.string("pattern") else { return [] }
        let regex: NSRegularExpression
        do { regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) } catch {
            return [CheckResult(location: SourceLocation(path: invocation.rule.id), evidence: pattern,
                                values: ["locales": "(pattern does not compile)", "count": "0", "field": ""])]
        }
        let prefilter = RegexPrefilter(pattern: pattern, caseInsensitive: true)
        // One finding per tree (an app's listing): a monorepo's or a white-label project's trees are separate apps.
        let primaryOrder = invocation.options.strings("primary_locales") ?? []
        var trees: [String] = []
        var byTree: [String: [Subject]] = [:]
        for subject in invocation.subjects {
            let tree = subject.labels["tree"] ?? ""
            if byTree[tree] == nil { trees.append(tree) }
            byTree[tree, default: []].append(subject)
        }
        return trees.compactMap { tree -> CheckResult? in
            let subjects = byTree[tree] ?? []
            let mentions = { (subject: Subject) in
                prefilter?.mayMatch(subject.value) != false
                    && regex.firstMatch(in: subject.value, range: NSRange(subject.value.startIndex..., in: subject.value)) != nil
            }
            let lacking = subjects.filter { !mentions($0) }
            guard let first = lacking.first else { return nil }
            let locales = lacking.compactMap { $0.labels["locale"] }
            // Review reads the primary language first (the first of `primary_locales` the tree has): a mention
            // there leaves the translations' gap as advice.
            let primary = primaryOrder.lazy.compactMap { code in subjects.first { $0.labels["locale"] == code } }.first
            return CheckResult(location: first.location, evidence: String(first.value.prefix(80)), values: [
                "locales": locales.joined(separator: ", "), "count": String(lacking.count), "of": String(subjects.count),
                "field": first.labels["field"] ?? "",
            ], severity: primary.map(mentions) == true ? .info : nil)
        }
    }
}
