import Foundation
import Testing

/// Every `shipcheck` command shown in a fenced `sh` block of README.md and docs/*.md runs with the built
/// binary, in order, in a copy of Examples/TodoCloud (with a `.git` folder), and must not be a usage error (exit 2): the
/// documentation stays true. A command that cannot run there says "illustrative" in its comment. A
/// `locales resolve` or `locales map` line whose comment starts with the answer must print that answer.
@Suite("Documented commands")
struct DocumentedCommandsTests {
    struct Command: CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let text: String
        var testDescription: String { "\(file):\(line): \(text)" }
    }

    /// README.md and every docs/*.md; a docs folder that cannot be listed fails the suite, not empties it.
    static func documents() throws -> [String] {
        let docs = ShipcheckProcess.packageRoot.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path)
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The `shipcheck` lines of every `sh` block, in document order.
    static func commands() throws -> [Command] {
        var commands: [Command] = []
        for document in try documents() {
            let text = try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
            var inShell = false
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("```") {
                    inShell = !inShell && (line == "```sh" || line == "```bash")
                    continue
                }
                guard inShell, line.hasPrefix("shipcheck ") || line.contains("| shipcheck ") else { continue }
                commands.append(Command(file: document, line: index + 1, text: line))
            }
        }
        return commands
    }

    @Test func theDocumentsShowCommands() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 20, "found only \(commands.count) documented shipcheck commands")
        #expect(commands.contains { $0.text.contains("--skip metadata.keywords-bytes") })
    }

    @Test func everyDocumentedCommandRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-docs-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A repository, as the projects these commands are run in are (`metadata <locale folder>` reads the
        // tree around it only inside one).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let path = ShipcheckProcess.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for command in try Self.commands() {
            let comment = command.text.range(of: " # ").map { String(command.text[$0.upperBound...]) } ?? ""
            if comment.contains("illustrative") { continue }
            let result = try ShipcheckProcess.run(["-c", command.text], in: folder, environment: ["PATH": path],
                                                  executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 0 || result.status == 1,
                    "\(command.testDescription) exited \(result.status): \(result.stderr)")
            if command.text.contains("locales resolve") || command.text.contains("locales map"),
               let answer = comment.split(separator: " ").first {
                #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(answer),
                        "\(command.testDescription) printed \(result.stdout)")
            }
        }
    }

    /// The example manifest in docs/manifest.md loads (every key and rule id in it exists).
    @Test func theManifestExampleLoads() throws {
        let text = try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent("docs/manifest.md"), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-manifest-doc-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(block.utf8).write(to: folder.appendingPathComponent("shipcheck.yml"))
        let result = try ShipcheckProcess.run(["check", "."], in: folder)
        #expect(result.status == 0 || result.status == 1, "the documented manifest is refused: \(result.stderr)")
    }
}
