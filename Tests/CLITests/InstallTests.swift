import Foundation
import Testing

/// `make install` as a user runs it, with a stand-in `swift` (SWIFT=…) that hands over the binary this test
/// run built instead of a release build (minutes): the installed copy is stripped, says its size, runs, and
/// comes with the completions. And every other build recipe (the action, docs/ci.md, the formula) builds the
/// same way, so one build folder and one cache serve them all.
@Suite("make install and the one build recipe")
struct InstallTests {
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    static let toolsAvailable: Bool = {
        ["make", "strip", "readelf"].allSatisfy { (try? ShipcheckProcess.run(["which", $0], executable: env))?.status == 0 }
    }()

    /// A `swift` that answers `--show-bin-path` with `out` and copies the test build's shipcheck there otherwise.
    static func standInSwift(in folder: URL, out: URL) throws -> URL {
        let script = folder.appendingPathComponent("swift")
        try Data("""
        #!/bin/sh
        echo "swift $*" >> '\(folder.path)/calls.txt'
        for word; do [ "$word" = --show-bin-path ] && { echo '\(out.path)'; exit 0; }; done
        mkdir -p '\(out.path)' && cp '\(ShipcheckProcess.binary.path)' '\(out.path)/shipcheck'
        """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test(.enabled(if: toolsAvailable, "needs make, strip and readelf (apt-get install make binutils)"))
    func makeInstallInstallsAStrippedBinaryAndSaysItsSize() throws {
        let folder = try CIHarness.temporaryFolder("make-install")
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = try Self.standInSwift(in: folder, out: folder.appendingPathComponent("build"))
        let prefix = folder.appendingPathComponent("prefix")
        let made = try ShipcheckProcess.run(["make", "-C", ShipcheckProcess.packageRoot.path, "install", "PREFIX=\(prefix.path)", "SWIFT=\(swift.path)"],
                                            executable: Self.env)
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let installed = prefix.appendingPathComponent("bin/shipcheck")
        let calls = try String(contentsOf: folder.appendingPathComponent("calls.txt"), encoding: .utf8)
        #expect(calls.contains("swift build -c release --static-swift-stdlib --product shipcheck"), "\(calls)")
        // Stripped: no symbol table left, and smaller than the build it came from.
        let sections = try ShipcheckProcess.run(["readelf", "-S", installed.path], executable: Self.env)
        #expect(sections.status == 0)
        #expect(!sections.stdout.contains(".symtab"), "the installed binary still has its symbol table")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: installed.path)[.size] as? Int)
        let built = try #require(try FileManager.default.attributesOfItem(atPath: ShipcheckProcess.binary.path)[.size] as? Int)
        #expect(size < built)
        let megabytes = String(format: "%.1f MB", Double(size) / 1_000_000)
        #expect(made.stdout.contains("installed \(installed.path): \(megabytes), stripped"), "\(made.stdout)")
        // It runs, and the completions were written by it.
        #expect(try ShipcheckProcess.run(["--version"], executable: installed).status == 0)
        let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/shipcheck"), encoding: .utf8)
        #expect(bash.contains("shipcheck"))
    }

    /// Every `swift build -c release` of a recipe a user copies builds static, and every recipe that keeps the
    /// binary strips it.
    @Test func everyRecipeBuildsStaticAndStrips() throws {
        func text(_ path: String) throws -> String {
            try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
        }
        let sources = ["action.yml": try text("action.yml"), "docs/ci.md": try text("docs/ci.md"), "Formula/shipcheck.rb": try text("Formula/shipcheck.rb")]
        for (name, source) in sources {
            let builds = source.components(separatedBy: "\n").filter { $0.contains("swift build -c release") || $0.contains("\"swift\", \"build\"") }
            #expect(!builds.isEmpty || name == "Formula/shipcheck.rb", "\(name) builds nothing?")
            for line in builds where !line.contains("--show-bin-path") {
                #expect(line.contains("--static-swift-stdlib"), "\(name): \(line)")
            }
        }
        let formula = try text("Formula/shipcheck.rb")
        #expect(formula.contains("\"-c\", \"release\", \"--static-swift-stdlib\""))
        // The action, GitLab, Bitrise and Xcode Cloud recipes keep a stripped copy.
        #expect(try text("action.yml").contains("strip \"${{ steps.source.outputs.bin }}/shipcheck\""))
        let ci = try text("docs/ci.md")
        #expect(ci.components(separatedBy: "strip ").count - 1 >= 3, "docs/ci.md: GitLab, Bitrise and Xcode Cloud strip the binary")
        #expect(try text("action.yml").contains("key: shipcheck-static-"))
    }
}
