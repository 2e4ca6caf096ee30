import Foundation

/// A throwaway project folder; removed when the value is dropped.
final class HostileTree: @unchecked Sendable {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        root = base.path
    }

    deinit {
        // Unreadable folders made by a test must be readable again to be removed.
        _ = chmod(root, 0o755)
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { "\(root)/\(relative)" }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String { try write(relative, Data(text.utf8)) }

    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> String {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createDirectory(atPath: (path(relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    func read(_ relative: String) -> String? { FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) } }
}

/// Runs the built `shipcheck` binary, as CI would.
enum Shipcheck {
    struct Output {
        let stdout: String
        let stderr: String
        let status: Int32
        var terminationReason: Process.TerminationReason = .exit
        /// The watchdog killed the process: it ran past the test's bound.
        var timedOut = false
        var all: String { stdout + stderr }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("shipcheck")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/shipcheck")
    }()

    /// Runs shipcheck; after `timeout` seconds a watchdog kills it (a hang guard, not a performance measure).
    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
                    timeout: Double = 120) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let killed = ManagedFlag()
        let watchdog = DispatchWorkItem { killed.set(); kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return Output(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus, terminationReason: process.terminationReason, timedOut: killed.value)
    }
}

/// A minimal Android app around whatever a test puts in it, so the Android readers look at the tree.
enum AndroidApp {
    static let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application/></manifest>\n"
}

/// A flag set from the watchdog's queue and read after the process ended.
final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
}
