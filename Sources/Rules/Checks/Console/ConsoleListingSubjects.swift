import Project
import StoreLocale

/// The live listing texts of the consoles (`ConsoleListingTexts`) as subjects of the metadata selectors
/// (`*.locales.*.<field>`, `*.locales.*.changelogs.*`, and so every `fields:` rule), so that the same rules that
/// judge `fastlane/metadata/fr-FR/description.txt` judge `App Store Connect › fr-FR › description`: one rule per
/// idea, whatever holds the text. Their labels are a tree's: `tree` is the console, `consumer` is `console`.
enum ConsoleListingSubjects {
    static func subjects(for part: Selector.Part, stores: Set<Store>, project: ProjectModel) -> [Subject] {
        let field: String
        switch part {
        case .localeField(let name): field = name
        case .changelogs: field = "changelogs"
        default: return []
        }
        return ConsoleListingTexts.all(in: project).filter { text in
            text.field == field && Store(rawValue: text.store.rawValue).map(stores.contains) == true
        }.map { text in
            var labels = ["store": text.store.rawValue, "tree": text.store.consoleName, "consumer": "console", "field": field,
                          "locale": ConsoleLocation.sanitized(text.locale)]
            if field == "changelogs" {
                labels["version"] = text.versionCodes.joined(separator: ", ")
                labels["note"] = "of \(text.release ?? "a release")"
                labels["release_note"] = "live in \(text.store.consoleName)"
            }
            return Subject(value: text.value, location: text.location, labels: labels)
        }
    }
}

/// How a finding on a live console text is graded (the grading step after evaluation, beside
/// `MetadataConsumerScope`): a text the repository does not hold is what ships and keeps the rule's grade; a text
/// the repository holds differently is a note under the condition `.replacedAtNextUpload`, since the next
/// deliver/supply run sends the repository's file in its place (and that file is judged where it is).
public enum ConsoleListingScope {
    public static func apply(_ findings: [Finding], rule: Rule, project: ProjectModel) -> [Finding] {
        guard case .check(_, let given, _) = rule.kind, given.contains(where: judgesListingText),
              findings.contains(where: { ConsoleLocation.isConsolePlace($0.location.path) }) else { return findings }
        var replaced: [String: ConsoleListingText] = [:]
        for text in ConsoleListingTexts.all(in: project) where text.replacedBy != nil { replaced[text.location.path] = text }
        return findings.map { finding in
            guard let text = replaced[finding.location.path], let file = text.replacedBy?.location.path else { return finding }
            return finding.with(severity: min(finding.severity, .info),
                                condition: .replacedAtNextUpload(uploader: text.uploader, file: file))
        }
    }

    static func judgesListingText(_ selector: Selector) -> Bool {
        switch selector.part {
        case .localeField, .changelogs: return true
        default: return false
        }
    }
}
