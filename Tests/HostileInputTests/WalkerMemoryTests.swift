import Foundation
import Testing

/// The walker once copied a whole `dirent` past the kernel's record (a read past glibc's buffer that
/// valgrind reports on long and short names mixed). This runs the built binary over such a folder under
/// valgrind memcheck when valgrind is installed.
@Suite struct WalkerMemoryTests {
    static let valgrind: String? = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func walkingLongAndShortNamesIsCleanUnderValgrind() throws {
        guard let valgrind = Self.valgrind else {
            print("WalkerMemoryTests: valgrind is not installed; skipped (apt-get install valgrind)")
            return
        }
        let tree = try HostileTree()
        for length in [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 200, 254, 255] {
            try tree.write(String(repeating: "n", count: length), "x")
            try tree.write("d/" + String(repeating: "m", count: min(length, 249)) + ".swift", "let x = 1\n")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        // The Swift runtime's own metadata initialisation reads memory valgrind thinks uninitialised; the
        // suppressions (shared with Benchmarks/memcheck.sh) cover that and nothing of ours.
        let suppressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/memcheck.supp").path
        process.arguments = ["--error-exitcode=99", "--quiet", "--fair-sched=yes", "--suppressions=\(suppressions)",
                             Shipcheck.binary.path, "facts", tree.root, "--format", "json"]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "valgrind: \(log)")
        #expect(!log.contains("Invalid read"))
    }
}
