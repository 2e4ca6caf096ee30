import Project
import YAML

/// The Play image requirement table of `image-size`, read once at load: each row names its `types` and any of
/// `width`, `height`, `min`, `max` (whole pixels), `max_ratio`, `formats`, `max_kb` and `alpha` (a severity). A row
/// without `types` or with a value of the wrong kind is a load error at that value, never a row dropped.
struct ImageRequirements: Sendable {
    let rows: [MetadataImages.Requirement]

    static let decoder = TableError.decoder { table throws(TableError) in
        guard let rows = table.value.sequence else { throw TableError(table, table.value, "expected a list of image requirement rows") }
        return ImageRequirements(rows: try rows.map { row throws(TableError) in try MetadataImages.Requirement(row, in: table) })
    }
}

extension MetadataImages.Requirement {
    init(_ row: Node, in table: Table) throws(TableError) {
        func texts(_ key: String) throws(TableError) -> [String]? {
            guard let node = row[key] else { return nil }
            guard let items = node.sequence?.map(\.scalar), !items.contains(nil) else { throw TableError(table, node, "`\(key)` is a list of names") }
            return items.compactMap { $0 }
        }
        func whole(_ key: String) throws(TableError) -> Int? {
            guard let node = row[key] else { return nil }
            guard let number = node.scalar.flatMap({ Int($0) }) else { throw TableError(table, node, "`\(key)` must be a whole number") }
            return number
        }
        guard let types = try texts("types") else { throw TableError(table, row, "each row needs a `types` list") }
        var ratio: Double?
        if let node = row["max_ratio"] {
            guard let value = node.scalar.flatMap({ Double($0) }) else { throw TableError(table, node, "`max_ratio` must be a number") }
            ratio = value
        }
        var alpha = Severity.info
        if let node = row["alpha"] {
            guard let severity = node.scalar.flatMap(Severity.init(rawValue:)) else { throw TableError(table, node, "`alpha` is a severity (error, warning, info)") }
            alpha = severity
        }
        self.init(types: types, width: try whole("width"), height: try whole("height"), min: try whole("min"), max: try whole("max"),
                  maxRatio: ratio, formats: try texts("formats") ?? [], maxKB: try whole("max_kb"), alphaSeverity: alpha)
    }
}
