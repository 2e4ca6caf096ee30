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

    /// Reads the tables with the decoders the checks use (Sources/Rules/Tables/StoreTextTables.swift); a malformed
    /// table is a list of errors with file:line:column.
    static func read(from checklists: [Checklist]) -> Result<StoreTables, ChecklistCatalog.LoadFailure> {
        var tables: [String: Table] = [:]
        for checklist in checklists { tables.merge(checklist.tables) { first, _ in first } }
        var errors: [String] = []
        func report(_ problem: TableProblem, in table: Table) {
            errors += ([problem] + problem.also).map { each in
                YAMLError(file: table.file, mark: each.mark, path: "tables.\(table.name).value", message: each.message).description
            }
        }
        var locales: [Store: LocaleTable] = [:]
        for (store, name) in localeTableNames {
            guard let table = tables[name] else {
                errors.append("no checklist defines the table \(name) (the \(store.displayName) locale codes)")
                continue
            }
            switch LocaleCodeTable.decode(table) {
            case .success(let decoded): locales[store] = decoded.for(store)
            case .failure(let problem): report(problem, in: table)
            }
        }
        var limits: [FieldLimit] = []
        if let table = tables[FieldLimitTable.name] {
            switch FieldLimitTable.decode(table) {
            case .success(let decoded): limits = decoded.limits
            case .failure(let problem): report(problem, in: table)
            }
        }
        guard errors.isEmpty else { return .failure(ChecklistCatalog.LoadFailure(messages: errors)) }
        return .success(StoreTables(locales: locales, fieldLimits: limits))
    }
}
