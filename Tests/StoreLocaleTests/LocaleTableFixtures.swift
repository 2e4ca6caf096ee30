import Foundation
import StoreLocale
import YAML

/// The real tables from rules/metadata-locales.yml, so the tests check the data the tool ships.
enum ShippedTables {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "rules/metadata-locales.yml")

    static func load(_ name: String, store: Store) throws -> (LocaleTable, [YAMLError]) {
        let data = try Data(contentsOf: file)
        let text = String(decoding: data, as: UTF8.self)
        guard let root = try YAMLParser.parse(data: data, file: "metadata-locales.yml"),
              let value = root["tables"]?[name]?["value"] else {
            throw YAMLError(file: "metadata-locales.yml", mark: nil, message: "no table \(name)")
        }
        let diagnostics = Diagnostics(file: "metadata-locales.yml", source: text)
        let table = LocaleTable(store: store, reader: NodeReader(node: value, path: "tables.\(name).value", diagnostics: diagnostics))
        return (table, diagnostics.errors)
    }

    static func appStore() throws -> LocaleTable { try load("appstore_locales", store: .appstore).0 }
    static func play() throws -> LocaleTable { try load("play_locales", store: .play).0 }
}
