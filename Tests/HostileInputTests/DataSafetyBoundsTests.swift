import Foundation
import Testing
import YAML
@testable import Project

/// Inputs that ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct DataSafetyBoundsTests {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func schema() throws -> DataSafetySchema {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent("rules/data-safety.yml"))
        let root = try #require(try YAMLParser.parse(data: data, file: "rules/data-safety.yml"))
        let table = try #require(root["tables"]?["data_safety_questions"]?["value"])
        return DataSafetySchema(node: table, diagnostics: Diagnostics(file: "rules/data-safety.yml"))
    }

    @Test func aHundredThousandUnknownRowsStopAtTheProblemCap() throws {
        let header = DataSafetyReader.header.joined(separator: ",")
        let rows = String(repeating: "QX1,RX1,,,\n", count: 100_000)
        let schema = try Self.schema()
        do {
            _ = try DataSafetyReader.parse(data: Data((header + "\n" + rows).utf8), path: "ds.csv", schema: schema)
            Issue.record("expected problems")
        } catch let error as DataSafetyError {
            #expect(error.problems.count == DataSafetyReader.maxProblems)
            #expect(error.problems.first?.line == 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
