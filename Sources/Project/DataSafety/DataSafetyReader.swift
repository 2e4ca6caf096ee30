import Foundation
import Formats

/// Why a Data safety export could not be used: the file and every problem with its line.
public struct DataSafetyError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Problem: Sendable, Equatable {
        /// 1-based; nil when the whole file is at fault (unreadable, not UTF-8).
        public let line: Int?
        public let message: String

        public init(line: Int?, message: String) {
            self.line = line
            self.message = message
        }
    }

    public let file: String
    public let problems: [Problem]

    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    public var description: String {
        problems.map { problem in
            let place = problem.line.map { "\(file):\($0)" } ?? file
            return "\(place): \(problem.message)"
        }.joined(separator: "\n")
    }
}

/// Reads a Play Console Data safety CSV export. Read-only: the file is never rewritten.
public enum DataSafetyReader {
    /// The header Play Console writes and accepts, column for column.
    public static let header = [
        "Question ID (machine readable)", "Response ID (machine readable)", "Response value",
        "Answer requirement", "Human-friendly question label",
    ]
    /// A full export is about 780 rows (~220 KB); anything far beyond is not a Data safety export.
    public static let maxBytes = 8 << 20
    /// Problems reported per file at most, so a wrong file does not flood the report.
    public static let maxProblems = 20

    /// Reads and parses the file at `absolutePath`; `path` (relative to the root) names it in errors.
    public static func read(absolutePath: String, path: String, schema: DataSafetySchema) throws(DataSafetyError) -> DataSafetyForm {
        let bytes: [UInt8]
        do throws(FileBytes.ReadError) {
            bytes = try FileBytes.read(path: absolutePath, limit: maxBytes + 1)
        } catch {
            throw DataSafetyError(file: path, problems: [.init(line: nil, message: "cannot read the file: \(error.message)")])
        }
        guard bytes.count <= maxBytes else {
            throw DataSafetyError(file: path, problems: [.init(line: nil, message: "file is over \(maxBytes) bytes; a Data safety export is well under that")])
        }
        return try parse(data: Data(bytes), path: path, schema: schema)
    }

    /// Parses export bytes: UTF-8 (a BOM is skipped), the exact header, five fields a row, known ids.
    public static func parse(data: Data, path: String, schema: DataSafetySchema) throws(DataSafetyError) -> DataSafetyForm {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(data: Data(bytes), encoding: .utf8) != nil else {
            throw DataSafetyError(file: path, problems: [.init(line: nil, message: "not UTF-8 text; Play Console exports the Data safety form as UTF-8 CSV")])
        }
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(bytes)
        } catch {
            throw DataSafetyError(file: path, problems: [.init(line: error.line, message: error.message)])
        }
        guard let first = records.first, first.line == 1 else {
            throw DataSafetyError(file: path, problems: [.init(line: 1, message: "expected the header \(headerText), got an empty line or file")])
        }
        guard first.fields == header else {
            throw DataSafetyError(file: path, problems: [.init(line: 1, message: "expected the header \(headerText), got \(first.fields.joined(separator: ","))")])
        }
        var answers: [DataSafetyAnswer] = []
        var problems: [DataSafetyError.Problem] = []
        // Only the first `maxProblems` are shown, so the rest are not looked at (700,000 unknown rows each
        // asked for a spelling suggestion).
        for record in records.dropFirst() where problems.count < maxProblems {
            guard record.fields.count == header.count else {
                problems.append(.init(line: record.line, message: "expected \(header.count) fields, got \(record.fields.count)"))
                continue
            }
            let question = record.fields[0], response = record.fields[1]
            if let problem = schema.problem(question: question, response: response) {
                problems.append(.init(line: record.line, message: problem))
                continue
            }
            answers.append(DataSafetyAnswer(question: question, response: response, value: record.fields[2],
                                            requirement: record.fields[3], line: record.line))
        }
        if !problems.isEmpty {
            throw DataSafetyError(file: path, problems: Array(problems.prefix(maxProblems)))
        }
        return DataSafetyForm(path: path, answers: answers)
    }

    private static var headerText: String { header.joined(separator: ",") }
}
