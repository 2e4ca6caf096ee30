import Testing
@testable import Project

/// Two detections of one fact: how the store combines them.
@Suite struct FactStoreMergeTests {
    private func deployment(_ value: Double, _ path: String) -> Fact {
        Fact(name: "apple.deployment_target", value: .number(value), source: .detected,
             evidence: [Evidence(location: SourceLocation(path: path, line: 1), snippet: "IPHONEOS_DEPLOYMENT_TARGET = \(value)")])
    }

    /// A monorepo of an app at 13.0 and one at 12.0: the fact is 12, and its evidence is the 12.0 project only,
    /// in either order of reading (a finding "below 13" must never point at the 13.0 project).
    @Test func aNumberKeepsTheLowestDetectionAndOnlyItsEvidence() {
        for facts in [[deployment(13, "a/Runner.xcodeproj"), deployment(12, "b/Runner.xcodeproj")],
                      [deployment(12, "b/Runner.xcodeproj"), deployment(13, "a/Runner.xcodeproj")]] {
            let fact = FactStore(facts)["apple.deployment_target"]
            #expect(fact?.value == .number(12))
            #expect(fact?.evidence.map(\.location.path) == ["b/Runner.xcodeproj"])
        }
    }

    @Test func equalNumbersMergeTheirEvidence() {
        let fact = FactStore([deployment(13, "b/x"), deployment(13, "a/x")])["apple.deployment_target"]
        #expect(fact?.value == .number(13))
        #expect(fact?.evidence.map(\.location.path) == ["a/x", "b/x"])
    }

    @Test func aTrueBoolWinsOverFalseAndEvidenceMerges() {
        let store = FactStore([Fact(name: "x", value: .bool(false), source: .detected, evidence: [Evidence(location: SourceLocation(path: "b"), snippet: "")]),
                               Fact(name: "x", value: .bool(true), source: .detected, evidence: [Evidence(location: SourceLocation(path: "a"), snippet: "")])])
        #expect(store["x"]?.value == .bool(true))
        #expect(store["x"]?.evidence.count == 2)
    }
}
