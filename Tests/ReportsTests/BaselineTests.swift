import Foundation
import Project
import Rules
import Testing
@testable import Reports

@Suite struct BaselineTests {
    func finding(line: Int?, evidence: String = "Auth.auth().createUser", rule: String = "account-deletion.in-app",
                 path: String = "ios/App/SignUpView.swift") -> Finding {
        Finding(rule: rule, checklist: "account-deletion", severity: .error, title: "t", message: "found \(evidence) at \(line ?? 0)",
                location: SourceLocation(path: path, line: line, column: 3), evidence: evidence, help: nil, references: [])
    }

    @Test func findingsSurviveLineMoves() {
        let baseline = Baseline.make(from: [finding(line: 10)])
        let moved = baseline.apply(to: [finding(line: 57)])
        #expect(moved.kept.isEmpty)
        #expect(moved.hidden == 1)
        #expect(moved.fixedEntries == 0)
    }

    @Test func changedTextOrPathShowsAgainAndTheOldEntryCountsAsFixed() {
        let baseline = Baseline.make(from: [finding(line: 10)])
        let changed = baseline.apply(to: [finding(line: 10, evidence: "Auth.auth().signUp"), finding(line: 10, path: "ios/Other.swift")])
        #expect(changed.kept.count == 2)
        #expect(changed.hidden == 0)
        #expect(changed.fixedEntries == 1)
    }

    @Test func entriesCountLikeAMultiset() {
        let baseline = Baseline.make(from: [finding(line: 1), finding(line: 2)])
        let result = baseline.apply(to: [finding(line: 5), finding(line: 6), finding(line: 7)])
        #expect(result.hidden == 2)
        #expect(result.kept.map(\.location.line) == [7])
    }

    @Test func sameFingerprintOfAnotherRuleIsNotHidden() {
        let baseline = Baseline(entries: [Baseline.Entry(rule: "other.rule", path: "ios/App/SignUpView.swift",
                                                         fingerprint: finding(line: 1).fingerprint, message: "")])
        #expect(baseline.apply(to: [finding(line: 1)]).kept.count == 1)
    }

    @Test func encodeDecodeRoundTripsSorted() throws {
        let baseline = Baseline.make(from: Fixture.findings.reversed())
        let decoded = try Baseline.decode(baseline.encode(), file: "shipcheck-baseline.json")
        #expect(decoded == baseline)
        #expect(decoded.entries.map(\.rule) == decoded.entries.map(\.rule).sorted())
        let hidden = decoded.apply(to: Fixture.findings)
        #expect(hidden.kept.isEmpty && hidden.hidden == 4)
    }

    @Test(arguments: [
        ("not json", "baseline.json: not valid JSON"),
        ("[1]", "baseline.json: expected a JSON object with \"version\" and \"entries\""),
        ("{\"version\":2,\"entries\":[]}", "baseline.json: unsupported \"version\" 2; this shipcheck reads version 1"),
        ("{\"version\":1}", "baseline.json: \"entries\" must be a list"),
        ("{\"version\":1,\"entries\":[{\"rule\":\"a\",\"path\":\"p\",\"message\":\"m\"}]}", "baseline.json: entry 1 has no string \"fingerprint\""),
    ])
    func malformedFilesNameTheFileAndTheProblem(text: String, expected: String) {
        do {
            _ = try Baseline.decode(Data(text.utf8), file: "baseline.json")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }
}
