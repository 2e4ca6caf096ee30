import Foundation
import Testing
@testable import Project

/// Later-stage inspectors that read no earlier part run beside the early stage; those that do read it
/// see every early part; and the outputs come back in stage, then registration, order.
@Suite struct StagedJobsTests {
    struct Slow: ModelPart { var value = "" }
    struct Seen: ModelPart { var value = "" }
    struct Other: ModelPart { var value = "" }

    /// Early: takes a while, then leaves a part.
    struct EarlyReader: Inspector {
        var name: String { "early" }
        var stage: InspectionStage { .early }
        func inspect(_ input: InspectionInput) -> InspectorOutput<Slow> {
            usleep(50_000)
            return InspectorOutput(part: Slow(value: "read"), facts: [Fact(name: "a.early", value: .bool(true), source: .detected)])
        }
    }

    /// Later, reads the early part.
    struct LaterReader: Inspector {
        var name: String { "reader" }
        func inspect(_ input: InspectionInput) -> InspectorOutput<Seen> {
            InspectorOutput(part: Seen(value: input.earlier[Slow.self].value), facts: [Fact(name: "b.reader", value: .bool(true), source: .detected)])
        }
    }

    /// Later, reads nothing earlier: may run at once.
    struct Independent: Inspector {
        var name: String { "independent" }
        var readsEarlierParts: Bool { false }
        func inspect(_ input: InspectionInput) -> InspectorOutput<Other> {
            InspectorOutput(part: Other(value: "x"), facts: [Fact(name: "c.independent", value: .bool(true), source: .detected)])
        }
    }

    @Test func readersSeeTheEarlyPartsAndOutputsKeepTheirOrder() {
        let inspectors: [any Inspector] = [Independent(), EarlyReader(), LaterReader()]
        let outputs = StagedJobs.run(inspectors, earlyParts: ModelParts()) { inspector, earlier in
            ProjectInspector.run(inspector, InspectionInput(root: "/", files: [], manifest: nil, options: InspectionOptions(), earlier: earlier))
        }
        // Stage order (early first), then registration order inside the later stage.
        #expect(outputs.flatMap(\.facts).map(\.name) == ["a.early", "c.independent", "b.reader"])
        var parts = ModelParts()
        for output in outputs { output.store(&parts) }
        #expect(parts[Seen.self].value == "read")
        #expect(parts[Other.self].value == "x")
    }

    @Test func oneStageRunsSideBySide() {
        let outputs = StagedJobs.run([Independent(), LaterReader()], earlyParts: ModelParts()) { inspector, earlier in
            ProjectInspector.run(inspector, InspectionInput(root: "/", files: [], manifest: nil, options: InspectionOptions(), earlier: earlier))
        }
        #expect(outputs.flatMap(\.facts).map(\.name) == ["c.independent", "b.reader"])
    }
}
