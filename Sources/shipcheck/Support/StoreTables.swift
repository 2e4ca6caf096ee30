import ShipcheckCore
import Rules
import StoreLocale
import StoreText
import YAML

/// The store tables the utilities read from the loaded checklists: locale codes and field limits
/// live in rules/*.yml with their sources, never in Swift.
struct StoreTables {
    let locales: [Store: LocaleTable]
    let fieldLimits: [FieldLimit]

    static let localeTableNames: [Store: String] = [.appstore: "appstore_locales", .play: "play_locales"]

    /// Loads the checklists (built-in and `--rules`) and reads their store tables.
    static func load(rulesDirectories: [String]) -> Result<StoreTables, ChecklistCatalog.LoadFailure> {
        do {
            return read(from: try ChecklistCatalog.load(rulesDirectories: rulesDirectories))
        } catch {
            return .failure(error)
        }
    }

    /// Reads the tables; a malformed table is a list of errors with file:line:column.
    static func read(from checklists: [Checklist]) -> Result<StoreTables, ChecklistCatalog.LoadFailure> {
        var tables: [String: Table] = [:]
        for checklist in checklists { tables.merge(checklist.tables) { first, _ in first } }
        var errors: [String] = []
        var locales: [Store: LocaleTable] = [:]
        for (store, name) in localeTableNames {
            guard let table = tables[name] else {
                errors.append("no checklist defines the table \(name) (the \(store.displayName) locale codes)")
                continue
            }
            let diagnostics = Diagnostics(file: table.file)
            let locale = LocaleTable(store: store, reader: NodeReader(node: table.value, path: "tables.\(name).value", diagnostics: diagnostics))
            errors += diagnostics.errors.map(\.description)
            locales[store] = locale
        }
        var limits: [FieldLimit] = []
        if let table = tables["field_limits"] {
            let diagnostics = Diagnostics(file: table.file)
            limits = FieldLimit.parseTable(NodeReader(node: table.value, path: "tables.field_limits.value", diagnostics: diagnostics))
            errors += diagnostics.errors.map(\.description)
        }
        guard errors.isEmpty else { return .failure(ChecklistCatalog.LoadFailure(messages: errors)) }
        return .success(StoreTables(locales: locales, fieldLimits: limits))
    }
}
