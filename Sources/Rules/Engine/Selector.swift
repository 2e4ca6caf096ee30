import Project
import StoreLocale

/// What a `given:` selects from the store metadata. The language is deliberately small:
///
///     <store>.locales.*.<field>          a field of every locale (App Store `default/` included as locale "default")
///     <store>.locales.*.changelogs.*     the changelog that ships, per locale (labels `version`, `release_note`)
///     <store>.root.<field>               an App Store root file (copyright, primary_category, …)
///     <store>.review.<field>             an App Store review_information file
///     <store>.folders                    every sub-folder of every tree (label `special` = true|false)
///
/// `<store>` is `appstore`, `play`, `fdroid` or `*` (all). A tree is selected for the store that reads it
/// (`MetadataTree.judgement(by:)`).
public struct Selector: Sendable, Equatable, CustomStringConvertible {
    public enum Part: Sendable, Equatable {
        case localeField(String)
        case changelogs
        case root(String)
        case review(String)
        case folders
    }

    /// nil: both stores.
    public let store: Store?
    public let part: Part
    public let text: String

    public var description: String { text }

    public static let grammar = "<appstore|play|fdroid|*>.locales.*.<field>, <store>.locales.*.changelogs.*, <store>.root.<field>, <store>.review.<field> or <store>.folders"

    public static func parse(_ text: String) throws(ExpressionError) -> Selector {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, parts.count >= 2 else {
            throw ExpressionError(message: "a selector has the form \(grammar)", offset: 0)
        }
        let store: Store?
        if first == "*" { store = nil } else if let s = Store(rawValue: first) { store = s } else {
            throw ExpressionError(message: "unknown store \"\(first)\"; expected appstore, play, fdroid or *", offset: 0)
        }
        let rest = Array(parts.dropFirst())
        let offset = first.count + 1
        func isField(_ s: String) -> Bool {
            !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        }
        switch rest.first {
        case "locales":
            guard rest.count >= 3, rest[1] == "*" else {
                throw ExpressionError(message: "write \(first).locales.*.<field>", offset: offset)
            }
            if rest.count == 4, rest[2] == "changelogs", rest[3] == "*" {
                return Selector(store: store, part: .changelogs, text: text)
            }
            guard rest.count == 3, isField(rest[2]) else {
                throw ExpressionError(message: "expected a field name after locales.*. (e.g. keywords, title)", offset: offset + 10)
            }
            return Selector(store: store, part: .localeField(rest[2]), text: text)
        case "root", "review":
            guard rest.count == 2, isField(rest[1]) else {
                throw ExpressionError(message: "write \(first).\(rest[0]).<field>", offset: offset)
            }
            return Selector(store: store, part: rest[0] == "root" ? .root(rest[1]) : .review(rest[1]), text: text)
        case "folders":
            guard rest.count == 1 else { throw ExpressionError(message: "nothing may follow .folders", offset: offset + 7) }
            return Selector(store: store, part: .folders, text: text)
        default:
            throw ExpressionError(message: "unknown part \"\(rest.first ?? "")\"; a selector has the form \(grammar)", offset: offset)
        }
    }

    /// Every label a selected subject may carry, for the `{{placeholders}}` a rule with `given:` may use.
    public static let labelNames: Set<String> = ["store", "tree", "field", "locale", "version", "special"]

    /// The subjects this selector picks from the project, limited to `stores`, in tree/locale/file order.
    public func subjects(in project: ProjectModel, stores: Set<Store>) -> [Subject] {
        var subjects: [Subject] = []
        // A tree is selected for the store that judges it (its consumer, or Play for a supply tree nobody is
        // known to upload); `store` in the labels is that store. The changelog part picks only the note that
        // ships (MetadataReleaseNotes): older notes never reach a store.
        let candidates: Set<Store> = store.map { stores.isEmpty || stores.contains($0) ? [$0] : [] } ?? (stores.isEmpty ? Set(Store.allCases) : stores)
        let versionCode = MetadataReleaseNotes.versionCode(project.facts)
        for tree in project.metadata {
            guard !candidates.isEmpty, let judging = tree.judgingStore(among: candidates) else { continue }
            var base = ["store": judging.store.rawValue, "tree": tree.name, "consumer": tree.consumer.name]
            switch part {
            case .localeField(let field):
                guard tree.uploads(field: field) else { continue }
                base["field"] = field
                let locales = (tree.defaults.map { [$0] } ?? []) + tree.locales
                for locale in locales {
                    guard let value = locale.fields[field], !value.inherited else { continue }
                    var labels = base
                    labels["locale"] = locale.code
                    subjects.append(Subject(value: value.text, location: value.location, labels: labels))
                }
            case .changelogs:
                guard tree.uploads(field: "changelogs") else { continue }
                base["field"] = "changelogs"
                let notes = tree.shippingChangelogs(versionCode: versionCode)
                for locale in tree.locales {
                    guard let (choice, value) = notes[locale.code] else { continue }
                    var labels = base
                    labels["locale"] = locale.code
                    labels["version"] = choice.key
                    labels["release_note"] = choice.reason
                    subjects.append(Subject(value: value.text, location: value.location, labels: labels))
                }
            case .root(let field):
                guard let value = tree.rootFields[field] else { continue }
                base["field"] = field
                subjects.append(Subject(value: value.text, location: value.location, labels: base))
            case .review(let field):
                guard let value = tree.reviewInformation[field] else { continue }
                base["field"] = field
                subjects.append(Subject(value: value.text, location: value.location, labels: base))
            case .folders:
                for folder in tree.folders {
                    var labels = base
                    labels["special"] = folder.isSpecial ? "true" : "false"
                    subjects.append(Subject(value: folder.name, location: folder.location, labels: labels))
                }
            }
        }
        return subjects
    }
}
