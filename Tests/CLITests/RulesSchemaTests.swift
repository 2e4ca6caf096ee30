import Foundation
import TestSupport
import Testing
import YAML

/// schemas/checklist.schema.json and schemas/shipcheck.schema.json hold every built-in checklist and every
/// example configuration, and refuse what the loaders refuse. The YAML is read with shipcheck's own loader
/// and handed as JSON to Python's `jsonschema` (Tests/Tools/validate_json_schema.py); without python3 and
/// jsonschema the tests are skipped, saying so.
@Suite("JSON Schemas of checklists and shipcheck.yml", .enabled(if: SchemaValidator.isAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
struct RulesSchemaTests {
    static let root = ShipcheckProcess.packageRoot

    static func files(under folder: String, named predicate: (String) -> Bool) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { predicate(($0 as NSString).lastPathComponent) }
            .map { folder + "/" + $0 }.sorted()
    }

    @Test func everyBuiltInChecklistMatchesTheChecklistSchemaAndNamesIt() throws {
        let checklists = Self.files(under: "rules") { $0.hasSuffix(".yml") }
        #expect(checklists.count >= 10)
        for file in checklists {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema=../schemas/checklist.schema.json\n"), "\(file) does not name its schema on line 1")
        }
        let result = try SchemaValidator.validate(files: checklists, schema: "schemas/checklist.schema.json")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func everyExampleConfigurationMatchesTheManifestSchema() throws {
        let manifests = Self.files(under: "Examples") { $0 == "shipcheck.yml" }
            + Self.files(under: "Tests/Fixtures") { $0 == "shipcheck.yml" }
            + Self.files(under: "Tests/RuleExamples") { $0 == "shipcheck.yml" }
        #expect(manifests.count >= 10)
        let result = try SchemaValidator.validate(files: manifests, schema: "schemas/shipcheck.schema.json")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func theManifestSchemaRefusesWhatTheReaderRefuses() throws {
        let documents: [String: String] = [
            "unknown key": "pahts: { data_safety: a.csv }\n",
            "unknown store": "stores: [ios]\n",
            "literal password": "review: { demo_password: hunter2 }\n",
            "ignore without reason": "ignore:\n  - rule: metadata\n",
            "blank reason": "ignore:\n  - { rule: metadata, reason: \"  \" }\n",
            "path out of the root": "exclude: [\"../secrets/**\"]\n",
            "bad severity": "rules: { severity: { metadata: fatal } }\n",
        ]
        let result = try SchemaValidator.validate(texts: documents, schema: "schemas/shipcheck.schema.json")
        #expect(result.status == 1)
        for name in documents.keys { #expect(result.stdout.contains("\(name): "), "the schema accepts \(name)") }
    }

    @Test func theChecklistSchemaRefusesARuleWithTwoModesOrABadId() throws {
        let documents: [String: String] = [
            "two modes": "checklist: x\ntitle: X\nrules:\n  - { id: x.a, title: A, expect: a, kind: manual }\n",
            "bad id": "checklist: x\ntitle: X\nrules:\n  - { id: x.Bad_Id, title: A, kind: manual }\n",
            "unknown key": "checklist: x\ntitle: X\nrules:\n  - { id: x.a, title: A, kind: manual, severty: error }\n",
        ]
        let result = try SchemaValidator.validate(texts: documents, schema: "schemas/checklist.schema.json")
        #expect(result.status == 1)
        for name in documents.keys { #expect(result.stdout.contains("\(name): "), "the schema accepts \(name)") }
    }
}

/// YAML (read by shipcheck's loader) → JSON → Python's jsonschema.
enum SchemaValidator {
    static let script = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Tools/validate_json_schema.py").path

    static let isAvailable: Bool = {
        guard let result = try? run(arguments: ["-c", "import jsonschema"], input: "") else { return false }
        return result.status == 0
    }()

    static func validate(files: [String], schema: String) throws -> ShipcheckProcess.Output {
        var texts: [String: String] = [:]
        for file in files {
            texts[file] = try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent(file), encoding: .utf8)
        }
        return try validate(texts: texts, schema: schema)
    }

    static func validate(texts: [String: String], schema: String) throws -> ShipcheckProcess.Output {
        var documents: [String: Any] = [:]
        for (name, text) in texts {
            documents[name] = try YAMLParser.parse(text, file: name).map(json) ?? NSNull()
        }
        let input = try JSONSerialization.data(withJSONObject: documents, options: [.sortedKeys])
        return try run(arguments: [script, ShipcheckProcess.packageRoot.appendingPathComponent(schema).path],
                       input: String(decoding: input, as: UTF8.self))
    }

    /// The value shipcheck's readers see: plain `true`/`false` are booleans, plain decimals numbers, plain
    /// `null`/`~`/empty null; every other scalar (and every quoted one) a string.
    static func json(_ node: Node) -> Any {
        switch node.content {
        case .scalar(let text):
            guard node.style == .plain else { return text }
            if node.isNull { return NSNull() }
            if text == "true" || text == "false" { return text == "true" }
            if let number = Double(text), text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) { return number }
            return text
        case .sequence(let items): return items.map(json)
        case .mapping(let pairs):
            var object: [String: Any] = [:]
            for pair in pairs { object[pair.key.scalar ?? ""] = json(pair.value) }
            return object
        }
    }

    static func run(arguments: [String], input: String) throws -> ShipcheckProcess.Output {
        let result = try PythonProcess.run(arguments: arguments, input: input)
        return ShipcheckProcess.Output(stdout: result.stdout, stderr: result.stderr, status: result.status)
    }
}
