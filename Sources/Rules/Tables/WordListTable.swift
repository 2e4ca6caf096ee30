import Project
import YAML

extension WordList {
    /// For `OptionSpec.decode`: a `{ words: [...], allow: [...] }` table read once at load. A word or an allowed
    /// phrase that is not text is a load error at that entry, never skipped.
    static let decoder = TableError.decoder(WordList.init)

    init(_ table: Table) throws(TableError) {
        func phrases(_ key: String) throws(TableError) -> [String]? {
            guard let node = table.value[key] else { return nil }
            guard let items = node.sequence else { throw TableError(table, node, "`\(key)` is a list of words or phrases") }
            return try items.map { item throws(TableError) in
                guard let text = item.scalar else { throw TableError(table, item, "each entry of `\(key)` is a word or phrase") }
                return text
            }
        }
        // A table without `words` already fails the load by the option's shape (`tableShape`), with the key it has.
        self.init(words: try phrases("words") ?? [], allow: try phrases("allow") ?? [])
    }
}
