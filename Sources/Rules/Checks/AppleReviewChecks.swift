import Foundation
import Project

/// App Review and App Store Connect checks over the app's Info.plists (rules/app-review.yml).
enum AppleReviewChecks {
    static var all: [CheckFunction] { [metadataMentions, infoPlistKey] }

    /// Every selected listing field (`fields`, in the trees of the rule's stores) mentions `pattern` (a regular
    /// expression, case-insensitive). One result for all the locales that lack it, at the first of them: a
    /// listing-wide omission is one finding, not one per language.
    static let metadataMentions = CheckFunction(
        name: "metadata.mentions",
        summary: "Each locale's listing field mentions a pattern; the locales that do not are reported together",
        options: [
            OptionSpec("pattern", .string, required: true, doc: "regular expression searched case-insensitively"),
            GenericSubjects.fieldsOption,
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
        return [CheckResult(location: first.location, evidence: String(first.value.prefix(80)), values: [
            "locales": locales.joined(separator: ", "), "count": String(lacking.count), "of": String(subjects.count),
            "field": first.labels["field"] ?? "",
        ])]
    }

    /// `key` is set in no app Info.plist (nor an `INFOPLIST_KEY_<key>` build setting): one result, at the first app
    /// plist. Test bundles and extensions are not the app; a project without app plists has nothing to say.
    static let infoPlistKey = CheckFunction(
        name: "apple.info_plist_key",
        summary: "The app's Info.plist (or its generated keys) sets a given key",
        options: [OptionSpec("key", .string, required: true, doc: "the Info.plist key that should be set")],
        subjects: .none
    ) { invocation in
        guard let key = invocation.options.string("key") else { return [] }
        let apps = invocation.context.project.infoPlists.filter(isAppPlist).sorted { $0.location < $1.location }
        guard let first = apps.first, !apps.contains(where: { $0.keyLines[key] != nil || $0.strings[key] != nil }) else { return [] }
        return [CheckResult(location: first.location, evidence: "no \(key)", values: [
            "key": key, "file": first.location.path, "files": apps.map(\.location.path).joined(separator: ", "),
        ])]
    }

    /// An application's plist: not a test bundle, and an application target when the Xcode project says what it is.
    static func isAppPlist(_ plist: InfoPlistFile) -> Bool {
        guard !plist.isTestBundle else { return false }
        guard let type = plist.productType else { return true }
        return type == "com.apple.product-type.application" || type.hasPrefix("com.apple.product-type.application.")
    }
}
