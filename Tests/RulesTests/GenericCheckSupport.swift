import Foundation
import Project
import StoreLocale
import YAML
@testable import Rules

/// Calls one check function directly, as the engine would, with hand-made subjects, options and tables.
enum GenericCheckSupport {
    static func subject(_ value: String, path: String = "fastlane/metadata/en-US/description.txt", line: Int = 1,
                        labels: [String: String] = ["locale": "en-US"]) -> Subject {
        Subject(value: value, location: SourceLocation(path: path, line: line), labels: labels)
    }

    static func table(_ name: String, _ yaml: String) throws -> Table {
        let node = try require_node(YAMLParser.parse(yaml, file: "test.yml"))
        return Table(name: name, source: "test", kind: nil, value: node, file: "test.yml")
    }

    static func run(_ function: CheckFunction, _ subjects: [Subject], options: [String: CheckOptions.Value] = [:],
                    tables: [Table] = [], project: ProjectModel = ProjectModel(root: "/p"), stores: Set<Store> = [],
                    today: String = "2026-11-30", given: Bool = true) throws -> [CheckResult] {
        let selectors = given ? [try Selector.parse("*.locales.*.description")] : []
        let rule = Rule(id: "test.rule", checklist: "test", title: "Test", severity: .error, stores: stores, when: nil,
                        kind: .check(name: function.name, given: selectors, options: CheckOptions(options)),
                        message: nil, help: nil, references: [], effective: nil, file: "rules/test.yml", mark: Mark(line: 7, column: 5))
        let context = EvaluationContext(project: project, tables: Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) }), today: today)
        // `fields:` as the loader reads it: selectors whose subjects the engine hands over.
        var subjects = subjects
        var options = options
        if case .stringList(let fields)? = options.removeValue(forKey: "fields") {
            subjects += Engine.subjects(fields.map(Selector.metadataField), for: function, project: project, stores: stores)
        }
        // Tables the function decodes, decoded as the loader does: a table key's default table when its table
        // option is not given (`limit:` without `table:` reads `field_limits`).
        for spec in function.options {
            guard case .tableKey(let tableOption, let defaultTable) = spec.kind, options[spec.name] != nil,
                  options[tableOption] == nil, function.options.contains(where: { $0.name == tableOption && $0.decode != nil }) else { continue }
            options[tableOption] = .string(defaultTable)
        }
        for spec in function.options {
            guard let decode = spec.decode, case .string(let name)? = options[spec.name],
                  let table = tables.first(where: { $0.name == name }) else { continue }
            options[spec.name] = .decodedTable(name, try decode(table).get().value)
        }
        return function.run(CheckInvocation(rule: rule, options: CheckOptions(options), subjects: subjects, context: context))
    }
}

struct MissingNode: Error {}

/// A parsed YAML document's root, or an error for an empty one.
func require_node(_ node: Node?) throws -> Node {
    guard let node else { throw MissingNode() }
    return node
}
