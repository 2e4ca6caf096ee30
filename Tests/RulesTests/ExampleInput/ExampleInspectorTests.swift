import Foundation
import Project
@testable import ShipcheckCore
import Testing
@testable import Rules

/// A new input costs its own folder plus one registration line: the toy `ExampleInspector` (this folder)
/// reads `*.example` files into its part, emits one fact and provides one selector, and the loader, the
/// engine and the front door ("is there anything to check?", "is this a project root?") pick it up from the
/// inspector list alone.
@Suite("A toy inspector through the real pipeline")
struct ExampleInspectorTests {
    /// The one registration line.
    static let inspectors: [any Inspector] = InspectorRegistry.builtin + [ExampleInspector()]

    static let checklist = """
        checklist: example
        title: Example rules
        facts:
          example.entries: { type: number, doc: "how many lines the *.example files hold" }
        rules:
          - id: example.few-entries
            title: At most two example entries
            severity: warning
            severity_reason: "a toy rule"
            when: example.entries
            expect: example.entries < 3
            message: "The example files hold {{example.entries}} entries ({{evidence}})"
            help: Remove some.
          - id: example.no-todo
            title: No TODO in an example entry
            severity: warning
            severity_reason: "a toy rule"
            check: pattern
            given: example.entries.*
            with: { must_not_match: "TODO" }
            message: "{{file}}: the entry \\"{{value}}\\" holds a TODO"
            help: Finish it.
        """

    static func project(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-example-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    static func load() throws -> [Checklist] {
        try ChecklistLoader(knownFacts: BuiltinFacts.declarations, inspectors: inspectors)
            .load([ChecklistSource(file: "example.yml", text: checklist)])
    }

    @Test func theToyPartFactAndSelectorReachTheRules() throws {
        let root = try Self.project(["a.example": "one\ntwo TODO\n", "sub/b.example": "three\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Shipcheck.run({
            var options = Shipcheck.Options(path: root, checklists: try Self.load(), today: "2026-11-30")
            options.inspectors = Self.inspectors
            return options
        }())
        #expect(run.project.parts[ExamplePart.self].entries.map(\.text) == ["one", "two TODO", "three"])
        #expect(run.project.facts["example.entries"]?.value == .number(3))
        let findings = run.result.findings.map { "\($0.rule) \($0.location) \($0.message)" }.sorted()
        #expect(findings == [
            "example.few-entries a.example:1 The example files hold 3 entries (a.example:1)",
            "example.no-todo a.example:2:5 a.example: the entry \"two TODO\" holds a TODO",
        ], "\(findings)")
    }

    @Test func withoutTheRegistrationLineTheFolderHasNothingToCheckAndTheSelectorIsUnknown() throws {
        let root = try Self.project(["a.example": "one\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: SessionError.self) {
            try Shipcheck.run(Shipcheck.Options(path: root, checklists: try Self.load(), today: "2026-11-30"))
        }
        #expect(Shipcheck.looksLikeProjectRoot(root, inspectors: Self.inspectors))
        #expect(!Shipcheck.looksLikeProjectRoot(root))
        #expect(throws: ChecklistLoadError.self) {
            try ChecklistLoader(knownFacts: BuiltinFacts.declarations).load([ChecklistSource(file: "example.yml", text: Self.checklist)])
        }
    }

    @Test func theInspectorIsGivenOnlyTheFilesItAsksFor() {
        let files = ["a.example", "b.swift", "c/d.example"].map { ProjectFile(path: $0, root: "/r", size: 1, isVendored: false) }
        #expect(files.filter(ExampleInspector().files.wants).map(\.path) == ["a.example", "c/d.example"])
    }
}

/// The built-in inspectors and the fact catalog say the same thing: each name an inspector declares it emits
/// is declared in rules/shipcheck.yml, and every fact detected on the golden projects is one an inspector
/// declares (or a `kind: symbols` table's, or store detection's `store.*`).
@Suite("Inspector fact declarations")
struct InspectorFactDeclarationTests {
    @Test func everyDeclaredPatternIsInTheCatalog() throws {
        let patterns = Set(try RuleExampleTests.loaded().flatMap(\.facts).map(\.pattern))
        for inspector in InspectorRegistry.builtin {
            for name in inspector.emits { #expect(patterns.contains(name), "\(inspector.name) emits \(name), which rules/shipcheck.yml does not declare") }
        }
    }

    @Test(arguments: FindingsGoldenTests.projects)
    func everyDetectedFactIsDeclaredByAnInspectorOrATable(project: String) throws {
        let checklists = try RuleExampleTests.loaded()
        let symbolFacts = FactCatalog(checklists.flatMap(\.facts).filter { $0.doc.hasPrefix("code that ships uses a symbol of table") })
        let emitted = FactCatalog((InspectorRegistry.builtin.flatMap(\.emits) + ["store.*"]).map {
            FactDeclaration(pattern: $0, types: [], doc: "", file: "")
        })
        let root = FindingsGoldenTests.packageRoot.appendingPathComponent(project).path
        let model = try RuleExampleTests.inspect(root, checklists: checklists)
        for name in model.facts.detected.keys.sorted() where !emitted.contains(name) && !symbolFacts.contains(name) {
            Issue.record("\(project): \(name) is detected but no inspector declares it in `emits`")
        }
    }
}
