import Foundation
import YAML

/// A checklist's `kind: binary_symbols` table: what a fact looks like in a built Mach-O binary, the twin of a
/// `kind: symbols` table for source code. Each row names the fact the source scan sets for the same use
/// (`api.FileTimestamp`, `purpose_api.camera`, `apple.uiwebview`) with the imports that show it (undefined
/// LC_SYMTAB symbols: C functions with the linker's leading underscore, Objective-C classes as
/// `_OBJC_CLASS_$_Name`) and, optionally, the frameworks whose linking shows it (`HealthKit`). The archive
/// inspector consumes these tables and turns each binary's matches into `SymbolHit`s, origin the archive, beside
/// the source scan's: one rule reads either.
///
///     - { fact: api.DiskSpace, symbols: [_statfs, _NSFileSystemFreeSize] }
///     - { fact: purpose_api.health, symbols: ["_OBJC_CLASS_$_HKHealthStore"], frameworks: [HealthKit] }
public struct BinarySymbolTable: Sendable {
    public struct Row: Sendable, Hashable {
        public let fact: String
        /// Imported symbol names, in the order they are tried (the first one imported is the evidence).
        public let symbols: [String]
        /// Linked framework names (`HealthKit` for `…/HealthKit.framework/HealthKit`), tried after the symbols.
        public let frameworks: [String]

        public init(fact: String, symbols: [String], frameworks: [String] = []) {
            self.fact = fact
            self.symbols = symbols
            self.frameworks = frameworks
        }
    }

    public let name: String
    public let rows: [Row]

    public init(name: String, rows: [Row]) {
        self.name = name
        self.rows = rows
    }

    /// The table as written; each malformed row is an error at its place (the checklist loader calls this at
    /// load, so a bad table never reaches a run).
    public static func parse(_ source: SymbolTableSource) throws(SymbolTableError) -> BinarySymbolTable {
        let diagnostics = Diagnostics(file: source.file)
        let root = NodeReader(node: source.value, path: "tables.\(source.name).value", diagnostics: diagnostics)
        var rows: [Row] = []
        guard let items = root.sequence() else { throw SymbolTableError(table: source.name, errors: diagnostics.errors) }
        for item in items {
            guard let map = item.mapping(allowed: ["fact", "symbols", "frameworks"], required: ["fact"]) else { continue }
            let fact = map["fact"]?.string()
            if let fact, fact.isEmpty || SymbolTable.containsWhitespace(fact) {
                map["fact"]?.error("a fact name is a dotted word such as purpose_api.camera, got \"\(fact)\"")
            }
            func names(_ key: String, _ what: String) -> [String] {
                guard let node = map[key] else { return [] }
                let read = node.stringList() ?? []
                if read.isEmpty { node.error("expected a list of \(what)") }
                for (index, name) in read.enumerated() where name.isEmpty || SymbolTable.containsWhitespace(name) {
                    (node.sequence()?[index] ?? node).error("\(what) are names without spaces, got \"\(name)\"")
                }
                return read
            }
            let symbols = names("symbols", "imported symbols"), frameworks = names("frameworks", "framework names")
            if map["symbols"] == nil && map["frameworks"] == nil { item.error("a row needs symbols, frameworks or both") }
            guard let fact, !symbols.isEmpty || !frameworks.isEmpty else { continue }
            rows.append(Row(fact: fact, symbols: symbols, frameworks: frameworks))
        }
        if !diagnostics.errors.isEmpty { throw SymbolTableError(table: source.name, errors: diagnostics.errors) }
        return BinarySymbolTable(name: source.name, rows: rows)
    }
}

extension MachOFile {
    /// One `SymbolHit` per fact the tables name that this binary shows, at `location` with `origin`: the first of
    /// the fact's symbols it imports (rows in table order), else the first of its frameworks it links, as
    /// `<Name>.framework`. Facts in the order the tables first name them.
    func symbolHits(_ tables: [BinarySymbolTable], location: SourceLocation, origin: InputOrigin) -> [SymbolHit] {
        let rows = tables.flatMap(\.rows)
        guard !rows.isEmpty else { return [] }
        let imported = Set(undefinedSymbols)
        let linked = slices.flatMap(\.linkedLibraries)
        var facts: [String] = []
        var seen: Set<String> = []
        for row in rows where seen.insert(row.fact).inserted { facts.append(row.fact) }
        return facts.compactMap { fact in
            let own = rows.filter { $0.fact == fact }
            if let symbol = own.lazy.flatMap(\.symbols).first(where: imported.contains) {
                return SymbolHit(signal: fact, symbol: symbol, location: location, origin: origin)
            }
            for framework in own.flatMap(\.frameworks) where linked.contains(where: { $0.hasSuffix("/\(framework).framework/\(framework)") }) {
                return SymbolHit(signal: fact, symbol: "\(framework).framework", location: location, origin: origin)
            }
            return nil
        }
    }
}
