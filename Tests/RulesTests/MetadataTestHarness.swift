import BuiltinData
import Foundation
import Project
@testable import Rules

/// Runs the built-in checklists over the metadata trees of a folder, with only metadata discovery as
/// the inspector: the metadata checks then stand on their own, whatever the other inspectors detect.
enum MetadataTestHarness {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let corpus = CorpusLocation.path
    static let ruleExamples = packageRoot + "/Tests/RuleExamples"

    static func checklists() throws -> [Checklist] {
        try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
    }

    static func walk(_ root: String) -> [ProjectFile] {
        let base = URL(fileURLWithPath: root).standardized
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else { return [] }
        var files: [ProjectFile] = []
        for case let url as URL in enumerator {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true else { continue }
            files.append(ProjectFile(path: String(url.standardized.path.dropFirst(base.path.count + 1)), absolutePath: url.path,
                                     size: values.fileSize ?? 0, isVendored: false))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The project as discovery sees it: its trees, `store.<store>` for the store each tree's consumer is (its
    /// layout's store when unknown), plus `facts`.
    static func project(_ root: String, facts: [String: FactValue] = [:], manifest: Manifest? = nil) -> ProjectModel {
        let discovered = MetadataDiscovery.discover(root: root, files: walk(root), manifest: manifest)
        let trees = discovered.part?.trees ?? []
        var store = FactStore()
        for tree in trees {
            for reader in [tree.consumer.store ?? tree.store] + Array(tree.consumer.alsoReadBy.keys) {
                store.add(Fact(name: "store.\(reader.rawValue)", value: .bool(true), source: .detected,
                               evidence: [Evidence(location: SourceLocation(path: tree.path), snippet: "metadata tree")]))
            }
        }
        for (name, value) in facts { store.add(Fact(name: name, value: value, source: .stated)) }
        return ProjectModel(root: root, manifest: manifest, facts: store, metadata: trees, problems: discovered.problems)
    }

    static func findings(_ root: String, facts: [String: FactValue] = [:], manifest: Manifest? = nil,
                         today: String = "2026-11-30") throws -> [Finding] {
        let engine = Engine(checklists: try checklists())
        let model = project(root, facts: facts, manifest: manifest)
        let context = EvaluationContext(project: model, tables: engine.tables, today: today)
        // Graded by who reads each tree, as the front door's pipeline does after evaluation.
        return MetadataConsumerScope.apply(engine.evaluate(context), project: model)
    }
}
