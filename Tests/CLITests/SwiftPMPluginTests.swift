import Foundation
import Testing

/// The SwiftPM command plugin (`swift package shipcheck`), through `swift package` as a user runs it. Each run
/// uses its own scratch folder, so that it never waits on the lock of the `swift test` that runs it.
@Suite("SwiftPM command plugin")
struct SwiftPMPluginTests {
    static func swiftPackage(_ arguments: [String], scratch: URL) throws -> ShipcheckProcess.Output {
        try ShipcheckProcess.run(["swift", "package", "--scratch-path", scratch.path] + arguments,
                                 executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    static let swiftAvailable: Bool = {
        (try? ShipcheckProcess.run(["swift", "--version"], executable: URL(fileURLWithPath: "/usr/bin/env")))?.status == 0
    }()

    /// Building shipcheck a second time takes minutes on a small machine: under CI, or when asked.
    static let runPlugin: Bool = {
        swiftAvailable && (PreCommitHookTests.required || ProcessInfo.processInfo.environment["SHIPCHECK_TEST_SWIFTPM_PLUGIN"] == "1")
    }()

    @Test(.enabled(if: swiftAvailable, "needs the swift toolchain on PATH"))
    func thePackageDeclaresTheCommandPlugin() throws {
        let scratch = try CIHarness.temporaryFolder("swiftpm-describe")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let described = try Self.swiftPackage(["describe", "--type", "json"], scratch: scratch)
        #expect(described.status == 0, "\(described.stderr)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(described.stdout.utf8)) as? [String: Any])
        let products = try #require(package["products"] as? [[String: Any]])
        let plugin = try #require(products.first { $0["name"] as? String == "ShipcheckPlugin" }, "\(products)")
        #expect((plugin["targets"] as? [String]) == ["ShipcheckPlugin"])
        let listed = try Self.swiftPackage(["plugin", "--list"], scratch: scratch)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("‘shipcheck’ (plugin ‘ShipcheckPlugin’"), "\(listed.stdout)")
    }

    @Test(.enabled(if: runPlugin, "builds shipcheck again in a scratch folder (minutes): runs under CI or with SHIPCHECK_TEST_SWIFTPM_PLUGIN=1"),
          .timeLimit(.minutes(20)))
    func swiftPackageShipcheckBuildsAndChecksAProject() throws {
        // Kept between runs, so that a second run only relinks.
        let scratch = ShipcheckProcess.packageRoot.appendingPathComponent(".build/swiftpm-plugin-test")
        let checked = try Self.swiftPackage(["shipcheck", "check", "Examples/TodoCloud", "--quiet", "--color", "never"], scratch: scratch)
        #expect(checked.status == 1, "\(checked.stderr.suffix(2000))")
        #expect(checked.stdout.contains("[purpose-strings.vague]"), "\(checked.stdout.prefix(2000))")
        // The plugin's own failure line follows the report on a line of its own; every report line stays whole.
        let lines = checked.stdout.split(separator: "\n").map(String.init)
        let failure = try #require(lines.lastIndex { $0.contains("shipcheck found problems") }, "\(checked.stdout.suffix(2000))")
        #expect(lines[failure] == "error: shipcheck found problems at or above --fail-on (exit 1); the report above says what and where")
        let findings = lines.filter { $0.hasSuffix("]") && ($0.contains(": error: ") || $0.contains(": warning: ")) }
        #expect(!findings.isEmpty)
        for line in findings { #expect(!line.contains("shipcheck found problems"), "spliced: \(line)") }
        #expect(lines[..<failure].contains { $0.contains("[purpose-strings.vague]") })
        // In shipcheck's own package, no command means the example app, not the test fixtures made to fail.
        let own = try Self.swiftPackage(["shipcheck", "--quiet", "--color", "never", "--format", "json"], scratch: scratch)
        #expect(own.status == 1)
        #expect(own.stdout.contains("note: this is shipcheck's own package"))
        #expect(!own.stdout.contains("Tests/RuleExamples") && !own.stdout.contains("Tests/Fixtures"), "\(own.stdout.prefix(2000))")
        #expect(own.stdout.contains("\"path\": \"Examples/TodoCloud/"), "\(own.stdout.prefix(2000))")
        let shown = try Self.swiftPackage(["shipcheck", "rules", "show", "purpose-strings.vague"], scratch: scratch)
        #expect(shown.status == 0, "\(shown.stderr.suffix(2000))")
        #expect(shown.stdout.contains("purpose-strings.vague: "))
    }
}
