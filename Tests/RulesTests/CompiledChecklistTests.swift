import BuiltinData
import ShipcheckCore
import TestSupport
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
        let difference = compiledNodeDifference(parsed, compiled)
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
}
