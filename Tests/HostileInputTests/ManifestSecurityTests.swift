import Foundation
import Testing
@testable import Project

/// shipcheck.yml and `init` stay inside the project root and never print a literal password.
@Suite struct ManifestSecurityTests {
    @Test func aManifestLinkedOutsideTheRootIsRefusedUnreadAndUnquoted() throws {
        let tree = try HostileTree()
        try tree.write("outside.yml", "OUTSIDE-SECRET: [\n")
        try tree.mkdir("app")
        try tree.link("app/shipcheck.yml", to: tree.path("outside.yml"))
        let output = try Shipcheck.run(["check", tree.path("app")])
        #expect(output.status == 2)
        #expect(output.stderr.contains("shipcheck.yml: cannot read the manifest: is a link to a file outside the project root"))
        #expect(!output.all.contains("OUTSIDE-SECRET"))
    }

    @Test func aManifestLinkedToItselfIsAnErrorNotIgnored() throws {
        let tree = try HostileTree()
        try tree.link("shipcheck.yml", to: "shipcheck.yml")
        let output = try Shipcheck.run(["check", tree.root])
        #expect(output.status == 2)
        #expect(output.stderr.contains("shipcheck.yml: cannot read the manifest: Too many levels of symbolic links"))
    }

    @Test func aHugeSparseManifestIsRefusedBeforeItIsRead() throws {
        let tree = try HostileTree()
        let path = try tree.write("shipcheck.yml", "")
        #expect(truncate(path, 2 << 30) == 0)
        let output = try Shipcheck.run(["check", tree.root])
        #expect(output.status == 2)
        #expect(output.stderr.contains("is 2147483648 bytes, over the 1048576-byte limit"))
    }

    @Test func aFIFOOrAFolderAsManifestIsAnError() throws {
        let tree = try HostileTree()
        #expect(mkfifo(tree.path("shipcheck.yml"), 0o644) == 0)
        let fifo = try Shipcheck.run(["check", tree.root])
        #expect(fifo.status == 2)
        #expect(fifo.stderr.contains("is not a regular file"))
        let other = try HostileTree()
        try other.mkdir("shipcheck.yml")
        let folder = try Shipcheck.run(["check", other.root])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("shipcheck.yml: cannot read the manifest: is a folder"))
    }

    /// Each of these held the literal password in an error snippet or message before.
    @Test(arguments: [
        "review: {demo_password: hunter2-literal, x: [}\n",
        "review:\n  demo_password: hunter2-literal\n  demo_password: hunter2-literal\n",
        "review:\n  demo_password: [hunter2-literal]\n",
        "review: {demo_password: [hunter2-literal]}\n",
        "review:\n  demo_pasword: hunter2-literal\n",
        "review:\n  demo_password: hunter2-literal\n",
        "review:\n  demo_password: |\n    hunter2-literal\n  notes: [\n",
    ])
    func aLiteralDemoPasswordIsNeverEchoed(manifest: String) throws {
        let tree = try HostileTree()
        try tree.write("shipcheck.yml", manifest)
        let output = try Shipcheck.run(["check", tree.root])
        #expect(output.status == 2)
        #expect(output.stderr.contains("shipcheck.yml"))
        #expect(!output.all.contains("hunter2"))
    }

    @Test func redactionDropsSnippetsOnPasswordLinesAndKeepsOthers() {
        let source = "app: {name: [}\nreview: {demo_password: s3cret-value, x: 1}\n"
        let errors = [
            YAMLErrorFactory.error(line: 1, snippet: "app: {name: [}\n     ^"),
            YAMLErrorFactory.error(line: 2, snippet: "review: {demo_password: s3cret-value, x: 1}", message: "got \"s3cret-value\""),
        ]
        let redacted = ManifestReader.redactingSecrets(errors, source: source)
        #expect(redacted[0].snippet == "app: {name: [}\n     ^")
        #expect(redacted[1].snippet == nil)
        #expect(redacted[1].message == "got \"•••\"")
    }

    @Test func initDoesNotWriteThroughALinkOutOfTheRoot() throws {
        let tree = try HostileTree()
        try tree.mkdir("elsewhere")
        try tree.mkdir("app")
        try tree.link("app/.github", to: tree.path("elsewhere"))
        let output = try Shipcheck.run(["init", "--github", tree.path("app")])
        #expect(output.status == 2)
        #expect(output.stderr.contains("is a link to a folder outside the project root"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("elsewhere")).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: tree.path("app/shipcheck.yml")))
    }

    @Test func writableInsideTheRootFollowsLinksThatStayInside() throws {
        let tree = try HostileTree()
        try tree.mkdir("ci")
        try tree.link(".github", to: "ci")
        #expect(throws: Never.self) { try RootedPath.checkWritable(tree.path(".github/workflows/x.yml"), root: tree.root) }
        #expect(throws: RootedPath.Failure.self) { try RootedPath.checkWritable(tree.path("ci"), root: tree.root) }
    }
}

import YAML

enum YAMLErrorFactory {
    static func error(line: Int, snippet: String, message: String = "problem") -> YAMLError {
        YAMLError(file: "shipcheck.yml", mark: Mark(line: line, column: 1), message: message, snippet: snippet)
    }
}
