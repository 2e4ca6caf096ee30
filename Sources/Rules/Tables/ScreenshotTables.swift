import Project
import YAML

/// `appstore_screenshot_sizes`: display type → accepted pixel sizes (portrait; landscape is the transpose),
/// decoded once at load. A row without `display_type` or `sizes`, a size that is not `WIDTHxHEIGHT`, or a
/// `name_contains` that is not a list of word lists is a load error at that row, never a row dropped.
struct ScreenshotDisplayTypes: Sendable {
    struct DisplayType: Sendable {
        let id: String
        let name: String
        let sizes: Set<[Int]>
        /// Alternatives, each a list of words the lower-cased path must all contain (deliver's `2nd generation` test).
        let nameContains: [[String]]

        func accepts(_ shot: AppStoreScreenshot) -> Bool {
            guard let w = shot.width, let h = shot.height, sizes.contains([w, h]) || sizes.contains([h, w]) else { return false }
            guard !nameContains.isEmpty else { return true }
            let path = shot.location.path.lowercased()
            return nameContains.contains { words in words.allSatisfy { path.contains($0) } }
        }
    }

    /// In table order: deliver files a screenshot under the first row that accepts it.
    let types: [DisplayType]

    static let decoder = TableError.decoder(ScreenshotDisplayTypes.init)

    init(_ table: Table) throws(TableError) {
        guard let rows = table.value.sequence else { throw TableError(table, table.value, "expected a list of display types") }
        types = try rows.map { row throws(TableError) in
            guard let id = row["display_type"]?.scalar, let sizes = row["sizes"]?.sequence else {
                throw TableError(table, row, "each row needs `display_type` and a `sizes` list")
            }
            var pixels = Set<[Int]>()
            for size in sizes {
                let parts = size.scalar?.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) } ?? []
                guard parts.count == 2, let width = parts[0], let height = parts[1] else {
                    throw TableError(table, size, "a size is WIDTHxHEIGHT in pixels (1290x2796)")
                }
                pixels.insert([width, height])
            }
            var nameContains: [[String]] = []
            if let alternatives = row["name_contains"] {
                guard let lists = alternatives.sequence else { throw TableError(table, alternatives, "`name_contains` is a list of word lists") }
                for list in lists {
                    guard let words = list.sequence?.map(\.scalar), !words.contains(nil) else {
                        throw TableError(table, list, "`name_contains` is a list of word lists")
                    }
                    nameContains.append(words.compactMap { $0?.lowercased() })
                }
            }
            return DisplayType(id: id, name: row["name"]?.scalar ?? id, sizes: pixels, nameContains: nameContains)
        }
    }

    /// The display type deliver files the screenshot under: the first row (in table order) that accepts it.
    func displayType(of shot: AppStoreScreenshot) -> DisplayType? {
        types.first { $0.accepts(shot) }
    }
}

/// `appstore_screenshot_sets`: `per_set: { min, max }` and, per device (`iphone`, `ipad`), the display types one of
/// which a submission needs; decoded once at load.
struct ScreenshotSets: Sendable {
    let perSetMax: Int?
    let required: [String: [String]]

    static let decoder = TableError.decoder(ScreenshotSets.init)

    init(_ table: Table) throws(TableError) {
        guard let pairs = table.value.mapping else { throw TableError(table, table.value, "expected a mapping of per_set and device sets") }
        var max: Int?
        var required: [String: [String]] = [:]
        for pair in pairs {
            guard let key = pair.key.scalar else { throw TableError(table, pair.key, "a key is a name") }
            if key == "per_set" {
                if let node = pair.value["max"] {
                    guard let number = node.scalar.flatMap({ Int($0) }) else { throw TableError(table, node, "`max` must be a whole number") }
                    max = number
                }
                continue
            }
            guard let ids = pair.value.sequence?.map(\.scalar), !ids.contains(nil) else {
                throw TableError(table, pair.value, "`\(key)` is a list of display types")
            }
            required[key] = ids.compactMap { $0 }
        }
        perSetMax = max
        self.required = required
    }
}
