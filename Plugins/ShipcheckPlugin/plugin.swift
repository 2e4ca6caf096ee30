import Foundation
import PackagePlugin

/// `swift package shipcheck [ARGUMENTS]`: builds shipcheck and runs it on the package's folder.
/// With no arguments, or options only, it runs `shipcheck check PACKAGE_DIR [OPTIONS]`; arguments that start
/// with a command (`facts`, `rules list`, `metadata fastlane/metadata`…) are passed to shipcheck unchanged,
/// from the package's folder. Reports written with FORMAT:PATH inside the package need
/// `--allow-writing-to-package-directory` where SwiftPM sandboxes plugins (macOS).
///
/// In shipcheck's own package, the folder holds test fixtures made to fail (hundreds of findings): without a
/// command it checks the example app, Examples/TodoCloud, and says so.
///
/// The report is relayed whole, ending with a line break, and a failure is this plugin's own last line on the
/// same stream: a thrown error reaches SwiftPM's standard error through another channel and, where stdout and
/// stderr share a log, was spliced into the middle of a report line (`…character(s)error: shipcheck found…`),
/// breaking the `path:line: warning:` lines problem matchers read.
@main
struct ShipcheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "shipcheck")
        let folder = context.package.directoryURL
        var words = arguments
        if arguments.isEmpty || arguments[0].hasPrefix("-") {
            if Self.isShipcheckItself(context.package.displayName, folder) {
                FileHandle.standardOutput.write(Data("note: this is shipcheck's own package, whose test fixtures are made to fail; checking the example app Examples/TodoCloud (give a command and a path to check another folder)\n".utf8))
                words = ["check", folder.appendingPathComponent("Examples/TodoCloud").path] + arguments
            } else {
                words = ["check", folder.path] + arguments
            }
        }
        let status = try Self.run(tool.url, words, in: folder)
        guard status != 0 else { return }
        let message = status == 1
            ? "error: shipcheck found problems at or above --fail-on (exit 1); the report above says what and where\n"
            : "error: shipcheck could not check the package (exit \(status)); its error is printed above\n"
        FileHandle.standardOutput.write(Data(message.utf8))
        // Exits with shipcheck's status without a diagnostic: SwiftPM fails the command on it and reads the
        // plugin's output to its end first, so nothing lands inside the report.
        exit(status)
    }

    /// shipcheck's own package: its name and its rule examples.
    static func isShipcheckItself(_ name: String, _ folder: URL) -> Bool {
        name == "shipcheck" && FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tests/RuleExamples").path)
    }

    /// Runs shipcheck with its standard output and error read here and written on whole (its notes, then the
    /// report), each ending with a line break; its exit status.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read beside standard output, so that a large report cannot block shipcheck.
        let errors = ErrorText()
        let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let report = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errors.done { usleep(1_000) }
        // Its notes first, as a terminal shows them, then the report, so that the failure line follows the report.
        for (data, handle) in [(errors.data, FileHandle.standardError), (report, FileHandle.standardOutput)] where !data.isEmpty {
            handle.write(data)
            if data.last != UInt8(ascii: "\n") { handle.write(Data("\n".utf8)) }
        }
        return process.terminationStatus
    }
}

/// What shipcheck wrote on standard error, filled by the reading thread.
final class ErrorText: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Data()
    private var finished = false

    func set(_ data: Data) { lock.lock(); value = data; finished = true; lock.unlock() }
    var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }
    var data: Data { lock.lock(); defer { lock.unlock() }; return value }
}
