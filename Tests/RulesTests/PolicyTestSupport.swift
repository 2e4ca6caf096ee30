import BuiltinData
import Foundation
import Online
import Project
import StoreLocale
import YAML
@testable import Rules

/// Runs the built-in checklists on hand-built projects, for the policy check tests.
enum PolicyTestSupport {
    struct UnknownRule: Error, CustomStringConvertible {
        let id: String
        var description: String { "no built-in rule has the id \(id)" }
    }

    static func engine() throws -> Engine {
        Engine(checklists: try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) }))
    }

    /// Findings of every built-in rule (or only `rule`) on `project`.
    static func findings(_ project: ProjectModel, rule: String? = nil, online: Bool = false, environment: [String: String] = [:],
                         tables replacing: [String: Table] = [:]) throws -> [Finding] {
        let engine = try engine()
        // A test that expects no findings of a rule must name a rule that exists, or it proves nothing.
        if let rule, !engine.checklists.flatMap(\.rules).contains(where: { $0.id == rule }) { throw UnknownRule(id: rule) }
        let tables = engine.tables.merging(replacing) { _, new in new }
        var project = project
        // What the inspector and the online step do before evaluation: load the local policy, fetch the URLs.
        if let walk = try? FileWalker().walk(root: project.root) {
            let schema = tables.values.first { $0.kind == "data_safety_questions" }
                .map { DataSafetySchema(node: $0.value, diagnostics: Diagnostics(file: $0.file)) }
            ProjectInspector.loadDocuments(into: &project, files: walk.files, dataSafetySchema: schema)
        } else if let path = project.manifest?.paths.privacyPolicy, !PrivacyPolicyText.isURL(path) {
            project.privacyPolicyDocument = LoadedDocument.load(root: project.root, path: path, maxBytes: PrivacyPolicyText.maxBytes)
        }
        if online {
            project.webPages = OnlineStep.fetch(OnlineStep.urls(in: project), with: SystemPageFetcher(timeout: 5))
        }
        let context = EvaluationContext(project: project, tables: tables, today: "2026-11-30", online: online, environment: environment)
        let findings = MetadataConsumerScope.apply(engine.evaluate(context), project: project)
        return rule.map { id in findings.filter { $0.rule == id } } ?? findings
    }

    /// Manual items of every built-in rule on `project`, as the report lists them.
    static func manual(_ project: ProjectModel) throws -> [ManualItem] {
        let engine = try engine()
        return engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30")).manual
    }

    static func stated(_ name: String, _ value: FactValue = .bool(true)) -> Fact {
        Fact(name: name, value: value, source: .stated)
    }

    static func detected(_ name: String, at path: String, line: Int, snippet: String) -> Fact {
        Fact(name: name, value: .bool(true), source: .detected,
             evidence: [Evidence(location: SourceLocation(path: path, line: line), snippet: snippet)])
    }

    static func value(_ text: String, _ path: String) -> MetadataValue {
        MetadataValue(text: text, raw: text + "\n", location: SourceLocation(path: path))
    }

    static func locale(_ code: String, tree: String = "fastlane/metadata", fields: [String: String] = [:]) -> MetadataLocale {
        MetadataLocale(code: code, location: SourceLocation(path: "\(tree)/\(code)"),
                       fields: Dictionary(uniqueKeysWithValues: fields.map { ($0.key, value($0.value, "\(tree)/\(code)/\($0.key).txt")) }))
    }

    /// A YAML scalar/sequence/mapping built in code, for replacement tables.
    static func node(_ value: Any) -> Node {
        let mark = Mark(line: 1, column: 1)
        switch value {
        case let list as [String]: return Node(.sequence(list.map { Node(.scalar($0), mark: mark) }), mark: mark, style: .collection)
        case let map as [String: [String]]:
            return Node(.mapping(map.sorted { $0.key < $1.key }.map { Node.Pair(key: Node(.scalar($0.key), mark: mark), value: node($0.value)) }),
                        mark: mark, style: .collection)
        default: return Node(.scalar("\(value)"), mark: mark)
        }
    }
}

/// A project folder in the temporary directory, removed when the test is done.
final class TemporaryProject {
    let root: String

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

/// Data safety CSV text: the header and the given rows.
func dataSafetyCSV(_ rows: [String]) -> String {
    (["Question ID (machine readable),Response ID (machine readable),Response value,Answer requirement,Human-friendly question label"] + rows)
        .joined(separator: "\n") + "\n"
}
