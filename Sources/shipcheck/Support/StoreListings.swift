import Project
import Reports
import Rules
import ShipcheckCore
import StoreLocale
import StoreText

/// The HTML report's store-listing preview, drawn from the inspected metadata trees and the `field_limits`
/// table of the loaded checklists (rules/metadata.yml): each field counted in the unit its store counts and
/// cut where the store's limit falls.
enum StoreListings {
    /// The limits table of the checklists that ran; empty when none defines it (then counts show without limits).
    static func limits(_ checklists: [Checklist]) -> [String: FieldLimit] {
        // The checklists loaded, so the table decoded at load when a rule reads it; a team's unread, broken one gives no limits.
        guard let table = checklists.lazy.compactMap({ $0.tables[FieldLimitTable.name] }).first,
              let limits = try? FieldLimitTable.decode(table).get().limits else { return [:] }
        return Dictionary(limits.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func make(_ trees: [MetadataTree], checklists: [Checklist], paths: ReportPaths) -> [StoreListing] {
        let limits = limits(checklists)
        return trees.map { tree in
            // The store whose rules judge the tree: F-Droid's limits for a supply tree F-Droid reads.
            let store = tree.consumer.store ?? tree.store
            let locales = tree.locales.sorted { $0.code < $1.code }.map { locale -> StoreListing.Locale in
                var fields = locale.fields.sorted { $0.key < $1.key }.map { name, value in
                    field(name, value, limit: limits[limitID(store: store, layout: tree.store, field: name)], paths: paths)
                }
                fields += locale.changelogs.sorted { $0.key < $1.key }.map { version, value in
                    field("changelogs/\(version)", value, limit: limits[limitID(store: store, layout: tree.store, field: "changelogs")], paths: paths)
                }
                let images = locale.images.map { image in
                    StoreListing.Image(slot: image.type, path: paths.fromBase(image.location.path), width: image.width, height: image.height)
                }
                return StoreListing.Locale(code: locale.code, fields: fields, images: images)
            }
            return StoreListing(store: store.displayName, path: paths.fromBase(tree.path), name: tree.name, locales: locales)
        }
    }

    static func field(_ name: String, _ value: MetadataValue, limit: FieldLimit?, paths: ReportPaths) -> StoreListing.Field {
        let path = paths.fromBase(value.location.path)
        guard let limit else {
            return StoreListing.Field(name: name, path: path, fitting: value.text, over: "", count: TextCounter.count(value.text, in: .utf16),
                                      limit: nil, unit: CountUnit.utf16.noun, inherited: value.inherited)
        }
        let check = limit.evaluate(value.text)
        let cut = check.cutIndex ?? value.text.endIndex
        return StoreListing.Field(name: name, path: path, fitting: String(value.text[..<cut]), over: String(value.text[cut...]),
                                  count: check.count, limit: limit.max, unit: limit.unit.noun, inherited: value.inherited)
    }

    /// `play.title`, `appstore.subtitle`, `fdroid.summary`: a field's row in `field_limits`. A supply tree read by
    /// F-Droid is judged by F-Droid's names for the same files.
    static func limitID(store: Store, layout: Store, field: String) -> String {
        guard store == .fdroid else { return "\(store.rawValue).\(field)" }
        let fdroidNames = ["title": "name", "short_description": "summary", "full_description": "description", "changelogs": "whats_new"]
        return "fdroid." + (fdroidNames[field] ?? field)
    }
}
