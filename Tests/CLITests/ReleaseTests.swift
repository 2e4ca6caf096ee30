import Foundation
import Testing
import YAML

/// The release path: .github/workflows/release.yml's jobs, the packaging script it runs (on the built binary:
/// stripped, checked, archived with a SHA-256 that verifies), the action's "Download the released shipcheck"
/// step (run with bash against a local stand-in of the release's download URLs, through a fake `curl`),
/// and the Homebrew formula (Ruby's syntax check).
@Suite("Release binaries, the action's download and the formula")
struct ReleaseTests {
    static let root = ShipcheckProcess.packageRoot
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    static func yaml(_ path: String) throws -> Node {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return try #require(try YAMLParser.parse(text, file: path))
    }

    @Test func theWorkflowBuildsStrippedStaticStdlibBinariesForEachPlatform() throws {
        let workflow = try Self.yaml(".github/workflows/release.yml")
        let jobs = try #require(workflow["jobs"])
        let platforms = (jobs["linux"]?["strategy"]?["matrix"]?["include"]?.sequence ?? []).compactMap { $0["platform"]?.scalar }
        #expect(platforms == ["linux-x86_64", "linux-arm64"])
        var scripts: [String] = []
        for job in ["linux", "macos", "publish"] {
            let steps = try #require(jobs[job]?["steps"]?.sequence, "no job \(job)")
            scripts += steps.compactMap { $0["run"]?.scalar }
        }
        let builds = scripts.filter { $0.contains("swift build") }
        #expect(builds.count == 4)
        #expect(builds.allSatisfy { $0.contains("-c release --static-swift-stdlib") })
        #expect(scripts.filter { $0.contains(".github/release/package.sh") }.count == 2)
        #expect(scripts.contains { $0.contains("macos-arm64") })
        #expect(scripts.contains { $0.contains("gh release create") && $0.contains("SHA256SUMS") })
        for script in scripts {
            let syntax = try ShipcheckProcess.run(["bash", "-n", "-c", script], executable: Self.env)
            #expect(syntax.status == 0, "\(script): \(syntax.stderr)")
        }
    }

    @Test func thePackagingScriptStripsChecksAndArchivesTheBinary() throws {
        let folder = try CIHarness.temporaryFolder("release")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ShipcheckProcess.run([".github/release/package.sh", ShipcheckProcess.binary.path, "v0.0.0", "linux-test"],
                                              environment: ["DIST": folder.path], executable: Self.env)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let archive = folder.appendingPathComponent("shipcheck-v0.0.0-linux-test.tar.gz")
        let verified = try ShipcheckProcess.run(["sh", "-c", "sha256sum -c shipcheck-v0.0.0-linux-test.tar.gz.sha256"], in: folder, executable: Self.env)
        #expect(verified.status == 0 && verified.stdout.contains(": OK"), "\(verified.stdout)\(verified.stderr)")
        let unpacked = try ShipcheckProcess.run(["tar", "-xzf", archive.path, "-C", folder.path], executable: Self.env)
        #expect(unpacked.status == 0)
        let binary = folder.appendingPathComponent("shipcheck")
        let version = try ShipcheckProcess.run(["--version"], executable: binary)
        #expect(version.stdout == "\(try Self.toolVersion())\n")
        let size = { (url: URL) in (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }
        #expect(size(binary) < size(ShipcheckProcess.binary), "stripping removed nothing")
        let sections = try ShipcheckProcess.run(["readelf", "-S", binary.path], executable: Self.env)
        if sections.status == 0 { #expect(!sections.stdout.contains(".symtab"), "the binary still has its symbol table") }
    }

    static func toolVersion() throws -> String {
        try ShipcheckProcess.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The action's download step, with `ref` as the action's ref, a release folder served by a fake `curl`.
    static func downloadStep(ref: String, releases: URL, runnerTemp: URL) throws -> (output: String, log: String) {
        let action = try Self.yaml("action.yml")
        let step = try #require(action["runs"]?["steps"]?.sequence?.first { $0["id"]?.scalar == "release" })
        let script = try #require(step["run"]?.scalar)
        let shims = runnerTemp.appendingPathComponent("shims")
        try FileManager.default.createDirectory(at: shims, withIntermediateDirectories: true)
        // curl -fsSL --retry 3 -o FILE URL: copies releases/<tag>/<name>, fails (22) when there is none.
        let curl = """
        #!/bin/sh
        out=""; url=""
        while [ $# -gt 0 ]; do case "$1" in -o) out=$2; shift 2 ;; --retry) shift 2 ;; -*) shift ;; *) url=$1; shift ;; esac; done
        tag=$(basename "$(dirname "$url")"); file="$FAKE_RELEASES/$tag/$(basename "$url")"
        [ -f "$file" ] || exit 22
        cp "$file" "$out"
        """
        try Data(curl.utf8).write(to: shims.appendingPathComponent("curl"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shims.appendingPathComponent("curl").path)
        let output = runnerTemp.appendingPathComponent("github-output")
        try Data().write(to: output)
        let path = shims.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try ShipcheckProcess.run(["bash", "-eo", "pipefail", "-c", script],
                                           environment: ["ACTION_REF": ref, "ACTION_REPOSITORY": "shipcheck/shipcheck", "RUNNER_OS": "Linux",
                                                         "RUNNER_ARCH": "X64", "RUNNER_TEMP": runnerTemp.path, "GITHUB_OUTPUT": output.path,
                                                         "FAKE_RELEASES": releases.path, "PATH": path],
                                           executable: Self.env)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return (try String(contentsOf: output, encoding: .utf8), run.stdout + run.stderr)
    }

    @Test func theActionUsesAReleasedBinaryOnlyWhenItsChecksumMatches() throws {
        let folder = try CIHarness.temporaryFolder("release-download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let releases = folder.appendingPathComponent("releases/v9.9.9")
        let packaged = try ShipcheckProcess.run([".github/release/package.sh", ShipcheckProcess.binary.path, "v9.9.9", "linux-x86_64"],
                                                environment: ["DIST": releases.path], executable: Self.env)
        #expect(packaged.status == 0, "\(packaged.stderr)")
        let released = folder.appendingPathComponent("releases")

        let branch = try Self.downloadStep(ref: "main", releases: released, runnerTemp: folder.appendingPathComponent("t1"))
        #expect(branch.output == "found=false\n")
        #expect(branch.log.contains("main is not a release tag: building shipcheck from source"))

        let tag = try Self.downloadStep(ref: "v9.9.9", releases: released, runnerTemp: folder.appendingPathComponent("t2"))
        #expect(tag.output.hasSuffix("found=true\n"), "\(tag.log)")
        let installed = folder.appendingPathComponent("t2/shipcheck-bin/shipcheck")
        #expect(try ShipcheckProcess.run(["--version"], executable: installed).stdout == "\(try Self.toolVersion())\n")

        let missing = try Self.downloadStep(ref: "v8.0.0", releases: released, runnerTemp: folder.appendingPathComponent("t3"))
        #expect(missing.output == "found=false\n")
        #expect(missing.log.contains("no release asset shipcheck-v8.0.0-linux-x86_64.tar.gz: building from source"))

        try Data("0000000000000000000000000000000000000000000000000000000000000000  x\n".utf8)
            .write(to: releases.appendingPathComponent("shipcheck-v9.9.9-linux-x86_64.tar.gz.sha256"))
        let tampered = try Self.downloadStep(ref: "v9.9.9", releases: released, runnerTemp: folder.appendingPathComponent("t4"))
        #expect(tampered.output == "found=false\n")
        #expect(tampered.log.contains("does not match its published SHA-256"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t4/shipcheck-bin/shipcheck").path))
    }

    @Test(.enabled(if: FastlanePluginTests.available, "needs Ruby: apt-get install ruby"))
    func theHomebrewFormulaIsRubyThatBuildsAndInstallsCompletions() throws {
        let formula = Self.root.appendingPathComponent("Formula/shipcheck.rb")
        let syntax = try ShipcheckProcess.run(["ruby", "-c", formula.path], executable: Self.env)
        #expect(syntax.status == 0 && syntax.stdout.contains("Syntax OK"), "\(syntax.stderr)")
        let text = try String(contentsOf: formula, encoding: .utf8)
        #expect(text.contains("class Shipcheck < Formula"))
        #expect(text.contains("depends_on \"libyaml\""))
        #expect(text.contains("generate_completions_from_executable(bin/\"shipcheck\", \"completions\")"))
    }
}
