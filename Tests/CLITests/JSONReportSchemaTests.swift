import Foundation
import Testing

/// schemas/report.schema.json holds every `--format json` report shipcheck writes (the example app, a
/// monorepo, the real-app samples, an empty report, a metadata run) and refuses what a reader could not
/// rely on. Validated with Python's `jsonschema` (Tests/Tools/validate_json_schema.py); skipped, saying so,
/// without it.
@Suite("JSON Schema of --format json", .enabled(if: SchemaValidator.isAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
struct JSONReportSchemaTests {
    static let schema = "schemas/report.schema.json"

    /// Validates raw JSON documents by name (the input is built from the texts as they are, not re-encoded).
    static func validate(_ documents: [String: String]) throws -> ShipcheckProcess.Output {
        let input = "{" + documents.sorted { $0.key < $1.key }.map { name, text in
            "\"\(name)\": \(text)"
        }.joined(separator: ",\n") + "}"
        return try SchemaValidator.run(arguments: [SchemaValidator.script, ShipcheckProcess.packageRoot.appendingPathComponent(schema).path],
                                       input: input)
    }

    @Test func everyReportShipcheckWritesMatchesTheSchema() throws {
        var documents: [String: String] = [:]
        let projects = ["Examples/TodoCloud", "Tests/Fixtures/corpus/TeamNewPipe__NewPipe", "Tests/Fixtures/corpus/Automattic__simplenote-ios",
                        "Tests/Fixtures/e2e/ios-app", "Tests/Fixtures/e2e/android-app",
                        // Inputs not read (not_checked): a partly evaluated XcodeGen spec, Android graphs and flavours.
                        "Tests/Fixtures/project-specs/xcodegen-partial", "Tests/Fixtures/android"]
        for project in projects {
            let result = try ShipcheckProcess.run(["check", project, "--format", "json", "--date", "2026-11-30"])
            #expect(result.status == 0 || result.status == 1, "\(project): \(result.stderr)")
            documents[project] = result.stdout
        }
        let metadata = try ShipcheckProcess.run(["metadata", "Examples/TodoCloud", "--format", "json"])
        documents["metadata"] = metadata.stdout
        let none = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json", "--only", "metadata.keywords-bytes"])
        #expect(none.stdout.contains("\"findings\": []"))
        documents["no findings"] = none.stdout
        let folder = try CIHarness.temporaryFolder("json-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try CIHarness.monorepo(in: folder)
        documents["monorepo"] = try ShipcheckProcess.run(["check", "apps/mobile", "--format", "json"], in: repo).stdout
        let result = try Self.validate(documents)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\(documents.count) documents, 0 problems"))
    }

    @Test func theSchemaRefusesWhatAReaderCouldNotRelyOn() throws {
        let report = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json"]).stdout
        let broken: [String: String] = [
            "severity": report.replacingOccurrences(of: "\"severity\": \"error\"", with: "\"severity\": \"fatal\""),
            "unknown key": report.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1, \"extra\": true,"),
            "no fingerprint": report.replacingOccurrences(of: "\"fingerprint\":", with: "\"fingerprnt\":"),
            "null line": report.replacingOccurrences(of: "\"line\": 13,", with: "\"line\": null,"),
        ]
        for (name, text) in broken { #expect(text != report, "\(name): the replacement found nothing") }
        let result = try Self.validate(broken)
        #expect(result.status == 1)
        #expect(result.stdout.contains("severity: findings/0/severity: 'fatal' is not one of ['error', 'warning', 'info']"), "\(result.stdout)")
        #expect(result.stdout.contains("unknown key: (top): Additional properties are not allowed ('extra' was unexpected)"))
        #expect(result.stdout.contains("no fingerprint: findings/0: 'fingerprint' is a required property"))
        #expect(result.stdout.contains("null line: findings/0/line: None is not of type 'integer'"))
    }
}
