import Project
import YAML

/// The small text tables of the policy checks, read once at load. Every entry must be text: an entry that is
/// not is a load error at that entry, never dropped.

/// A list of text values (`phrases`).
struct TextList: Sendable {
    let values: [String]

    static let decoder = TableError.decoder { table throws(TableError) in TextList(values: try texts(table, table.value, "a list of text values")) }
}

/// Named lists of text values (`{ hosts: [...], suffixes: [...], prefixes: [...] }`); a name the table lacks is empty.
struct NamedTextLists: Sendable {
    let lists: [String: [String]]

    subscript(name: String) -> [String] { lists[name] ?? [] }

    static let decoder = TableError.decoder { table throws(TableError) in
        guard let pairs = table.value.mapping else { throw TableError(table, table.value, "expected a mapping of names to lists of text values") }
        var lists: [String: [String]] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar else { throw TableError(table, pair.key, "a key is a name") }
            lists[name] = try texts(table, pair.value, "`\(name)` is a list of text values")
        }
        return NamedTextLists(lists: lists)
    }
}

/// Key → text values, in table order (`permission → Play data types`). A row is a list, a single value, or
/// `{ types: [...], source: "..." }` (the source is data for readers).
struct TextListsByKey: Sendable {
    let rows: [(key: String, values: [String])]

    static let decoder = TableError.decoder(read)

    static func read(_ table: Table) throws(TableError) -> TextListsByKey {
        guard let pairs = table.value.mapping else { throw TableError(table, table.value, "expected a mapping of keys to lists of text values") }
        let rows = try pairs.map { pair throws(TableError) -> (key: String, values: [String]) in
            guard let key = pair.key.scalar else { throw TableError(table, pair.key, "a key is a name") }
            let value = pair.value["types"] ?? pair.value
            if let single = value.scalar { return (key, [single]) }
            return (key, try texts(table, value, "`\(key)` maps to a value, a list of values or `{ types: [...] }`"))
        }
        return TextListsByKey(rows: rows)
    }
}

/// `TextListsByKey` whose keys are facts the check reads (`android.permission.CAMERA → Play data types`): each key
/// is held to the catalog at load, so a misspelt permission in a team's table is a load error at its column.
struct FactListsByKey: Sendable, NamesFacts {
    let lists: TextListsByKey
    let factNames: [(name: String, mark: Mark)]

    static let decoder = TableError.decoder { table throws(TableError) -> FactListsByKey in
        let lists = try TextListsByKey.read(table)
        let keys = (table.value.mapping ?? []).compactMap { pair in pair.key.scalar.map { (name: $0, mark: pair.key.mark) } }
        return FactListsByKey(lists: lists, factNames: keys)
    }
}

/// The text values of a list node, or a load error saying `expected`.
private func texts(_ table: Table, _ node: Node, _ expected: String) throws(TableError) -> [String] {
    guard let items = node.sequence else { throw TableError(table, node, "expected \(expected)") }
    return try items.map { item throws(TableError) in
        guard let text = item.scalar else { throw TableError(table, item, "expected \(expected)") }
        return text
    }
}
