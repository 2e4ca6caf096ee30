import Project
import StoreLocale
import StoreText
import YAML

/// The store text tables, decoded once at load by the readers the command line's utilities use too
/// (`shipcheck count`, `shipcheck locales`, the report's listing preview): one reading of each table, whose every
/// problem is a load error at its line and column.

/// A `field_limits` table: `[{ field, max, min?, unit, source, note? }]`, each field once.
public struct FieldLimitTable: Sendable {
    public let limits: [FieldLimit]

    /// The row of `field` (`appstore.subtitle`), if the table has one.
    public func limit(of field: String) -> FieldLimit? { limits.first { $0.field == field } }

    public static let name = "field_limits"

    static let decoder = TableError.decoder(FieldLimitTable.init)

    init(_ table: Table) throws(TableError) {
        limits = try TableError.reading(table, FieldLimit.parseTable)
    }

    /// Reads the table as a check reads it, for a caller outside the engine (the command line).
    public static func decode(_ table: Table) -> Result<FieldLimitTable, TableProblem> {
        do throws(TableError) { return .success(try FieldLimitTable(table)) } catch { return .failure(error.problem) }
    }
}

/// A `*_locales` table: `{ codes, legacy?, corrections?, special_folders? }`. What it says does not depend on the
/// store; `for(_:)` labels it with the store a folder is judged for.
public struct LocaleCodeTable: Sendable {
    let table: LocaleTable

    /// The table as `store`'s.
    public func `for`(_ store: Store) -> LocaleTable {
        store == table.store ? table : LocaleTable(store: store, codes: table.codes, legacy: table.legacy,
                                                   corrections: table.corrections, specialFolders: table.specialFolders)
    }

    static let decoder = TableError.decoder(LocaleCodeTable.init)

    init(_ table: Table) throws(TableError) {
        self.table = try TableError.reading(table) { LocaleTable(store: .appstore, reader: $0) }
    }

    /// Reads the table as a check reads it, for a caller outside the engine (the command line).
    public static func decode(_ table: Table) -> Result<LocaleCodeTable, TableProblem> {
        do throws(TableError) { return .success(try LocaleCodeTable(table)) } catch { return .failure(error.problem) }
    }
}
