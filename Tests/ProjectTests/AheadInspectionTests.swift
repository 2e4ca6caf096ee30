import Foundation
import Testing
@testable import Project

/// The inspectors that read no checklist run on the finished walk while a session's checklists load
/// (`ProjectInspector.inspectAhead`); `inspect` then uses their outputs and gives the model it gives without them.
struct AheadInspectionTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/TodoCloud").path

    @Test func theInspectorsThatReadNoChecklistRunAheadAndNoOther() throws {
        let walk = try FileWalker().walk(root: Self.example)
        let ahead = ProjectInspector.inspectAhead(root: Self.example, manifest: nil, scope: .everything, walk: walk)
        let ran = Set(ahead.outputs.keys)
        for type in [XcodeProjectsInspector.self, AppleProjectInspector.self, MetadataInspector.self, PrivacyPolicyInspector.self] as [any Inspector.Type] {
            #expect(ran.contains(ObjectIdentifier(type)), "\(type) reads no checklist and should run ahead")
        }
        for type in [SourceScanInspector.self, AndroidProjectInspector.self, DependenciesInspector.self, DataSafetyInspector.self] as [any Inspector.Type] {
            #expect(!ran.contains(ObjectIdentifier(type)), "\(type) reads the checklists' tables and must wait for them")
        }
    }

    @Test func theModelIsTheSameWithTheOutputsRunAhead() throws {
        let walk = try FileWalker().walk(root: Self.example)
        let ahead = ProjectInspector.inspectAhead(root: Self.example, manifest: nil, scope: .everything, walk: walk)
        let options = InspectionOptions()
        let plain = try ProjectInspector.inspect(root: Self.example, manifest: nil, options: options, walk: walk)
        let early = try ProjectInspector.inspect(root: Self.example, manifest: nil, options: options, walk: walk, ahead: ahead)
        #expect(!plain.facts.all.isEmpty)
        #expect(early.facts.all.map { "\($0.name) = \($0.value) \($0.evidence.map(\.location))" }
            == plain.facts.all.map { "\($0.name) = \($0.value) \($0.evidence.map(\.location))" })
        #expect(early.problems == plain.problems)
        #expect(!plain.infoPlists.isEmpty)
        #expect(early.infoPlists.map(\.location) == plain.infoPlists.map(\.location))
        #expect(early.privacyManifests.map(\.location) == plain.privacyManifests.map(\.location))
        #expect(early.appleBundles == plain.appleBundles)
        #expect(!plain.metadata.isEmpty)
        #expect(early.metadata.map(\.path) == plain.metadata.map(\.path))
    }

    /// Outputs computed for another scope are not used (`shipcheck metadata` inspects less); for the same
    /// scope they are, in place of running the inspector (a forged empty output of the Apple inspector shows which).
    @Test func outputsAreUsedOnlyForTheScopeTheyRanIn() throws {
        let walk = try FileWalker().walk(root: Self.example)
        let empty = ProjectInspector.ErasedOutput(facts: [], problems: [], store: { _ in })
        let key = ObjectIdentifier(AppleProjectInspector.self)
        let otherScope = ProjectInspector.AheadOutputs(scope: .metadata, outputs: [key: empty])
        let sameScope = ProjectInspector.AheadOutputs(scope: .everything, outputs: [key: empty])
        let ignored = try ProjectInspector.inspect(root: Self.example, manifest: nil, options: InspectionOptions(), walk: walk, ahead: otherScope)
        let used = try ProjectInspector.inspect(root: Self.example, manifest: nil, options: InspectionOptions(), walk: walk, ahead: sameScope)
        #expect(!ignored.infoPlists.isEmpty)
        #expect(used.infoPlists.isEmpty)
    }
}
