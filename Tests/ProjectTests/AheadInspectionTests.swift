import Foundation
import Testing
@testable import Project

/// The inspectors that read no checklist run on the finished walk while a session's checklists load
/// (`ProjectInspector.AheadInspection`); `inspect` then takes their outputs and gives the model it gives without them.
struct AheadInspectionTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/TodoCloud").path

    @Test func theInspectorsThatReadNoChecklistRunAheadAndNoOther() {
        let planned = ProjectInspector.AheadInspection(scope: .everything).planned
        for type in [XcodeProjectsInspector.self, AppleProjectInspector.self, MetadataInspector.self, PrivacyPolicyInspector.self] as [any Inspector.Type] {
            #expect(planned.contains(ObjectIdentifier(type)), "\(type) reads no checklist and should run ahead")
        }
        for type in [SourceScanInspector.self, AndroidProjectInspector.self, DependenciesInspector.self, DataSafetyInspector.self] as [any Inspector.Type] {
            #expect(!planned.contains(ObjectIdentifier(type)), "\(type) reads the checklists' tables and must wait for them")
        }
    }

    /// An inspector that reads the earlier stage's parts runs ahead only when the whole earlier stage does.
    @Test func aLaterInspectorRunsAheadOnlyWithTheWholeEarlierStage() {
        let withoutXcode = InspectorRegistry.builtin.filter { !($0 is XcodeProjectsInspector) } + [ReadsChecklistsEarly()]
        let planned = ProjectInspector.AheadInspection(scope: .everything, inspectors: withoutXcode).planned
        #expect(!planned.contains(ObjectIdentifier(AppleProjectInspector.self)))
        #expect(planned.contains(ObjectIdentifier(MetadataInspector.self)))
    }

    @Test func theModelIsTheSameWithTheOutputsRunAhead() throws {
        let walk = try FileWalker().walk(root: Self.example)
        let ahead = ProjectInspector.AheadInspection(scope: .everything)
        DispatchQueue.global().async { ahead.run(root: Self.example, manifest: nil, walk: walk) }
        let options = InspectionOptions()
        let early = try ProjectInspector.inspect(root: Self.example, manifest: nil, options: options, walk: walk, ahead: ahead)
        let plain = try ProjectInspector.inspect(root: Self.example, manifest: nil, options: options, walk: walk)
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

    /// Run for another scope (`shipcheck metadata` inspects less), it is not used: the inspectors run as usual.
    @Test func anInspectionAheadForAnotherScopeIsNotUsed() throws {
        let walk = try FileWalker().walk(root: Self.example)
        let ahead = ProjectInspector.AheadInspection(scope: .metadata)  // never run: waiting on it would hang
        let model = try ProjectInspector.inspect(root: Self.example, manifest: nil, options: InspectionOptions(), walk: walk, ahead: ahead)
        #expect(!model.infoPlists.isEmpty)
    }
}

/// An early-stage inspector that reads the checklists: it keeps the Apple inspector, which reads the early
/// stage's parts, from running ahead.
private struct ReadsChecklistsEarly: Inspector {
    struct Part: ModelPart {}
    var name: String { "reads-checklists-early" }
    var stage: InspectionStage { .early }
    func inspect(_ input: InspectionInput) -> InspectorOutput<Part> { InspectorOutput(part: nil, facts: []) }
}
