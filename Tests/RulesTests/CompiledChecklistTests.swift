import BuiltinData
import ShipcheckCore
import Testing
import YAML
@testable import Rules

/// The built-in checklists are parsed at build time and loaded from their compiled trees; these prove the
/// compiled tree is exactly what parsing the text gives, and that the loader's validation still passes on it.
@Suite("Compiled built-in checklists")
struct CompiledChecklistTests {
    @Test func everyChecklistCarriesACompiledTree() {
        #expect(BuiltinData.checklists.count >= 17)
        let missing = BuiltinData.checklists.filter { $0.compiled == nil }.map(\.name)
        #expect(missing == [])
    }

    @Test(arguments: BuiltinData.checklists.map(\.name))
    func compiledTreeEqualsTheParsedText(name: String) throws {
        let file = try #require(BuiltinData.checklists.first { $0.name == name })
        let parsed = try #require(try YAMLParser.parse(file.text, file: "rules/\(name)"))
        let compiled = try CompiledNode.decode(try #require(file.compiled))
        let difference = Self.difference(parsed, compiled)
        #expect(difference == nil, "rules/\(name): \(difference ?? "")")
    }

    @Test func theCatalogUsesTheCompiledTrees() {
        let sources = ChecklistCatalog.builtinSources()
        #expect(sources.count == BuiltinData.checklists.count)
        #expect(sources.filter { $0.node == nil }.map(\.file) == [])
    }

    @Test func compiledAndParsedSourcesLoadTheSameRules() throws {
        let fromText = try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
        let fromCompiled = try ChecklistLoader().load(ChecklistCatalog.builtinSources())
        #expect(fromCompiled.map(\.name) == fromText.map(\.name))
        #expect(fromCompiled.flatMap(\.rules).map(\.id) == fromText.flatMap(\.rules).map(\.id))
        #expect(fromCompiled.map { $0.tables.keys.sorted() } == fromText.map { $0.tables.keys.sorted() })
        #expect(fromText.flatMap(\.rules).count >= 100)
    }

    /// A pre-parsed node wins over the text: the loader does not parse the text again.
    @Test func aGivenNodeIsUsedInsteadOfTheText() throws {
        let node = try #require(try YAMLParser.parse("checklist: demo\nrules: []\n", file: "demo.yml"))
        let source = ChecklistSource(file: "demo.yml", text: "not: [valid", node: node)
        #expect(try source.root()?["checklist"]?.scalar == "demo")
    }

    /// The first place two trees differ (content, mark, style or tag); nil when identical.
    static func difference(_ a: Node, _ b: Node, path: String = "$") -> String? {
        if a.mark != b.mark { return "\(path): mark \(a.mark) vs \(b.mark)" }
        if a.style != b.style { return "\(path): style \(a.style) vs \(b.style)" }
        if a.tag != b.tag { return "\(path): tag \(a.tag ?? "nil") vs \(b.tag ?? "nil")" }
        switch (a.content, b.content) {
        case (.scalar(let x), .scalar(let y)):
            return x == y ? nil : "\(path): scalar \(x.debugDescription) vs \(y.debugDescription)"
        case (.sequence(let x), .sequence(let y)):
            if x.count != y.count { return "\(path): \(x.count) vs \(y.count) items" }
            for (i, (p, q)) in zip(x, y).enumerated() {
                if let d = difference(p, q, path: "\(path)[\(i)]") { return d }
            }
            return nil
        case (.mapping(let x), .mapping(let y)):
            if x.count != y.count { return "\(path): \(x.count) vs \(y.count) pairs" }
            for (i, (p, q)) in zip(x, y).enumerated() {
                if let d = difference(p.key, q.key, path: "\(path).key[\(i)]") { return d }
                if let d = difference(p.value, q.value, path: "\(path).\(p.key.scalar ?? "[\(i)]")") { return d }
            }
            return nil
        default:
            return "\(path): \(a.kindName) vs \(b.kindName)"
        }
    }
}
