import Project
import StoreLocale

/// The values a text check runs over: the rule's `given:` subjects, or, for a rule without `given:`,
/// the metadata fields named by its `fields` option (`description`, `changelogs`, `root.copyright`,
/// `review.notes`) in every tree of the rule's stores. The `fields` form lets one rule cover several
/// fields of a listing (placeholder text anywhere in it) with one pair of examples.
enum GenericSubjects {
    static let fieldsOption = OptionSpec("fields", .stringList,
        doc: "Without `given:`: metadata fields to check (`description`, `changelogs`, `root.copyright`, `review.notes`) in every tree of the rule's stores")

    static func subjects(_ invocation: CheckInvocation) -> [Subject] {
        if hasGiven(invocation) { return invocation.subjects }
        guard let fields = invocation.options.strings("fields") else { return invocation.subjects }
        return metadata(fields: fields, stores: invocation.rule.stores, project: invocation.context.project)
    }

    /// Whether the rule selects its subjects with `given:` (then the engine has already chosen them).
    static func hasGiven(_ invocation: CheckInvocation) -> Bool {
        if case .check(_, .some, _) = invocation.rule.kind { return true }
        return false
    }

    /// Each value once: a locale's own files and the `default/` folder's files (inherited copies are skipped,
    /// so a problem in `default/` is reported once, at `default/`).
    static func metadata(fields: [String], stores: Set<Store>, project: ProjectModel) -> [Subject] {
        var subjects: [Subject] = []
        let versionCode = MetadataReleaseNotes.versionCode(project.facts)
        for tree in trees(stores: stores, project: project) {
            let judging = tree.judgingStore(among: stores)?.store ?? tree.store
            let base = ["store": judging.rawValue, "tree": tree.name, "consumer": tree.consumer.name]
            let notes = fields.contains("changelogs") ? tree.shippingChangelogs(versionCode: versionCode) : [:]
            for field in fields where tree.uploads(field: field) {
                if field.hasPrefix("root.") {
                    let name = String(field.dropFirst(5))
                    if let value = tree.rootFields[name] { subjects.append(subject(value, base, ["field": name])) }
                    continue
                }
                if field.hasPrefix("review.") {
                    let name = String(field.dropFirst(7))
                    if let value = tree.reviewInformation[name] { subjects.append(subject(value, base, ["field": name])) }
                    continue
                }
                for locale in tree.locales + (tree.defaults.map { [$0] } ?? []) {
                    let labels = base.merging(["locale": locale.code, "field": field]) { $1 }
                    if field == "changelogs" {
                        // Only the note that ships; older notes are history no store receives.
                        if locale.code != "default", let (choice, value) = notes[locale.code] {
                            subjects.append(subject(value, labels, ["version": choice.key, "release_note": choice.reason]))
                        }
                    } else if let value = locale.fields[field], !value.inherited {
                        subjects.append(subject(value, labels, [:]))
                    }
                }
            }
        }
        return subjects.sorted { $0.location < $1.location }
    }

    /// The trees a rule looks at: those its stores judge, by consumer (all trees when it names none). A Play
    /// rule sees Play trees and supply trees nobody is known to upload, never an F-Droid-only tree.
    static func trees(stores: Set<Store>, project: ProjectModel) -> [MetadataTree] {
        project.metadata.filter { stores.isEmpty || $0.judgingStore(among: stores) != nil }
    }

    private static func subject(_ value: MetadataValue, _ labels: [String: String], _ extra: [String: String]) -> Subject {
        Subject(value: value.text, location: value.location, labels: labels.merging(extra) { $1 })
    }

    /// A result for `subject`, its labels copied into the message values (a rule without `given:` has no
    /// subject for the engine to take them from).
    static func result(_ subject: Subject, at location: SourceLocation? = nil, evidence: String? = nil,
                       values: [String: String] = [:], severity: Severity? = nil) -> CheckResult {
        CheckResult(location: location ?? subject.location, evidence: evidence ?? TextPosition.snippet(subject.value),
                    values: subject.labels.merging(["value": subject.value]) { $1 }.merging(values) { $1 },
                    severity: severity)
    }
}

/// Where a match inside a value is, as a file location, and a short quote of it.
enum TextPosition {
    static func location(of range: Range<String.Index>, in text: String, base: SourceLocation) -> SourceLocation {
        var line = base.line ?? 1
        var column = 1
        for character in text[..<range.lowerBound] {
            if character.isNewline { line += 1; column = 1 } else { column += 1 }
        }
        return SourceLocation(path: base.path, line: line, column: column)
    }

    /// At most `limit` characters of `text`, on one line.
    static func snippet(_ text: String, limit: Int = 80) -> String {
        // Only the head can show, so only the head is flattened (texts run to 4,000 characters).
        let head = text.prefix(limit + 1)
        let flat = head.split(whereSeparator: \.isNewline).joined(separator: " ")
        return head.count <= limit ? flat : String(flat.prefix(limit)) + "…"
    }
}

/// Joins project-relative paths the way `SourceLocation` writes them (forward slashes, no leading `./`).
enum RelativePath {
    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : "\(folder)/\(name)"
    }
}
