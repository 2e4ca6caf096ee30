import Project
import YAML

// The data tables of the Apple checklists, decoded once at load (`OptionSpec.decode`): a malformed one is a
// `TableError` at its line and column, a load error, never a finding at run time.

/// Required-reason API categories: `{ prefix, categories: { Name: { fact, reasons } }, sdk_only: [codes] }`;
/// `sdk_only` (optional) lists the approved reasons only a third-party SDK may declare.
struct RequiredReasonCategories: Sendable, NamesFacts {
    struct Category: Sendable {
        let name: String
        let fact: String
        let reasons: [String]
    }

    let prefix: String
    let categories: [Category]
    let sdkOnlyReasons: Set<String>
    /// Each category's `fact` (`api.FileTimestamp`), which the check reads: held to the catalog at load.
    let factNames: [(name: String, mark: Mark)]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        if let node = table.value["sdk_only"] {
            guard let codes = node.sequence?.compactMap(\.scalar) else { throw TableError(table, node, "`sdk_only` is a list of reason codes") }
            sdkOnlyReasons = Set(codes)
        } else {
            sdkOnlyReasons = []
        }
        guard let prefix = table.value["prefix"]?.scalar, let pairs = table.value["categories"]?.mapping else {
            throw TableError(table, table.value, "expected `prefix` and a `categories` mapping")
        }
        var categories: [Category] = []
        var named: [(name: String, mark: Mark)] = []
        for pair in pairs {
            guard let name = pair.key.scalar, let factNode = pair.value["fact"], let fact = factNode.scalar,
                  let reasons = pair.value["reasons"]?.sequence?.compactMap(\.scalar), !reasons.isEmpty else {
                throw TableError(table, pair.key, "each category needs `fact` and a non-empty `reasons` list")
            }
            categories.append(Category(name: name, fact: fact, reasons: reasons))
            named.append((fact, factNode.mark))
        }
        self.prefix = prefix
        self.categories = categories
        self.factNames = named
    }

    /// The category a reason code is approved for, if any.
    func category(ofReason code: String) -> Category? {
        categories.first { $0.reasons.contains(code) }
    }
}

/// A list of names with an optional prefix they are written with: `{ prefix, values: [...] }` or a plain list.
struct PrefixedNames: Sendable {
    let prefix: String
    let names: [String]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        if let list = table.value.sequence {
            prefix = ""
            names = list.compactMap(\.scalar)
        } else if let list = table.value["values"]?.sequence {
            prefix = table.value["prefix"]?.scalar ?? ""
            names = list.compactMap(\.scalar)
        } else {
            throw TableError(table, table.value, "expected a list, or `prefix` and `values`")
        }
    }

    var fullNames: [String] { names.map { prefix + $0 } }
}

/// The keys a privacy manifest (and its two kinds of entries) may hold, each with its value type.
struct ManifestSchema: Sendable {
    enum ValueType: String, Sendable {
        case bool, string
        case stringList = "string-list"
        case dictList = "dict-list"
    }

    let topLevel: [String: ValueType]
    let collectedDataType: [String: ValueType]
    let accessedAPIType: [String: ValueType]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        func section(_ name: String) throws(TableError) -> [String: ValueType] {
            guard let pairs = table.value[name]?.mapping else { throw TableError(table, table.value, "needs a `\(name)` mapping") }
            var result: [String: ValueType] = [:]
            for pair in pairs {
                guard let key = pair.key.scalar, let type = pair.value.scalar.flatMap(ValueType.init(rawValue:)) else {
                    throw TableError(table, pair.value, "types are bool, string, string-list or dict-list")
                }
                result[key] = type
            }
            return result
        }
        topLevel = try section("top_level")
        collectedDataType = try section("collected_data_type")
        accessedAPIType = try section("accessed_api_type")
    }
}

/// What each purpose-string API signal needs: `{ <signal fact>: [Key, alternative keys…] }`, or, when an API
/// needs several keys at once, a list of such lists (`[[NSLocationAlwaysAndWhenInUseUsageDescription], [NSLocationWhenInUseUsageDescription]]`):
/// every inner list is a requirement of its own, any one key of it satisfies it. A signal whose old key Apple
/// superseded is written `{ keys: [...], superseded: [OldKey] }`: the old key alone no longer satisfies it.
struct PurposeKeys: Sendable, NamesFacts {
    struct Entry: Sendable {
        let signal: String
        let keys: [String]
        /// Keys an older SDK read for this API (NSCalendarsUsageDescription before iOS 17).
        var superseded: [String] = []

        /// Why a plist with only the superseded key `old` is a warning, not an error (the source and archive
        /// rules both say it): App Store Connect's scan has accepted the old key, while iOS denies the access
        /// without the new one.
        func supersededNote(old: String) -> String {
            " (it sets only \(old), which Apple superseded with \(keys.joined(separator: " and ")) in the iOS 17 SDK: App Store Connect's"
                + " scan has accepted the old key so far, so ITMS-90683 is a risk rather than a certainty, but iOS 17 and later"
                + " deny the access without the new key, which App Review meets as a feature that fails)"
        }
    }

    let entries: [Entry]
    /// Each signal (`purpose_api.camera`), a fact the check reads: held to the catalog at load.
    let factNames: [(name: String, mark: Mark)]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let pairs = table.value.mapping else { throw TableError(table, table.value, "expected a mapping of signal to keys") }
        var entries: [Entry] = []
        factNames = pairs.compactMap { pair in pair.key.scalar.map { ($0, pair.key.mark) } }
        for pair in pairs {
            let listed = pair.value.mapping == nil ? pair.value : pair.value["keys"]
            let superseded = pair.value["superseded"]
            if pair.value.mapping != nil, let unknown = pair.value.mapping?.first(where: { $0.key.scalar != "keys" && $0.key.scalar != "superseded" }) {
                throw TableError(table, unknown.key, "a signal's mapping takes `keys` and `superseded` only")
            }
            if let superseded, superseded.sequence?.allSatisfy({ $0.scalar != nil }) != true {
                throw TableError(table, superseded, "`superseded` is a list of Info.plist keys")
            }
            guard let signal = pair.key.scalar, let items = listed?.sequence, !items.isEmpty else {
                throw TableError(table, pair.key, "each signal needs a non-empty list of Info.plist keys")
            }
            let groups: [[String]]
            if items.allSatisfy({ $0.scalar != nil }) {
                groups = [items.compactMap(\.scalar)]
            } else {
                groups = items.map { $0.sequence?.compactMap(\.scalar) ?? [] }
            }
            guard groups.allSatisfy({ !$0.isEmpty }) else {
                throw TableError(table, pair.key, "write a list of keys, or a list of non-empty key lists (each one required)")
            }
            let old = superseded?.sequence?.compactMap(\.scalar) ?? []
            entries += groups.map { Entry(signal: signal, keys: $0, superseded: old) }
        }
        self.entries = entries
    }

    /// Every purpose-string key the table knows.
    var allKeys: Set<String> { Set(entries.flatMap(\.keys)) }

    /// A purpose string key: one of the table's, or any `…UsageDescription` key.
    func isPurposeKey(_ key: String) -> Bool {
        allKeys.contains(key) || key.hasSuffix("UsageDescription")
    }
}

/// Words that make a purpose string vague: `{ placeholders: [...], filler: [...] }`.
struct VagueWords: Sendable {
    let placeholders: [String]
    let filler: Set<String>

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let placeholders = table.value["placeholders"]?.sequence?.compactMap(\.scalar),
              let filler = table.value["filler"]?.sequence?.compactMap(\.scalar) else {
            throw TableError(table, table.value, "expected `placeholders` and `filler` lists")
        }
        self.placeholders = placeholders
        self.filler = Set(filler.map { $0.lowercased() })
    }
}

/// What well-known Flutter plugins and React Native native modules use on iOS, read from each package's own
/// documentation: `[{ package, ecosystem: pub|npm, apis: [purpose_api.camera], podfile_macros: { PERMISSION_CAMERA:
/// purpose_api.camera }, source }]`. `apis` are used whenever the package is a dependency; a `podfile_macros` API only
/// when the Podfile compiles it in (`'PERMISSION_CAMERA=1'` in GCC_PREPROCESSOR_DEFINITIONS, permission_handler's way).
struct PluginAPIs: Sendable {
    struct Row: Sendable {
        let package: String
        let ecosystem: String
        let apis: [String]
        let podfileMacros: [(macro: String, api: String)]
        let source: String
    }

    let rows: [Row]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let items = table.value.sequence else { throw TableError(table, table.value, "expected a list of plugin rows") }
        var rows: [Row] = []
        for item in items {
            guard let package = item["package"]?.scalar, let ecosystem = item["ecosystem"]?.scalar,
                  ["pub", "npm"].contains(ecosystem), let source = item["source"]?.scalar, !source.isEmpty else {
                throw TableError(table, item, "each row needs package, ecosystem (pub or npm) and source (the package's own documentation)")
            }
            let apis = item["apis"]?.sequence?.compactMap(\.scalar) ?? []
            let macros = (item["podfile_macros"]?.mapping ?? []).compactMap { pair -> (String, String)? in
                guard let macro = pair.key.scalar, let api = pair.value.scalar else { return nil }
                return (macro, api)
            }
            guard !apis.isEmpty || !macros.isEmpty else { throw TableError(table, item, "row \(package) needs apis or podfile_macros") }
            guard (apis + macros.map(\.1)).allSatisfy({ $0.hasPrefix("purpose_api.") }) else {
                throw TableError(table, item, "row \(package): every API is a purpose_api.<name> signal")
            }
            rows.append(Row(package: package, ecosystem: ecosystem, apis: apis, podfileMacros: macros, source: source))
        }
        self.rows = rows
    }
}
