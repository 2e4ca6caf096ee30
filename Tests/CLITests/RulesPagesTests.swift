import Foundation
import Testing

/// docs/rules/ is generated from the checklists; this test fails when the committed pages differ from what
/// the rules generate. Regenerate with: swift run shipcheck rules --format markdown --output docs/rules
@Suite("Command line: rule pages")
struct RulesPagesTests {
    static let committed = ShipcheckProcess.packageRoot.appendingPathComponent("docs/rules")

    @Test func committedPagesMatchTheChecklists() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ShipcheckProcess.run(["rules", "--format", "markdown", "--output", dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.committed.path).filter { $0.hasSuffix(".md") }.sorted()
        let hint = "docs/rules is stale: run `swift run shipcheck rules --format markdown --output docs/rules` and commit it"
        #expect(generated == onDisk, "\(hint)")
        for name in generated {
            let fresh = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let old = try? String(contentsOf: Self.committed.appendingPathComponent(name), encoding: .utf8)
            #expect(fresh == old, "docs/rules/\(name) differs. \(hint)")
        }
    }

    @Test func aRuleSectionSaysWhatWhyHowSeverityExamplesAndSuppression() throws {
        let result = try ShipcheckProcess.run(["rules", "--format", "markdown"])
        #expect(result.status == 0)
        let page = result.stdout
        let start = try #require(page.range(of: "## purpose-strings.missing\n"))
        let section = String(page[start.lowerBound...].prefix(4000))
        #expect(section.contains("- **Severity:** error"))
        #expect(section.contains("**What it finds:** "))
        #expect(section.contains("**Why:**\n\n- ["))
        #expect(section.contains("**How to fix:** "))
        #expect(section.contains("[triggers](../../Tests/RuleExamples/purpose-strings.missing/trigger)"))
        #expect(section.contains("`// shipcheck:disable:next purpose-strings.missing`"))
        #expect(page.contains("| [`purpose-strings.missing`](#purpose-stringsmissing) |"))
    }

    @Test func everyLinkedExampleFolderExists() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.committed.path) where name.hasSuffix(".md") {
            let text = try String(contentsOf: Self.committed.appendingPathComponent(name), encoding: .utf8)
            for part in text.components(separatedBy: "](../../").dropFirst() {
                let target = String(part.prefix { $0 != ")" })
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: ShipcheckProcess.packageRoot.appendingPathComponent(target).path, isDirectory: &isDirectory)
                #expect(exists, "docs/rules/\(name) links to \(target), which does not exist")
            }
        }
    }

    @Test func sarifHelpURIPointsAtTheRulePage() throws {
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "sarif"])
        #expect(result.stdout.contains("\"helpUri\": \"https://github.com/shipcheck/shipcheck/blob/main/docs/rules/purpose-strings.md#purpose-stringsmissing\""))
    }

    @Test func markdownPagesCannotBeMixedWithShowOrOtherFormats() throws {
        let output = try ShipcheckProcess.run(["rules", "--output", "/tmp/x"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--output goes with --format markdown"))
        let format = try ShipcheckProcess.run(["rules", "--format", "html"])
        #expect(format.status == 2)
    }
}
