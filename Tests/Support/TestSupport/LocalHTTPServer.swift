import Foundation

/// A python3 `http.server` on 127.0.0.1 for the tests that fetch (the online checks, the page fetcher): runs
/// `script`, which must bind port 0 and print the port it got on its first line, and is stopped by `stop()`.
/// Shared by the test targets so the process handling lives in one place; each test keeps its own handler.
public final class LocalHTTPServer {
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    let process = Process()
    public let port: Int
    public var base: String { "http://127.0.0.1:\(port)" }

    public init(script: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(description: "the test server printed no port: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    /// SIGKILL: the test process may run with SIGTERM blocked, and a child inherits that mask.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
