import Foundation
import Support
import Formats

/// A Gradle version catalog (`gradle/libs.versions.toml`): `[versions]`, `[libraries]` and `[plugins]`, each
/// entry with its line. Reads the subset of TOML that catalogs use (strings and one-line inline tables).
struct VersionCatalog: Sendable {
    struct Library: Sendable, Equatable {
        let alias: String
        let module: String
        let version: String?
        let line: Int
    }

    struct Entry: Sendable, Equatable {
        let value: String
        let line: Int
    }

    var versions: [String: Entry] = [:]
    var libraries: [Library] = []
    /// Plugin alias → id.
    var plugins: [String: Entry] = [:]
    /// Plugin id → the version the catalog gives it (`version`, `version.ref` or `id:version`), at the plugin's line.
    var pluginVersions: [String: Entry] = [:]

    /// Accessors ignore the separator: `app-build-targetSDK`, `app_build_targetSDK` and
    /// `app.build.targetSDK` are all `libs.versions.app.build.targetSDK`.
    static func accessorKey(_ alias: String) -> String {
        // Every alias of every catalog passes through here: an ASCII one (all of them in practice) is mapped
        // byte by byte, which is what replacing and lower-casing give for ASCII.
        if alias.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: alias.utf8.map { byte in
                byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") ? UInt8(ascii: ".") : StringSearch.asciiLowercased(byte)
            }, as: UTF8.self)
        }
        return alias.replacingOccurrences(of: "-", with: ".").replacingOccurrences(of: "_", with: ".").lowercased()
    }

    /// Entries by accessor key, built once by `parse`: a build file naming 10,000 aliases must not scan the
    /// catalog once per alias.
    private struct Index: Sendable {
        var versions: [String: Entry] = [:]
        var libraries: [String: Library] = [:]
        var plugins: [String: Entry] = [:]
    }
    private var index: Index?

    private func indexed() -> Index {
        if let index { return index }
        var index = Index()
        for (alias, entry) in versions.sorted(by: { $0.key < $1.key }) where index.versions[Self.accessorKey(alias)] == nil {
            index.versions[Self.accessorKey(alias)] = entry
        }
        for library in libraries where index.libraries[Self.accessorKey(library.alias)] == nil {
            index.libraries[Self.accessorKey(library.alias)] = library
        }
        for (alias, entry) in plugins.sorted(by: { $0.key < $1.key }) where index.plugins[Self.accessorKey(alias)] == nil {
            index.plugins[Self.accessorKey(alias)] = entry
        }
        return index
    }

    func version(accessor: String) -> Entry? {
        indexed().versions[Self.accessorKey(accessor)]
    }

    func library(accessor: String) -> Library? {
        indexed().libraries[Self.accessorKey(accessor)]
    }

    func pluginId(accessor: String) -> String? {
        indexed().plugins[Self.accessorKey(accessor)]?.value
    }

    static func parse(_ text: String, location: SourceLocation) throws(InspectedText.Failure) -> VersionCatalog {
        var catalog = VersionCatalog()
        var section = ""
        var pendingLibraries: [(alias: String, fields: [String: String], line: Int)] = []
        var pendingPlugins: [(id: String, fields: [String: String], line: Int)] = []
        var arrayStart: Int?
        for (offset, rawLine) in text.lineSlices().enumerated() {
            let line = offset + 1
            let content = stripComment(String(rawLine)).trimmingBlanks()
            if content.isEmpty { continue }
            // A multi-line array (`[bundles]` lists): nothing in it is read, only its end is looked for.
            if arrayStart != nil {
                if content.hasSuffix("]") { arrayStart = nil }
                continue
            }
            if content.hasPrefix("[") {
                guard content.hasSuffix("]") else { throw InspectedText.Failure(SourceLocation(path: location.path, line: line), "has an unterminated table header `\(content)`") }
                section = String(content.dropFirst().dropLast()).trimmingBlanks()
                continue
            }
            guard let equals = content.firstIndex(of: "=") else {
                throw InspectedText.Failure(SourceLocation(path: location.path, line: line), "expected `key = value`, found `\(content)`")
            }
            let key = unquote(content[..<equals].trimmingBlanks())
            let rawValue = content[content.index(after: equals)...].trimmingBlanks()
            let fields: [String: String]
            if rawValue.hasPrefix("[") {
                if !rawValue.hasSuffix("]") { arrayStart = line }
                continue
            } else if rawValue.hasPrefix("{") {
                guard rawValue.hasSuffix("}") else {
                    throw InspectedText.Failure(SourceLocation(path: location.path, line: line), "has an inline table that does not close on its line")
                }
                fields = inlineTable(String(rawValue.dropFirst().dropLast()))
            } else {
                fields = ["": unquote(rawValue)]
            }
            switch section {
            case "versions":
                let value = fields[""] ?? fields["strictly"] ?? fields["require"] ?? fields["prefer"]
                if let value { catalog.versions[key] = Entry(value: value, line: line) }
            case "libraries":
                pendingLibraries.append((key, fields, line))
            case "plugins":
                if let id = fields[""].map({ String($0.split(separator: ":").first ?? "") }) ?? fields["id"] {
                    catalog.plugins[key] = Entry(value: id, line: line)
                    pendingPlugins.append((id, fields, line))
                }
            default:
                break
            }
        }
        if let arrayStart {
            throw InspectedText.Failure(SourceLocation(path: location.path, line: arrayStart), "has an array that is never closed")
        }
        for (id, fields, line) in pendingPlugins where catalog.pluginVersions[id] == nil {
            let written = fields[""].flatMap { notation -> String? in
                let parts = notation.split(separator: ":", maxSplits: 1).map(String.init)
                return parts.count == 2 ? parts[1] : nil
            }
            let version = written ?? fields["version"] ?? fields["version.ref"].flatMap { catalog.versions[$0]?.value }
                ?? fields["version.strictly"] ?? fields["version.require"] ?? fields["version.prefer"]
            if let version { catalog.pluginVersions[id] = Entry(value: version, line: line) }
        }
        for (alias, fields, line) in pendingLibraries {
            if let notation = fields[""] {
                let parts = notation.split(separator: ":").map(String.init)
                guard parts.count >= 2 else { continue }
                catalog.libraries.append(Library(alias: alias, module: parts[0] + ":" + parts[1], version: parts.count > 2 ? parts[2] : nil, line: line))
                continue
            }
            let module = fields["module"] ?? fields["group"].flatMap { group in fields["name"].map { group + ":" + $0 } }
            guard let module else { continue }
            let version = fields["version"] ?? fields["version.ref"].flatMap { catalog.versions[$0]?.value }
                ?? fields["version.strictly"] ?? fields["version.require"] ?? fields["version.prefer"]
            catalog.libraries.append(Library(alias: alias, module: module, version: version, line: line))
        }
        catalog.index = catalog.indexed()
        return catalog
    }

    /// `module = "a:b", version.ref = "x"` or `version = { strictly = "1" }` → flat dotted keys.
    private static func inlineTable(_ body: String, depth: Int = 0) -> [String: String] {
        var fields: [String: String] = [:]
        // Catalog tables nest two levels (`version = { strictly = … }`); a hostile line must not recurse without end.
        guard depth < 8 else { return fields }
        for part in splitTopLevel(body) {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let key = unquote(part[..<equals].trimmingBlanks())
            let value = part[part.index(after: equals)...].trimmingBlanks()
            if value.hasPrefix("{") && value.hasSuffix("}") {
                for (innerKey, innerValue) in inlineTable(String(value.dropFirst().dropLast()), depth: depth + 1) {
                    fields[key + "." + innerKey] = innerValue
                }
            } else {
                fields[key] = unquote(value)
            }
        }
        return fields
    }

    /// Splits on commas outside quotes and braces, on the text's bytes: every mark looked for is ASCII and no byte of
    /// a non-ASCII scalar is one (TOML reads its delimiters by code point, so a quote followed by a combining mark is
    /// still a quote), and a string grown `Character` by `Character` was most of parsing a catalog.
    private static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var start = 0
        var depth = 0
        var quote: UInt8?
        let bytes = Array(text.utf8)
        for (offset, byte) in bytes.enumerated() {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                parts.append(String(decoding: bytes[start..<offset], as: UTF8.self))
                start = offset + 1
            }
        }
        let current = String(decoding: bytes[start...], as: UTF8.self)
        if !current.trimmingBlanks().isEmpty { parts.append(current) }
        return parts
    }

    /// The line up to a `#` outside quotes, on its bytes (as `splitTopLevel`: every line of a catalog is asked).
    private static func stripComment(_ line: String) -> String {
        var quote: UInt8?
        for (offset, byte) in line.utf8.enumerated() {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#") {
                return String(line[..<line.utf8.index(line.utf8.startIndex, offsetBy: offset)])
            }
        }
        return line
    }

    static func unquote(_ text: String) -> String { QuotedText.unquote(text) }
}
