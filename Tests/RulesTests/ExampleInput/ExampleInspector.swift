import Foundation
import Project

/// A toy input for the test of the inspector seam: every `*.example` file, one entry per non-empty line.
/// Everything it needs is in this folder; it is registered by one line (`ExampleInspectorTests.inspectors`).
struct ExamplePart: ModelPart {
    struct Entry: Sendable {
        let text: String
        let location: SourceLocation
    }

    var entries: [Entry] = []
}

struct ExampleInspector: Inspector {
    var name: String { "example" }
    var files: FileInterest { .nameSuffixes([".example"]) }
    var emits: [String] { ["example.entries"] }
    var rootMarkers: [RootMarker] { [.suffix(".example")] }
    var lookedFor: String? { "*.example" }

    var selectors: [SelectorDeclaration] {
        [SelectorDeclaration(text: "example.entries.*", labels: ["file"], doc: "every line of every *.example file") { model in
            model.parts[ExamplePart.self].entries.map { SelectedValue(value: $0.text, location: $0.location, labels: ["file": $0.location.path]) }
        }]
    }

    func inspect(_ input: InspectionInput) -> InspectorOutput<ExamplePart> {
        var part = ExamplePart()
        var problems: [InputProblem] = []
        for file in input.files {
            // Bounded: a toy reads small files only.
            guard file.size <= 1 << 16, let bytes = FileManager.default.contents(atPath: file.absolutePath) else {
                problems.append(InputProblem(location: SourceLocation(path: file.path), message: "cannot read the example file"))
                continue
            }
            for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.isEmpty {
                part.entries.append(.init(text: String(line), location: SourceLocation(path: file.path, line: index + 1)))
            }
        }
        let evidence = part.entries.prefix(1).map { Evidence(location: $0.location, snippet: $0.text) }
        let fact = Fact(name: "example.entries", value: .number(Double(part.entries.count)), source: .detected, evidence: evidence)
        return InspectorOutput(part: part, facts: [fact], problems: problems)
    }

    func found(in model: ProjectModel) -> FoundInput? {
        model.parts[ExamplePart.self].entries.isEmpty ? nil : .project
    }
}
