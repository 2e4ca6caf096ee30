import Project
import YAML

/// The table of `one-of`, read once at load: the allowed values (the table's list, or its `values` list) and
/// the `legacy` old → new map, keyed lowercased (the tools compare without case). With `legacy_prefix`
/// (`MZGenre.`), an old value written without the prefix maps too, as deliver strips it before mapping.
/// An entry that is not text is a load error at that entry, never skipped.
struct OneOfTable: Sendable {
    let name: String
    let values: [String]
    let legacy: [String: String]

    static let decoder = TableError.decoder(OneOfTable.init)

    init(_ table: Table) throws(TableError) {
        name = table.name
        guard let list = table.value.sequence ?? table.value["values"]?.sequence else {
            throw TableError(table, table.value, "expected a list of values, or a `values` list")
        }
        values = try list.map { item throws(TableError) in
            guard let text = item.scalar else { throw TableError(table, item, "each value is text") }
            return text
        }
        var map: [String: String] = [:]
        let prefix = table.value["legacy_prefix"]?.scalar?.lowercased()
        if let legacy = table.value["legacy"] {
            guard let pairs = legacy.mapping else { throw TableError(table, legacy, "`legacy` maps an old value to the one that replaces it") }
            for pair in pairs {
                guard let key = pair.key.scalar?.lowercased(), let value = pair.value.scalar else {
                    throw TableError(table, pair.key, "`legacy` maps an old value to the one that replaces it")
                }
                map[key] = value
                if let prefix, !prefix.isEmpty, key.hasPrefix(prefix) {
                    let bare = String(key.dropFirst(prefix.count))
                    if map[bare] == nil { map[bare] = value }
                }
            }
        }
        legacy = map
    }
}

/// The nearest-name suggestion the checks share with the loader's diagnostics (Sources/YAML/Spelling.swift), named
/// here so that the checks need not import the YAML module.
typealias Spelling = YAML.Spelling
