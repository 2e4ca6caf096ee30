import Foundation
import Testing
@testable import Project

/// The walk and the early stage begun before the checklists load (`InspectionAhead`) give the model a whole
/// inspection gives; an early stage that reads a checklist table waits for them; and a later inspector that
/// reads only some early parts is given those.
@Suite struct InspectionAheadTests {
    @Test(arguments: ["BlueWallet__BlueWallet", "owncloud__ios-app", "nextcloud__android", "FossifyOrg__Gallery"])
    func aheadGivesTheModelOfAWholeInspection(app: String) throws {
        let root = "\(CorpusLocation.path)/\(app)"
        let whole = try ProjectInspector.inspect(root: root, manifest: nil, options: InspectionOptions())
        let ahead = InspectionAhead(root: root, manifest: nil)
        #expect(ahead.runsEarlyStage)
        let begun = try ProjectInspector.inspect(ahead: ahead, options: InspectionOptions())
        #expect(begun.facts.all == whole.facts.all)
        #expect(begun.problems == whole.problems)
        #expect(begun.coverage == whole.coverage)
        #expect(begun.walkedFiles == whole.walkedFiles)
        #expect(begun.symbolHits.count == whole.symbolHits.count)
        #expect(begun.parts[XcodeProjectsPart.self].projects.projects.count == whole.parts[XcodeProjectsPart.self].projects.projects.count)
    }

    /// Another scope than the one begun: the walk is used, the early stage runs again in that scope.
    @Test func anotherScopeRunsItsOwnEarlyStage() throws {
        let root = "\(CorpusLocation.path)/BlueWallet__BlueWallet"
        let ahead = InspectionAhead(root: root, manifest: nil, scope: .everything)
        let metadata = try ProjectInspector.inspect(ahead: ahead, options: InspectionOptions(scope: .metadata))
        let whole = try ProjectInspector.inspect(root: root, manifest: nil, options: InspectionOptions(scope: .metadata))
        #expect(metadata.facts.all == whole.facts.all)
    }

    struct Marked: ModelPart { var value = "" }
    struct Other: ModelPart { var value = "" }
    struct Seen: ModelPart { var value = "" }

    /// An early inspector that reads the checklists' tables.
    struct TableReader: Inspector {
        var name: String { "table-reader" }
        var stage: InspectionStage { .early }
        func inspect(_ input: InspectionInput) -> InspectorOutput<Marked> {
            InspectorOutput(part: Marked(value: "\(input.symbolTables.count)"))
        }
    }

    struct TableFree: Inspector {
        var name: String { "table-free" }
        var stage: InspectionStage { .early }
        var readsChecklistTables: Bool { false }
        func inspect(_ input: InspectionInput) -> InspectorOutput<Marked> { InspectorOutput(part: Marked(value: "early")) }
    }

    struct SlowTableFree: Inspector {
        var name: String { "slow-table-free" }
        var stage: InspectionStage { .early }
        var readsChecklistTables: Bool { false }
        func inspect(_ input: InspectionInput) -> InspectorOutput<Other> {
            usleep(50_000)
            return InspectorOutput(part: Other(value: "slow"))
        }
    }

    /// Reads only `Marked` of the early parts.
    struct MarkedReader: Inspector {
        var name: String { "marked-reader" }
        var earlierPartsRead: [any ModelPart.Type]? { [Marked.self] }
        func inspect(_ input: InspectionInput) -> InspectorOutput<Seen> {
            InspectorOutput(part: Seen(value: input.earlier[Marked.self].value + "|" + input.earlier[Other.self].value),
                            facts: [Fact(name: "seen", value: .string(input.earlier[Marked.self].value), source: .detected)])
        }
    }

    @Test func anEarlyStageReadingTablesIsNotBegunAhead() throws {
        let root = "\(CorpusLocation.path)/FossifyOrg__Gallery"
        #expect(!InspectionAhead(root: root, manifest: nil, inspectors: [TableReader(), MarkedReader()]).runsEarlyStage)
        #expect(InspectionAhead(root: root, manifest: nil, inspectors: [TableFree(), MarkedReader()]).runsEarlyStage)
        // Inspected all the same, the early stage after the load.
        let ahead = InspectionAhead(root: root, manifest: nil, inspectors: [TableReader(), MarkedReader()])
        let model = try ProjectInspector.inspect(ahead: ahead, options: InspectionOptions(), inspectors: [TableReader(), MarkedReader()])
        #expect(model.parts[Seen.self].value == "0|")
    }

    /// A reader of some early parts is given those (not the others), and its outputs merge in registration order.
    @Test func aReaderOfSomeEarlyPartsIsGivenThose() throws {
        let root = "\(CorpusLocation.path)/FossifyOrg__Gallery"
        let inspectors: [any Inspector] = [SlowTableFree(), TableFree(), MarkedReader()]
        let ahead = InspectionAhead(root: root, manifest: nil, inspectors: inspectors)
        let model = try ProjectInspector.inspect(ahead: ahead, options: InspectionOptions(), inspectors: inspectors)
        #expect(model.parts[Seen.self].value == "early|")
        #expect(model.parts[Other.self].value == "slow")
        // Without running ahead, the same.
        let whole = try ProjectInspector.inspect(root: root, manifest: nil, options: InspectionOptions(), inspectors: inspectors)
        #expect(whole.parts[Seen.self].value == "early|")
        #expect(whole.facts.all == model.facts.all)
    }
}
