import Foundation
import Project
import ShipcheckCore
import Testing
import YAML
@testable import Rules

/// `where:` narrows a check's subjects by their labels: the rule fires on the subject it names and on no
/// other, and a label no selector gives is a load error at its column with the nearest label.
@Suite("where: over subject labels")
struct SubjectFilterTests {
    static func team(where filter: String, kind: String = "check: pattern\n    given: android.permissions.*\n    with: { match: \"^none$\" }") -> String {
        """
        checklist: team
        title: Team rules
        rules:
          - id: team.no-sms
            title: No SMS permission
            severity: warning
            severity_reason: "team policy"
            \(kind)
            where: \(filter)
            message: "{{file}} requests {{permission}}"
            help: Remove it.
        """
    }

    @Test func theCheckSeesOnlyTheSubjectsWhereHolds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-where-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manifest = URL(fileURLWithPath: root).appendingPathComponent("app/src/main/AndroidManifest.xml")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
                <uses-permission android:name="android.permission.INTERNET" />
                <uses-permission android:name="android.permission.READ_SMS" />
                <uses-permission android:name="android.permission.CAMERA" />
            </manifest>
            """.write(to: manifest, atomically: true, encoding: .utf8)
        let checklists = try FactCatalogTests.loadWithBuiltins(Self.team(where: "permission == 'android.permission.READ_SMS'"))
        let run = try Shipcheck.run(Shipcheck.Options(path: root, checklists: checklists, only: ["team"], today: "2026-11-30"))
        let hits = run.result.findings.filter { $0.rule == "team.no-sms" }
        #expect(hits.map { "\($0.location.path):\($0.location.line ?? 0) \($0.message)" }
                == ["app/src/main/AndroidManifest.xml:3 app/src/main/AndroidManifest.xml requests android.permission.READ_SMS"], "\(hits)")

        // The same rule without where: fires on all three: the filter is what narrowed it.
        let unfiltered = Self.team(where: "permission != ''")
        let all = try Shipcheck.run(Shipcheck.Options(path: root, checklists: try FactCatalogTests.loadWithBuiltins(unfiltered), only: ["team"], today: "2026-11-30"))
        #expect(all.result.findings.filter { $0.rule == "team.no-sms" }.count == 3)
    }

    @Test func aLabelNoSelectorGivesIsALoadErrorWithTheNearestOne() {
        let errors = FactCatalogTests.errors(Self.team(where: "permision == 'android.permission.READ_SMS'"))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.hasPrefix("where: reads \"permision\", no label of this rule's subjects (did you mean \"permission\"?)") == true, "\(errors)")
        #expect(errors.first?.mark == Mark(line: 11, column: 12))
    }

    /// Each selector says which labels its subjects carry: a metadata label on permissions would never match.
    @Test func whereReadsOnlyTheLabelsOfTheRulesOwnSelectors() throws {
        let errors = FactCatalogTests.errors(Self.team(where: "locale == 'fr'"))
        #expect(errors.map(\.message) == ["where: reads \"locale\", which no selector of this rule labels its subjects with; labels: file, permission, value"], "\(errors)")
        #expect(try Selector.parse("play.locales.*.title").labels == ["store", "tree", "consumer", "field", "locale"])
    }

    /// The labels a selector declares are the ones its subjects carry, on the example and fixture projects.
    @Test(arguments: ["Examples/TodoCloud", "Tests/Fixtures/e2e/android-app", "Tests/Fixtures/e2e/ios-app", "Tests/Fixtures/corpus/TeamNewPipe__NewPipe"])
    func everySubjectCarriesOnlyItsSelectorsDeclaredLabels(project: String) throws {
        let checklists = try RuleExampleTests.loaded()
        let model = try RuleExampleTests.inspect(FindingsGoldenTests.packageRoot.appendingPathComponent(project).path, checklists: checklists)
        let texts = ["*.locales.*.title", "*.locales.*.changelogs.*", "*.root.copyright", "*.review.notes", "*.folders", "*.files",
                     "apple.plists.*.*UsageDescription", "apple.apps.*.CFBundleName", "android.permissions.*", "dependencies.*"]
        var seen = 0
        for text in texts {
            let selector = try Selector.parse(text)
            for subject in selector.subjects(in: model, stores: []) {
                seen += 1
                let extra = Set(subject.labels.keys).subtracting(selector.labels)
                #expect(extra.isEmpty, "\(project): \(text) gives labels \(extra.sorted()) it does not declare")
            }
        }
        #expect(seen > 0, "\(project): no subject selected")
    }

    @Test func whereNeedsACheckWithGiven() {
        let errors = FactCatalogTests.errors(Self.team(where: "permission == 'x'", kind: "expect: not android.permission.READ_SMS"))
        #expect(errors.contains { $0.message == "where: filters the subjects of a check: rule with given: (or fields:)" }, "\(errors)")
    }
}
