import Foundation
import Project
import StoreLocale
import YAML

/// Reads checklist files and validates all of them before anything runs: unknown keys, unknown check
/// functions, bad options, duplicate rule ids and tables, malformed expressions and selectors. Every
/// problem is reported with file:line:column, not just the first.
public struct ChecklistLoader: Sendable {
    public let functions: [String: CheckFunction]
    /// Facts declared outside the files being loaded, which their rules may read too (a host that loads a
    /// checklist on its own, over the built-in catalog). Normally empty: rules/shipcheck.yml declares them.
    public let knownFacts: [FactDeclaration]
    /// The `given:` selectors the inspectors provide, by text (`Inspector.selectors`).
    public let providedSelectors: [String: SelectorDeclaration]

    public init(functions: [CheckFunction] = CheckRegistry.builtin, knownFacts: [FactDeclaration] = [],
                inspectors: [any Inspector] = InspectorRegistry.builtin) {
        self.functions = CheckRegistry.byName(functions)
        self.knownFacts = knownFacts
        self.providedSelectors = InspectorRegistry.selectors(of: inspectors)
    }

    static let checklistKeys = ["checklist", "title", "summary", "references", "facts", "tables", "rules"]
    static let factKeys = ["type", "doc", "names"]
    static let requiredFactKeys = ["type", "doc"]
    static let ruleKeys = ["id", "title", "severity", "stores", "when", "expect", "check", "given", "with",
                           "kind", "message", "help", "references", "effective", "severity_reason", "severity_steps", "where", "redact"]
    static let tableKeys = ["source", "kind", "value"]
    /// `symbols`: a table the source scan reads; `binary_symbols`: the same facts as a built binary's imports,
    /// which the archive inspector reads (`ArchiveInspector.consumedTableKinds`); `data_safety_questions`: the Data safety form's ids, which the
    /// inspection reads the export against (one such table among all loaded checklists).
    /// `native_dependencies`: native-bearing dependency coordinates, which the Android inspection reads.
    /// `plugin_manifests`: the permissions well-known Flutter plugins' and React Native modules' manifests add.
    /// `names`: the names a closed fact family's `*` stands for (`NameVocabulary`), which the loader reads.
    /// `flutter_sdk_defaults`: the Flutter Gradle plugin's flutter.targetSdkVersion etc. per Flutter release.
    /// `agp_sdk_defaults`: what an unset targetSdk takes, per Android Gradle Plugin version.
    static let tableKinds = ["symbols", "binary_symbols", "data_safety_questions", "native_dependencies", "plugin_manifests", "names", "flutter_sdk_defaults", "agp_sdk_defaults"]

    public func load(_ sources: [ChecklistSource]) throws(ChecklistLoadError) -> [Checklist] {
        var errors: [YAMLError] = []
        var drafts: [(ChecklistDraft, Diagnostics)] = []
        for source in sources {
            let diagnostics = Diagnostics(file: source.file, source: source.text)
            do {
                guard let root = try source.root() else {
                    diagnostics.add("the checklist file is empty", at: nil)
                    errors += diagnostics.errors
                    continue
                }
                if let draft = readChecklist(NodeReader(node: root, diagnostics: diagnostics), file: source.file) {
                    drafts.append((draft, diagnostics))
                } else {
                    // A file that is no checklist at all (no `checklist:` name, not a mapping) is an error, not skipped.
                    errors += diagnostics.errors.isEmpty ? [YAMLError(file: source.file, mark: nil, message: "not a checklist: expected a mapping with a checklist: name and rules:")] : diagnostics.errors
                }
            } catch {
                errors.append(error)
            }
        }
        // Cross-file checks: unique checklist names, rule ids and table names; options that name tables.
        var tables: [String: Table] = [:]
        var tableMarks: [String: (String, Mark)] = [:]
        var ruleMarks: [String: (String, Mark)] = [:]
        var checklistMarks: [String: String] = [:]
        for (draft, diagnostics) in drafts {
            if let other = checklistMarks[draft.name] {
                diagnostics.add("checklist \"\(draft.name)\" is also defined in \(other)", at: draft.mark, path: "checklist")
            }
            checklistMarks[draft.name] = draft.file
            for (name, table, mark) in draft.tables {
                if let (file, first) = tableMarks[name] {
                    diagnostics.add("table \"\(name)\" is already defined at \(file):\(first)", at: mark, path: "tables.\(name)")
                } else {
                    tables[name] = table
                    tableMarks[name] = (draft.file, mark)
                }
            }
            for rule in draft.rules {
                if let (file, first) = ruleMarks[rule.rule.id] {
                    diagnostics.add("rule id \"\(rule.rule.id)\" is already used at \(file):\(first)", at: rule.idMark, path: "\(rule.path).id")
                }
                ruleMarks[rule.rule.id] = (draft.file, rule.idMark)
            }
        }
        var schemaTable: (String, String)?
        for (draft, diagnostics) in drafts {
            for (name, table, mark) in draft.tables where table.kind == "data_safety_questions" {
                if let (first, file) = schemaTable {
                    diagnostics.add("table \"\(name)\" is a second kind: data_safety_questions table; the Data safety export is read against one (\"\(first)\" in \(file))",
                                    at: mark, path: "tables.\(name).kind")
                } else {
                    schemaTable = (name, draft.file)
                }
            }
        }
        let tableDiagnostics = Dictionary(drafts.flatMap { draft, diagnostics in draft.tables.map { ($0.0, diagnostics) } },
                                          uniquingKeysWith: { first, _ in first })
        var shapesChecked = Set<String>()
        // Each table a check decodes, decoded once; the typed values go into the options of the rules that read them.
        var decodedTables: [String: Result<DecodedTable, TableProblem>] = [:]
        var decodedOptions: [String: [String: CheckOptions.Value]] = [:]
        // The fact names the decoded tables hold (`NamesFacts`), checked against the catalog below.
        var tableFacts: [TableFactReference] = []
        for (draft, diagnostics) in drafts {
            for rule in draft.rules {
                for (option, name, mark) in rule.tableOptions where tables[name] == nil {
                    var message = "no table named \"\(name)\" is loaded"
                    if let near = Spelling.nearest(to: name, in: Array(tables.keys)) { message += " (did you mean \"\(near)\"?)" }
                    diagnostics.add(message, at: mark, path: "\(rule.path).with.\(option)")
                }
                for reference in rule.tableReferences {
                    switch reference {
                    case .key(let option, let key, let name, let mark):
                        guard let table = tables[name] else {
                            // A table named by an option is already reported missing above.
                            if rule.tableOptions.contains(where: { $0.1 == name }) { continue }
                            diagnostics.add("option \(option) looks \"\(key)\" up in the table \"\(name)\", which is not loaded", at: mark, path: "\(rule.path).with.\(option)")
                            continue
                        }
                        let keys = Self.rowKeys(table.value)
                        guard !keys.contains(key) else { continue }
                        var message = "\"\(key)\" is not in the table \"\(name)\" (\(table.file))"
                        if let near = Spelling.nearest(to: key, in: keys) { message += " (did you mean \"\(near)\"?)" }
                        diagnostics.add(message, at: mark, path: "\(rule.path).with.\(option)")
                    case .decoded(let name, let option, let function, let decode):
                        guard let table = tables[name] else { continue }
                        let key = "\(name)\u{0}\(function)\u{0}\(option)"
                        let outcome = decodedTables[key] ?? decode(table)
                        let first = decodedTables.updateValue(outcome, forKey: key) == nil
                        switch outcome {
                        case .success(let decoded):
                            decodedOptions[rule.rule.id, default: [:]][option] = .decodedTable(name, decoded.value)
                            if first, !decoded.factNames.isEmpty, let tableDiagnostics = tableDiagnostics[name] {
                                tableFacts += decoded.factNames.map {
                                    TableFactReference(name: $0.name, mark: $0.mark, table: name, reader: "check \"\(function)\"", diagnostics: tableDiagnostics)
                                }
                            }
                        case .failure(let problem):
                            // Reported once, at the table, however many rules read it.
                            guard first, let tableDiagnostics = tableDiagnostics[name] else { continue }
                            for each in [problem] + problem.also {
                                tableDiagnostics.add("\(each.message) (as check \"\(function)\" reads it)", at: each.mark ?? table.value.mark, path: "tables.\(name).value")
                            }
                        }
                    case .shape(let name, let shape, let function):
                        guard let table = tables[name], let pairs = table.value.mapping,
                              shapesChecked.insert(name).inserted, let tableDiagnostics = tableDiagnostics[name] else { continue }
                        let allowed = shape.required + shape.optional
                        let keys = pairs.compactMap(\.key.scalar)
                        for pair in pairs {
                            guard let key = pair.key.scalar, !allowed.contains(key) else { continue }
                            var message = "table \"\(name)\" has a key \"\(key)\" that check \"\(function)\" does not read; it reads \(allowed.joined(separator: ", "))"
                            if let near = Spelling.nearest(to: key, in: allowed) { message += " (did you mean \"\(near)\"?)" }
                            tableDiagnostics.add(message, at: pair.key.mark, path: "tables.\(name).value.\(key)")
                        }
                        for key in shape.required where !keys.contains(key) && !keys.contains(where: { Spelling.nearest(to: $0, in: [key]) != nil }) {
                            tableDiagnostics.add("table \"\(name)\" needs the key \"\(key)\" that check \"\(function)\" reads", at: table.value.mark, path: "tables.\(name).value")
                        }
                    }
                }
            }
        }
        // A binary symbol table's row names the fact the source scan sets for the same use: a misspelt one would
        // pair a binary's import with nothing a rule reads.
        for (draft, diagnostics) in drafts {
            for (name, table, _) in draft.tables where table.kind == "binary_symbols" {
                for row in table.value.sequence ?? [] {
                    guard let fact = row["fact"], let text = fact.scalar else { continue }
                    tableFacts.append(TableFactReference(name: text, mark: fact.mark, table: name, reader: "the archive inspector", diagnostics: diagnostics))
                }
            }
        }
        let catalog = Self.checkFacts(drafts, knownFacts: knownFacts, tableMarks: tableMarks, tableFacts: tableFacts)
        for (_, diagnostics) in drafts { errors += diagnostics.errors }
        guard errors.isEmpty else { throw ChecklistLoadError(errors: errors) }
        return drafts.map { draft, _ in
            Checklist(name: draft.name, title: draft.title, summary: draft.summary, references: draft.references,
                      rules: draft.rules.map { $0.rule.with(decodedOptions: decodedOptions[$0.rule.id] ?? [:]) }, tables: Dictionary(uniqueKeysWithValues: draft.tables.map { ($0.0, $0.1) }),
                      file: draft.file, facts: catalog[draft.file] ?? [])
        }
    }

    /// The fact catalog of every loaded file, checked: a name declared twice in `facts:` sections is an
    /// error at the second, and so is every fact an expression reads that nothing declares, at its column
    /// with the nearest known name. Returns each file's declarations (explicit, then its symbol tables' facts).
    /// A closed family (`names:`) takes its vocabulary from the `kind: names` table it names, in any loaded file;
    /// a comparison of a fact with a value of another type (`android.target_sdk == 'high'`) is an error too.
    static func checkFacts(_ drafts: [(ChecklistDraft, Diagnostics)], knownFacts: [FactDeclaration] = [],
                           tableMarks: [String: (String, Mark)] = [:], tableFacts: [TableFactReference] = []) -> [String: [FactDeclaration]] {
        var declared: [String: FactDeclaration] = [:]
        var byFile: [String: [FactDeclaration]] = [:]
        let vocabularies = drafts.reduce(into: [String: NameVocabulary]()) { all, draft in
            all.merge(draft.0.vocabularies) { first, _ in first }
        }
        for (draft, diagnostics) in drafts {
            for var declaration in draft.facts {
                if let (table, mark) = draft.vocabularyReferences[declaration.pattern] {
                    if let vocabulary = vocabularies[table] {
                        declaration.vocabulary = vocabulary
                    } else {
                        var message = tableMarks[table].map { "table \"\(table)\" (\($0.0)) is not a kind: names table" } ?? "no kind: names table named \"\(table)\" is loaded"
                        if tableMarks[table] == nil, let near = Spelling.nearest(to: table, in: vocabularies.keys.sorted()) { message += " (did you mean \"\(near)\"?)" }
                        diagnostics.add(message, at: mark, path: "facts.\(declaration.pattern).names")
                    }
                }
                if let first = declared[declaration.pattern] {
                    diagnostics.add("fact \"\(declaration.pattern)\" is already declared at \(first.file):\(first.mark.map(\.description) ?? "")",
                                    at: declaration.mark, path: "facts.\(declaration.pattern)")
                    continue
                }
                declared[declaration.pattern] = declaration
                byFile[draft.file, default: []].append(declaration)
            }
        }
        for (draft, _) in drafts {
            // A symbol table's fact needs no `facts:` entry; one that has one keeps its doc.
            for declaration in draft.symbolFacts where declared[declaration.pattern] == nil {
                declared[declaration.pattern] = declaration
                byFile[draft.file, default: []].append(declaration)
            }
        }
        let catalog = FactCatalog(drafts.flatMap { byFile[$0.0.file] ?? [] } + knownFacts)
        for (draft, diagnostics) in drafts {
            for rule in draft.rules {
                for reference in rule.factReferences {
                    guard var message = catalog.problem(naming: reference.name) else { continue }
                    // A closed family's misspelt member says so itself; an unknown name says where names come from.
                    if !catalog.contains(reference.name) { message += ": no inspector, kind: symbols table or checklist facts: section declares it, so the rule would never see it (see shipcheck facts --catalog)" }
                    diagnostics.add(message, at: reference.mark, path: reference.path)
                }
                var expressions: [(Expression, String)] = rule.rule.when.map { [($0, ".when")] } ?? []
                if case .expect(let expression) = rule.rule.kind { expressions.append((expression, ".expect")) }
                for (expression, key) in expressions {
                    for (fact, message) in FactTypeCheck.problems(in: expression, catalog: catalog) {
                        let reference = rule.factReferences.first { $0.name == fact && $0.path.hasSuffix(key) }
                        diagnostics.add(message, at: reference?.mark ?? rule.rule.mark, path: reference?.path ?? "\(rule.path)\(key)")
                    }
                }
            }
        }
        for reference in tableFacts {
            guard var message = catalog.problem(naming: reference.name) else { continue }
            if !catalog.contains(reference.name) { message += ": nothing declares it, so the check would never see it (see shipcheck facts --catalog)" }
            reference.diagnostics.add("table `\(reference.table)`: \(message) (as \(reference.reader) reads it)",
                                      at: reference.mark, path: "tables.\(reference.table).value")
        }
        return byFile
    }

    /// A fact name a decoded table holds, with where it is written.
    struct TableFactReference {
        let name: String
        let mark: Mark
        let table: String
        /// Who reads the table, as a message names it: `check "privacy_manifest.required_reasons"`, `the archive inspector`.
        let reader: String
        let diagnostics: Diagnostics
    }

    // MARK: - One file

    struct ChecklistDraft {
        let name: String
        let title: String
        let summary: String?
        let references: [Reference]
        let rules: [RuleDraft]
        let tables: [(String, Table, Mark)]
        let file: String
        let mark: Mark
        /// Its `facts:` section.
        var facts: [FactDeclaration] = []
        /// The facts of its `kind: symbols` tables.
        var symbolFacts: [FactDeclaration] = []
        /// Its `kind: names` tables, by name.
        var vocabularies: [String: NameVocabulary] = [:]
        /// The `names:` of its closed families: family pattern → (table, where written).
        var vocabularyReferences: [String: (String, Mark)] = [:]
    }

    struct RuleDraft {
        let rule: Rule
        let path: String
        let idMark: Mark
        /// Options of kind `.table`: (option, table name, mark), checked once every file is loaded.
        let tableOptions: [(String, String, Mark)]
        /// Checked once every file is loaded, like `tableOptions`.
        var tableReferences: [TableReference] = []
        /// Every fact its `when:` and `expect:` read, where written; checked against the catalog of every loaded file.
        var factReferences: [FactReference] = []
    }

    /// A fact an expression or option reads, with where it is written. The place of a name inside a multi-line
    /// scalar is looked up in the file only when a message needs it: nearly every load reports nothing, and
    /// finding each place up front cost 5M instructions at every start-up.
    struct FactReference {
        let name: String
        let path: String
        private let place: Place

        private enum Place {
            case at(Mark)
            /// The name written in `reader`'s scalar `text` at character `offset`.
            case inScalar(text: String, offset: Int, reader: NodeReader)
        }

        init(_ name: String, _ mark: Mark, _ path: String) {
            self.name = name
            self.path = path
            place = .at(mark)
        }

        init(_ name: String, offset: Int, in text: String, reader: NodeReader) {
            self.name = name
            path = reader.path
            place = .inScalar(text: text, offset: offset, reader: reader)
        }

        var mark: Mark {
            switch place {
            case .at(let mark):
                return mark
            case .inScalar(let text, let offset, let reader):
                // The n-th time the name's text is written (folding changes only white space, never a name).
                let characters = Array(text)
                let occurrence = ChecklistLoader.occurrences(of: Array(name), in: characters[..<min(offset, characters.count)])
                return reader.diagnostics.mark(of: name, occurrence: occurrence, from: reader.mark) ?? reader.mark
            }
        }
    }

    /// What an option says about a table that only the loaded tables can confirm.
    enum TableReference {
        /// `limit: appstore.subtitle`: a key (or row id) that must exist in the table `table`.
        case key(option: String, key: String, table: String, mark: Mark)
        /// A table the check reads as a mapping with these keys (reported once per table, at its keys).
        case shape(table: String, shape: OptionSpec.TableShape, function: String)
        /// A table the check decodes (`OptionSpec.decode`): decoded once here, so a malformed one fails the load.
        case decoded(table: String, option: String, function: String, decode: OptionSpec.TableDecoder)
    }

    func readChecklist(_ reader: NodeReader, file: String) -> ChecklistDraft? {
        guard let map = reader.mapping(allowed: Self.checklistKeys, required: ["checklist", "title", "rules"]) else { return nil }
        let name = map["checklist"]?.string()
        if let name, let node = map["checklist"] {
            if !Self.isKebab(name) {
                node.error("checklist names are kebab-case (letters, digits and -), got \"\(name)\"")
            }
            let base = (file as NSString).lastPathComponent
            let stem = base.hasSuffix(".yml") ? String(base.dropLast(4)) : base.hasSuffix(".yaml") ? String(base.dropLast(5)) : base
            if stem != name {
                node.error("checklist \"\(name)\" must live in a file named \(name).yml, not \(base)")
            }
        }
        let title = map["title"]?.string()
        let summary = map["summary"]?.string()
        let references = map["references"].map(readReferences) ?? []
        var tables: [(String, Table, Mark)] = []
        var symbolFacts: [FactDeclaration] = []
        var vocabularies: [String: NameVocabulary] = [:]
        if let tablesReader = map["tables"], let tableMap = tablesReader.mapping() {
            for (tableName, value) in tableMap.entries {
                if let table = readTable(value, name: tableName, file: file, facts: &symbolFacts) {
                    tables.append((tableName, table, value.mark))
                    if table.kind == "names", let vocabulary = Self.readVocabulary(table, diagnostics: value.diagnostics) {
                        vocabularies[tableName] = vocabulary
                    }
                }
            }
        }
        var vocabularyReferences: [String: (String, Mark)] = [:]
        let facts = map["facts"].map { readFacts($0, file: file, vocabularies: &vocabularyReferences) } ?? []
        var rules: [RuleDraft] = []
        if let name, let items = map["rules"]?.sequence() {
            for item in items {
                if let rule = readRule(item, checklist: name, file: file, checklistReferences: references) { rules.append(rule) }
            }
        }
        guard let name, let title else { return nil }
        return ChecklistDraft(name: name, title: title, summary: summary, references: references, rules: rules,
                              tables: tables, file: file, mark: reader.mark, facts: facts, symbolFacts: symbolFacts,
                              vocabularies: vocabularies, vocabularyReferences: vocabularyReferences)
    }

    /// `facts:`: `name-or-pattern: { type: bool | number | string | list (or a list of them), doc: "…" }`, and for
    /// a closed family `names: <kind: names table>` (recorded in `vocabularies`, resolved once every file is read).
    func readFacts(_ reader: NodeReader, file: String, vocabularies: inout [String: (String, Mark)]) -> [FactDeclaration] {
        guard let map = reader.mapping() else { return [] }
        var facts: [FactDeclaration] = []
        for (pattern, value) in map.entries {
            if let problem = FactDeclaration.problem(with: pattern) {
                value.error(problem)
                continue
            }
            guard let fields = value.mapping(allowed: Self.factKeys, required: Self.requiredFactKeys) else { continue }
            if let names = fields["names"], let table = names.string() {
                if pattern.contains("*") { vocabularies[pattern] = (table, names.mark) } else {
                    names.error("names: closes a family's *; \"\(pattern)\" is one fact")
                }
            }
            let typeNames = fields["type"]?.stringList() ?? []
            var types: [FactType] = []
            for name in typeNames {
                if let type = FactType(rawValue: name) { types.append(type) } else {
                    var message = "unknown fact type \"\(name)\"; expected \(FactType.allCases.map(\.rawValue).joined(separator: ", "))"
                    if let near = Spelling.nearest(to: name, in: FactType.allCases.map(\.rawValue)) { message += " (did you mean \"\(near)\"?)" }
                    fields["type"]?.error(message)
                }
            }
            guard let doc = fields["doc"]?.string(), !types.isEmpty, types.count == typeNames.count else { continue }
            facts.append(FactDeclaration(pattern: pattern, types: types, doc: doc, file: file, mark: value.mark))
        }
        return facts
    }

    /// A `kind: names` table: `{ names: [...], open: [pattern...], closed: [pattern...] }`, each `*` of a pattern
    /// one or more characters; a name written twice is an error at the second.
    static func readVocabulary(_ table: Table, diagnostics: Diagnostics) -> NameVocabulary? {
        let reader = NodeReader(node: table.value, path: "tables.\(table.name).value", diagnostics: diagnostics)
        guard let map = reader.mapping(allowed: ["names", "open", "closed"], required: ["names"]) else { return nil }
        var names = Set<String>()
        for item in map["names"]?.sequence() ?? [] {
            guard let name = item.string() else { continue }
            if !names.insert(name).inserted { item.error("\"\(name)\" is already in the table") }
        }
        func patterns(_ key: String) -> [String] {
            (map[key]?.sequence() ?? []).compactMap { item in
                guard let pattern = item.string() else { return nil }
                guard pattern.contains(where: { $0 != "*" }) else {
                    item.error("a pattern names something besides *, got \"\(pattern)\"")
                    return nil
                }
                return pattern
            }
        }
        let open = patterns("open"), closed = patterns("closed")
        guard !names.isEmpty else { return nil }
        return NameVocabulary(table: table.name, file: table.file, names: names, open: open, closed: closed)
    }

    func readReferences(_ reader: NodeReader) -> [Reference] {
        guard let items = reader.sequence() else { return [] }
        return items.compactMap { item in
            guard let map = item.mapping(allowed: ["title", "url"], required: ["title"]), let title = map["title"]?.string() else { return nil }
            let url = map["url"]?.string()
            if let url, let urlReader = map["url"], !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
                urlReader.error("a reference url must start with https:// or http://")
            }
            return Reference(title: title, url: url)
        }
    }

    func readTable(_ reader: NodeReader, name: String, file: String, facts: inout [FactDeclaration]) -> Table? {
        guard let map = reader.mapping(allowed: Self.tableKeys, required: ["source", "value"]) else { return nil }
        let source = map["source"]?.string()
        let kind = map["kind"]?.oneOf(Self.tableKinds)
        guard let source, let value = map["value"] else { return nil }
        if kind == "data_safety_questions" {
            // The inspection reads the export against it; a malformed one is a checklist error now.
            _ = DataSafetySchema(node: value.node, diagnostics: reader.diagnostics)
        }
        if kind == "flutter_sdk_defaults" {
            // The Android inspection reads it; a bad row is a checklist error now.
            _ = FlutterSDKDefaults.read(value)
        }
        if kind == "agp_sdk_defaults" {
            // The Android inspection reads it for an unset targetSdk; a bad row is a checklist error now.
            _ = AndroidGradlePluginSDKDefaults.read(value)
        }
        if kind == "binary_symbols" {
            // The archive inspector reads these (`ArchiveInspector.consumedTableKinds`); a bad row is a checklist error now.
            do { _ = try BinarySymbolTable.parse(SymbolTableSource(name: name, file: file, value: value.node)) } catch {
                for problem in error.errors { reader.diagnostics.add(problem) }
            }
        }
        var symbols: SymbolTable?
        if kind == "symbols" {
            // The scan reads these; a malformed one is a checklist error now, not an inspection error later.
            do {
                let table = try SymbolTable.parse(SymbolTableSource(name: name, file: file, value: value.node))
                symbols = table
                for fact in Set(table.entries.map(\.fact)).sorted() where !facts.contains(where: { $0.pattern == fact }) {
                    let entries = table.entries.filter { $0.fact == fact }
                    let symbols = entries.flatMap(\.symbols).map(\.description) + entries.flatMap(\.textFragments)
                    let shown = symbols.prefix(3).joined(separator: ", ") + (symbols.count > 3 ? ", …" : "")
                    facts.append(FactDeclaration(pattern: fact, types: [.bool], doc: "code that ships uses a symbol of table \(name) (\(shown))",
                                                 file: file, mark: value.mark))
                }
            } catch {
                for problem in error.errors { reader.diagnostics.add(problem) }
            }
        }
        return Table(name: name, source: source, kind: kind, value: value.node, file: file, symbols: symbols)
    }

    func readRule(_ reader: NodeReader, checklist: String, file: String, checklistReferences: [Reference]) -> RuleDraft? {
        guard let map = reader.mapping(allowed: Self.ruleKeys, required: ["id", "title"]) else { return nil }
        let id = map["id"]?.string()
        if let id, let node = map["id"] {
            if !id.hasPrefix(checklist + ".") {
                node.error("rule ids start with their checklist's name: expected \"\(checklist).<name>\", got \"\(id)\"")
            } else if !Self.isKebab(String(id.dropFirst(checklist.count + 1))) {
                node.error("the part after \"\(checklist).\" must be kebab-case, got \"\(id)\"")
            }
        }
        let title = map["title"]?.string()
        let kindName = map["kind"]?.oneOf(["manual", "reported"])
        let isManual = kindName == "manual"
        let isReported = kindName == "reported"
        let severity: Severity
        if let node = map["severity"], let text = node.oneOf(Severity.allCases.map(\.rawValue)) {
            severity = Severity(rawValue: text) ?? .error
        } else {
            severity = isManual ? .info : .error
        }
        var stores = Set<Store>()
        if let node = map["stores"], let names = node.stringList() {
            for name in names {
                if let store = Store(rawValue: name) { stores.insert(store) } else {
                    var message = "unknown store \"\(name)\"; expected appstore or play"
                    if let near = Spelling.nearest(to: name, in: Store.allCases.map(\.rawValue)) { message = "unknown store \"\(name)\" (did you mean \"\(near)\"?)" }
                    node.error(message)
                }
            }
        }
        let when = map["when"].flatMap(readExpression)
        var factReferences = map["when"].map { when == nil ? [] : self.factReferences($0) } ?? []
        let effective = map["effective"]?.date()
        let severityReason = map["severity_reason"]?.string()
        let severitySteps = map["severity_steps"].map(readSeveritySteps) ?? []
        let message = map["message"]?.string()
        let help = map["help"]?.string()
        let references = map["references"].map(readReferences) ?? []
        var tableOptions: [(String, String, Mark)] = []
        var tableReferences: [TableReference] = []

        let kind: Rule.Kind?
        let modes = ["expect", "check", "kind"].filter { map[$0] != nil }
        if modes.count != 1 {
            reader.error(modes.isEmpty
                ? "a rule needs one of expect:, check: or kind: manual"
                : "a rule takes only one of expect:, check: and kind: manual; found \(modes.joined(separator: " and "))")
            kind = nil
        } else if isManual {
            for key in ["given", "with"] where map[key] != nil {
                map[key]?.error("\(key): does not apply to a manual item")
            }
            kind = .manual
        } else if isReported {
            // Only shipcheck's own findings are made in code; a team rule that claimed to be would never fire.
            if let id, !ShipcheckRules.all.contains(id), let node = map["id"] {
                node.error("kind: reported is for the findings shipcheck makes itself (\(ShipcheckRules.all.sorted().joined(separator: ", "))); a rule of a checklist uses expect: or check:")
            }
            for key in ["given", "with", "when", "message"] where map[key] != nil {
                map[key]?.error(key == "message"
                    ? "message: does not apply to kind: reported; the finding says what went wrong where"
                    : "\(key): does not apply to kind: reported")
            }
            kind = .reported
        } else if let expectReader = map["expect"] {
            for key in ["given", "with"] where map[key] != nil { map[key]?.error("\(key): goes with check:, not expect:") }
            kind = readExpression(expectReader).map { .expect($0) }
            if kind != nil { factReferences += self.factReferences(expectReader) }
        } else if let checkReader = map["check"], let name = checkReader.string() {
            if let function = functions[name] {
                var selectors: [Selector] = []
                if let givenReader = map["given"] {
                    if function.subjects == .none {
                        givenReader.error("check \"\(name)\" reads the project itself and takes no given:")
                    } else {
                        selectors = readSelectors(givenReader)
                    }
                }
                let options = readOptions(map["with"], function: function, checkReader: checkReader,
                                          tableOptions: &tableOptions, tableReferences: &tableReferences, factReferences: &factReferences)
                // `fields: [keywords, root.copyright]`, which every function over subjects accepts, is shorthand for
                // the selectors `*.locales.*.keywords`, `*.root.copyright`: one set of subjects either way.
                let fieldsReader = function.subjects == .none ? nil : map["with"]?.value(forKey: "fields")
                if let fieldsReader {
                    if map["given"] != nil { fieldsReader.error("a rule selects with given: or with fields:, not both") }
                    if let fields = fieldsReader.stringList() { selectors += readFields(fields, reader: fieldsReader) }
                }
                if selectors.isEmpty, map["given"] == nil, fieldsReader == nil, function.subjects == .required {
                    checkReader.error("check \"\(name)\" needs given: (or fields:) to say what it checks (\(Selector.grammar))")
                }
                kind = options.map { .check(name: name, given: selectors, options: $0) }
            } else {
                var text = "unknown check function \"\(name)\""
                if let near = Spelling.nearest(to: name, in: Array(functions.keys)) { text += " (did you mean \"\(near)\"?)" }
                checkReader.error(text)
                kind = nil
            }
        } else {
            kind = nil
        }
        if !isManual {
            if message == nil, kind != nil, !isReported { reader.error("missing required key \"message\": say what is wrong and where") }
            if help == nil, kind != nil { reader.error("missing required key \"help\": say what to do about it") }
        }
        if let kind, let allowed = Self.placeholderNames(kind, when: when, functions: functions) {
            let keys = isManual ? ["title", "help"] : isReported ? ["help"] : ["message", "help"]
            for key in keys { if let text = map[key] { checkPlaceholders(text, allowed: allowed) } }
        }
        let subjectFilter = map["where"].flatMap { readSubjectFilter($0, kind: kind) }
        var redactsValue = false
        if let redact = map["redact"], let flag = redact.bool() {
            if case .check(_, let given, _)? = kind, !given.isEmpty { redactsValue = flag } else if kind != nil {
                redact.error("redact: hides the values a check: rule's given: selects; this rule selects none")
            }
        }
        guard let id, let title, let kind, let idReader = map["id"] else { return nil }
        let rule = Rule(id: id, checklist: checklist, title: title, severity: severity, stores: stores, when: when,
                        kind: kind, message: message, help: help, references: references.isEmpty ? checklistReferences : references,
                        effective: effective, severityReason: severityReason, severitySteps: severitySteps, file: file, mark: reader.mark,
                        subjectFilter: subjectFilter, redactsValue: redactsValue)
        return RuleDraft(rule: rule, path: reader.path, idMark: idReader.mark, tableOptions: tableOptions, tableReferences: tableReferences,
                         factReferences: factReferences)
    }

    /// `severity_steps: [{ from: 2027-04-28, severity: error, severity_reason: "…" }]`: each step a date, the grade
    /// from that date on and why (required: a grade that changes says why it changes).
    func readSeveritySteps(_ reader: NodeReader) -> [SeverityStep] {
        guard let items = reader.sequence() else { return [] }
        return items.compactMap { item in
            guard let map = item.mapping(allowed: ["from", "severity", "severity_reason"], required: ["from", "severity", "severity_reason"]),
                  let from = map["from"]?.date(),
                  let text = map["severity"]?.oneOf(Severity.allCases.map(\.rawValue)), let severity = Severity(rawValue: text) else { return nil }
            return SeverityStep(from: from, severity: severity, reason: map["severity_reason"]?.string())
        }
    }

    /// `where:` over the labels of a `check:` rule's subjects: every name it reads must be a label its selectors
    /// give (or `value`), reported at its column with the nearest label otherwise.
    func readSubjectFilter(_ reader: NodeReader, kind: Rule.Kind?) -> Expression? {
        guard case .check(_, let given, _)? = kind, !given.isEmpty else {
            if kind != nil { reader.error("where: filters the subjects of a check: rule with given: (or fields:)") }
            return nil
        }
        guard let expression = readExpression(reader) else { return nil }
        let labels = Self.labelNames(of: given)
        for reference in factReferences(reader) where !labels.contains(reference.name) {
            let name = reference.name
            var message = "where: reads \"\(name)\", which no selector of this rule labels its subjects with; labels: \(labels.sorted().joined(separator: ", "))"
            if let near = Spelling.nearest(to: name, in: labels.sorted()) { message = "where: reads \"\(name)\", no label of this rule's subjects (did you mean \"\(near)\"?)" }
            reader.diagnostics.add(message, at: reference.mark, path: reader.path)
        }
        return expression
    }

    /// The labels the subjects of `selectors` carry, and `value`.
    static func labelNames(of selectors: [Selector]) -> Set<String> {
        selectors.reduce(into: ["value"]) { $0.formUnion($1.labels) }
    }

    /// `given:` is one selector or a list of them.
    func readSelectors(_ reader: NodeReader) -> [Selector] {
        let items = reader.node.sequence == nil ? [reader] : (reader.sequence() ?? [])
        var selectors: [Selector] = []
        for item in items {
            guard let text = item.string() else { continue }
            do throws(ExpressionError) { selectors.append(try Selector.parse(text, provided: providedSelectors)) } catch {
                diagnosticsError(item, error)
            }
        }
        return selectors
    }

    /// The selectors a `fields:` list stands for; an unknown field name is an error with the nearest known one.
    func readFields(_ fields: [String], reader: NodeReader) -> [Selector] {
        let items = reader.sequence() ?? []
        var selectors: [Selector] = []
        for (index, field) in fields.enumerated() {
            guard MetadataFields.isKnown(field) else {
                var message = "unknown metadata field \"\(field)\"; fields are locale file names without .txt, changelogs, root.<file> or review.<file>"
                if let near = Spelling.nearest(to: field, in: MetadataFields.all) { message = "unknown metadata field \"\(field)\" (did you mean \"\(near)\"?)" }
                (index < items.count ? items[index] : reader).error(message)
                continue
            }
            selectors.append(Selector.metadataField(field))
        }
        return selectors
    }

    func readExpression(_ reader: NodeReader) -> Expression? {
        guard let text = reader.string() else { return nil }
        do {
            return try ExpressionParser.parse(text)
        } catch {
            diagnosticsError(reader, error)
            return nil
        }
    }

    /// The facts an expression reads, each at its line and column: on the scalar's own line for a one-line
    /// value, else found in the file (a folded `>-` value has the name at another line than its offset says).
    func factReferences(_ reader: NodeReader) -> [FactReference] {
        guard let text = reader.node.scalar else { return [] }
        let style = reader.node.style
        // No newline byte: no newline (Foundation's `contains`, asked only otherwise, cost 10K instructions a scalar).
        let singleLine = (style == .plain || style == .singleQuoted || style == .doubleQuoted)
            && !(text.utf8.contains(UInt8(ascii: "\n")) && text.contains("\n"))
        let quoted = style == .singleQuoted || style == .doubleQuoted ? 1 : 0
        return ExpressionParser.factReferences(in: text).map { name, offset in
            if singleLine { return FactReference(name, Mark(line: reader.mark.line, column: reader.mark.column + quoted + offset), reader.path) }
            return FactReference(name, offset: offset, in: text, reader: reader)
        }
    }

    /// How many times `name` is written in `text`, counted left to right without overlaps (what splitting the
    /// text on the name counts, without building the pieces: this runs at every start-up).
    static func occurrences(of name: [Character], in text: ArraySlice<Character>) -> Int {
        guard !name.isEmpty, name.count <= text.count else { return 0 }
        var count = 0
        var i = text.startIndex
        while i + name.count <= text.endIndex {
            if text[i] == name[0], text[i..<(i + name.count)].elementsEqual(name) {
                count += 1
                i += name.count
            } else {
                i += 1
            }
        }
        return count
    }

    /// Reports an expression or selector error at its character, with a caret under it.
    func diagnosticsError(_ reader: NodeReader, _ error: ExpressionError) {
        let quoted = reader.node.style == .singleQuoted || reader.node.style == .doubleQuoted ? 1 : 0
        let mark = Mark(line: reader.mark.line, column: reader.mark.column + quoted + error.offset)
        reader.diagnostics.add(error.message, at: mark, path: reader.path)
    }

    func readOptions(_ reader: NodeReader?, function: CheckFunction, checkReader: NodeReader,
                     tableOptions: inout [(String, String, Mark)], tableReferences: inout [TableReference],
                     factReferences: inout [FactReference]) -> CheckOptions? {
        // `fields` is read by the rule as selectors (`readFields`), for every function over subjects.
        let names = function.options.map(\.name) + (function.subjects == .none ? [] : ["fields"])
        var values: [String: CheckOptions.Value] = [:]
        var ok = true
        let map: MappingReader?
        if let reader {
            map = reader.mapping(allowed: names)
            if map == nil { ok = false }
        } else {
            map = nil
        }
        for spec in function.options {
            guard let value = map?[spec.name] else {
                if spec.required {
                    (reader ?? checkReader).error("check \"\(function.name)\" needs option \"\(spec.name)\" under with: (\(spec.doc))")
                    ok = false
                } else if let when = spec.requiredWhen, map?[when.option]?.node.scalar == when.value {
                    (reader ?? checkReader).error("check \"\(function.name)\" with \(when.option): \(when.value) needs option \"\(spec.name)\" under with: (\(spec.doc))")
                    ok = false
                }
                // An unnamed default table is decoded for the option as a named one would be.
                if let table = spec.defaultTable, let decode = spec.decode {
                    tableReferences.append(.decoded(table: table, option: spec.name, function: function.name, decode: decode))
                }
                continue
            }
            let parsed: CheckOptions.Value?
            switch spec.kind {
            case .string: parsed = value.string().map { .string($0) }
            case .int: parsed = value.int().map { .int($0) }
            case .number: parsed = value.double().map { .number($0) }
            case .bool: parsed = value.bool().map { .bool($0) }
            case .date: parsed = value.date().map { .string($0) }
            case .stringList: parsed = value.stringList().map { .stringList($0) }
            case .stringMap:
                let entries = value.mapping()?.entries ?? []
                let pairs = entries.compactMap { entry in entry.value.string().map { (key: entry.key, value: $0) } }
                parsed = value.node.mapping != nil && pairs.count == entries.count ? .stringMap(pairs) : nil
            case .oneOf(let allowed): parsed = value.oneOf(allowed).map { .string($0) }
            case .node: parsed = .node(value.node)
            case .table:
                parsed = value.string().map { .string($0) }
                if case .string(let name)? = parsed {
                    tableOptions.append((spec.name, name, value.mark))
                    if let shape = spec.tableShape {
                        tableReferences.append(.shape(table: name, shape: shape, function: function.name))
                    }
                    if let decode = spec.decode {
                        tableReferences.append(.decoded(table: name, option: spec.name, function: function.name, decode: decode))
                    }
                }
            case .tableKey(let tableOption, let defaultTable):
                parsed = value.string().map { .string($0) }
                if case .string(let key)? = parsed {
                    let table = map?[tableOption]?.node.scalar ?? defaultTable
                    tableReferences.append(.key(option: spec.name, key: key, table: table, mark: value.mark))
                    // The default table, unnamed, is decoded for the table option as a named one would be.
                    if map?[tableOption] == nil, let decode = function.options.first(where: { $0.name == tableOption })?.decode {
                        tableReferences.append(.decoded(table: table, option: tableOption, function: function.name, decode: decode))
                    }
                }
            }
            if let parsed { values[spec.name] = parsed } else { ok = false }
            // An option naming the facts the function reads (`.option` in its `reads:`, `when_fact: apple.runs_on_ipad`)
            // is held to the catalog as a `when:` is: a misspelt fact is a load error at its column.
            if function.reads.contains(.option(spec.name)) {
                switch parsed {
                case .string(let name)?: factReferences.append(FactReference(name, value.mark, value.path))
                case .stringList(let names)?:
                    for (index, item) in (value.node.sequence ?? []).enumerated() where index < names.count {
                        factReferences.append(FactReference(names[index], item.mark, "\(value.path)[\(index)]"))
                    }
                default: break
                }
            }
        }
        return ok ? CheckOptions(values) : nil
    }

    /// The keys of a table a `.tableKey` option looks up: a mapping's keys, or the `field` (else `id`, else
    /// `name`) of each row of a list of mappings (`- { field: appstore.subtitle, max: 30 }`).
    static func rowKeys(_ value: Node) -> [String] {
        if let pairs = value.mapping { return pairs.compactMap(\.key.scalar) }
        return (value.sequence ?? []).compactMap { row in (row["field"] ?? row["id"] ?? row["name"])?.scalar }
    }

    /// The `{{names}}` a rule's texts may use, or nil when the check does not declare what it fills.
    /// `expect` findings and manual items fill `evidence` and the facts their expressions name (see
    /// `Engine.factValues`); check results fill what the function declares, plus `value` and the selector's
    /// labels when the rule has `given:`, plus `path` and `rule` for every finding.
    static func placeholderNames(_ kind: Rule.Kind, when: Expression?, functions: [String: CheckFunction]) -> Set<String>? {
        let whenFacts = when?.factNames ?? []
        switch kind {
        case .manual:
            return Set(["evidence"] + whenFacts)
        case .reported:
            return []
        case .expect(let expression):
            return Set(["evidence", "path", "rule"] + whenFacts + expression.factNames)
        case .check(let name, let given, _):
            guard let declared = functions[name]?.placeholders else { return nil }
            let provided = given.flatMap { selector -> Set<String> in
                if case .provided(let declaration) = selector.part { return declaration.labels } else { return [] }
            }
            return declared.union(["path", "rule"]).union(given.isEmpty ? [] : Selector.labelNames.union(["value"]).union(provided))
                .union(when == nil ? [] : ["evidence"] + whenFacts)
        }
    }

    /// Reports every `{{name}}` in a text that nothing fills, at its line and column where the scalar is
    /// written on one line (quoted or plain), else at the scalar.
    func checkPlaceholders(_ reader: NodeReader, allowed: Set<String>) {
        guard let text = reader.node.scalar else { return }
        for (name, offset) in MessageTemplate.placeholders(in: text) where !allowed.contains(name) {
            var message = "nothing fills the placeholder {{\(name)}} here; this rule can use \(allowed.sorted().map { "{{\($0)}}" }.joined(separator: ", "))"
            if let near = Spelling.nearest(to: name, in: Array(allowed)) { message = "nothing fills the placeholder {{\(name)}} (did you mean {{\(near)}}?)" }
            let style = reader.node.style
            let singleLine = (style == .plain || style == .singleQuoted || style == .doubleQuoted) && !text.contains("\n")
            let quoted = style == .singleQuoted || style == .doubleQuoted ? 1 : 0
            let mark = singleLine ? Mark(line: reader.mark.line, column: reader.mark.column + quoted + offset) : reader.mark
            reader.diagnostics.add(message, at: mark, path: reader.path)
        }
    }

    static func isKebab(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, CharacterSet.lowercaseLetters.contains(first) else { return false }
        // Letters, digits and - first: the text is then ASCII, and "--" a byte pair (Foundation's `contains` is slow).
        guard text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else { return false }
        let bytes = Array(text.utf8)
        return bytes.last != UInt8(ascii: "-") && !zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "-") && $1 == UInt8(ascii: "-") }
    }
}
