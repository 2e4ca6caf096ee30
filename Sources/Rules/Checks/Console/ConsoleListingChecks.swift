import Project
import StoreText
import YAML

/// The live listing texts (App Store Connect localizations, Play listings and release notes) measured by the
/// same limits as the repository's metadata (`field_limits`), each at a logical location such as
/// `App Store Connect › fr-FR › description`. A field the repository's metadata also holds for that locale
/// is what deliver/supply will replace: a note, whatever the limit's grade.
enum ConsoleListingChecks {
    static let listingLength = CheckFunction(
        name: "console.listing_length",
        summary: "Each live console listing text is within its field's store limit (the field_limits table)",
        options: [
            OptionSpec("fields", .table, required: true, decode: TableError.decoder(ConsoleListingFields.init), doc: "console field → metadata field, limit id and grade"),
            OptionSpec("table", .table, doc: "The limits table; default `field_limits`"),
        ],
        subjects: .none,
        placeholders: ["console", "locale", "field", "count", "unit", "max", "over", "replaced"]
    ) { invocation in
        guard let fields = invocation.decoded("fields", as: ConsoleListingFields.self),
              let snapshot = invocation.context.project.console.snapshot,
              let table = invocation.context.tables[invocation.options.string("table") ?? "field_limits"] else { return [] }
        let limits = FieldLimit.parseTable(NodeReader(node: table.value, diagnostics: Diagnostics(file: table.file)))
        var results: [CheckResult] = []
        for text in ConsoleListingTexts.all(snapshot) {
            guard let row = fields.rows.first(where: { $0.console == text.key }),
                  let limit = limits.first(where: { $0.field == row.limit }) else { continue }
            let max = limit.max
            let count = TextCounter.count(text.value, in: limit.unit)
            guard count > max else { continue }
            let held = repositoryHolds(invocation.context.project, store: text.store, locale: text.locale, field: row.metadata)
            let grade = held ? Severity.info : row.severity
            results.append(CheckResult(
                location: ConsoleLocation.at(text.store, text.locale, text.field),
                evidence: nil,
                values: ["console": text.store.consoleName, "locale": ConsoleLocation.sanitized(text.locale), "field": text.field,
                         "count": String(count), "unit": limit.unit == .utf16 ? "characters (UTF-16 units)" : limit.unit.noun,
                         "max": String(max), "over": String(count - max),
                         "replaced": held ? "; the repository's \(row.metadata) for \(text.locale) differs and the next \(text.store == .appstore ? "deliver" : "supply") run will replace it" : ""],
                severity: grade))
        }
        return results
    }

    /// Whether a metadata tree for `store` holds `field` for `locale` (exact folder name, or the language part).
    static func repositoryHolds(_ project: ProjectModel, store: ConsoleStore, locale: String, field: String) -> Bool {
        project.metadata.contains { tree in
            guard tree.store.rawValue == store.rawValue else { return false }
            return tree.locales.contains { folder in
                (folder.code == locale || folder.code.lowercased() == locale.lowercased())
                    && (field == "changelogs" ? !folder.changelogs.isEmpty : folder.fields[field] != nil)
            }
        }
    }
}

/// One live text with its place: `appstore.description` for `fr-FR`.
struct ConsoleListingText {
    let store: ConsoleStore
    let locale: String
    /// As the API names it (`description`, `fullDescription`, `releaseNotes`).
    let field: String
    /// `appstore.description`: the key the `fields` table maps.
    var key: String { "\(store.rawValue).\(field)" }
    let value: String
}

enum ConsoleListingTexts {
    static func all(_ snapshot: ConsoleSnapshot) -> [ConsoleListingText] {
        var texts: [ConsoleListingText] = []
        func add(_ store: ConsoleStore, _ locale: String, _ field: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            texts.append(ConsoleListingText(store: store, locale: locale, field: field, value: value))
        }
        if let asc = snapshot.appStoreConnect {
            for localization in asc.appInfo?.localizations ?? [] {
                add(.appstore, localization.locale, "name", localization.name)
                add(.appstore, localization.locale, "subtitle", localization.subtitle)
                add(.appstore, localization.locale, "privacyPolicyUrl", localization.privacyPolicyUrl)
            }
            for localization in asc.version?.localizations ?? [] {
                add(.appstore, localization.locale, "description", localization.description)
                add(.appstore, localization.locale, "keywords", localization.keywords)
                add(.appstore, localization.locale, "whatsNew", localization.whatsNew)
                add(.appstore, localization.locale, "promotionalText", localization.promotionalText)
                add(.appstore, localization.locale, "supportUrl", localization.supportUrl)
                add(.appstore, localization.locale, "marketingUrl", localization.marketingUrl)
            }
        }
        if let play = snapshot.googlePlay {
            for listing in play.listings {
                add(.play, listing.language, "title", listing.title)
                add(.play, listing.language, "shortDescription", listing.shortDescription)
                add(.play, listing.language, "fullDescription", listing.fullDescription)
            }
            for track in play.tracks {
                for release in track.releases {
                    for note in release.releaseNotes { add(.play, note.language, "releaseNotes", note.text) }
                }
            }
        }
        return texts
    }
}

/// `[{ console: appstore.description, metadata: description, limit: appstore.description, severity: error }]`.
struct ConsoleListingFields: Sendable {
    struct Row: Sendable {
        let console: String
        let metadata: String
        let limit: String
        let severity: Severity
    }

    let rows: [Row]

    init(_ table: Table) throws(TableError) {
        guard let list = table.value.sequence else { throw TableError(table, table.value, "expected a list of { console, metadata, limit, severity }") }
        var rows: [Row] = []
        for node in list {
            guard let console = node["console"]?.scalar, let metadata = node["metadata"]?.scalar, let limit = node["limit"]?.scalar,
                  let severity = node["severity"]?.scalar.flatMap(Severity.init(rawValue:)) else {
                throw TableError(table, node, "each row has console, metadata, limit and severity (error, warning or info)")
            }
            rows.append(Row(console: console, metadata: metadata, limit: limit, severity: severity))
        }
        self.rows = rows
    }
}
