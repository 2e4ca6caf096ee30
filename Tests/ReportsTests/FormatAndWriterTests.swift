import Foundation
import Testing
@testable import Reports

@Suite struct FormatSpecTests {
    @Test func formatWithAndWithoutPath() throws {
        #expect(try FormatSpec.parse("sarif:out/shipcheck.sarif") == FormatSpec(format: .sarif, path: "out/shipcheck.sarif"))
        #expect(try FormatSpec.parse("text") == FormatSpec(format: .text))
        #expect(try FormatSpec.parse("junit:C:/reports/j.xml") == FormatSpec(format: .junit, path: "C:/reports/j.xml"))
    }

    @Test func unknownFormatSuggestsTheNearestAndListsAll() {
        #expect(throws: FormatSpecError(spec: "sarf:x", message: "unknown format 'sarf'", suggestion: "sarif",
                                        valid: ["text", "json", "markdown", "sarif", "junit", "github", "gitlab", "checkstyle", "html",
                                                "xcode", "github-actions-logging", "codeclimate"])) {
            try FormatSpec.parse("sarf:x")
        }
        do {
            _ = try FormatSpec.parse("pdf")
            Issue.record("pdf is not a format")
        } catch {
            #expect(error.suggestion == nil)
            #expect(error.description == "--format pdf: unknown format 'pdf' (valid formats: text, json, markdown, sarif, junit, github, gitlab, checkstyle, html, xcode, github-actions-logging, codeclimate; add :PATH to write a file)")
        }
    }

    @Test func emptyPathIsAnError() {
        #expect(throws: FormatSpecError.self) { try FormatSpec.parse("json:") }
    }
}

@Suite struct AtomicWriterTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesAndReplacesWithoutLeavingTemporaryFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report.sarif").path
        try AtomicWriter.write(Data("first".utf8), to: target)
        try AtomicWriter.write(Data("second".utf8), to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.sarif"])
    }

    @Test func missingFolderNamesThePath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("no/such/report.json").path
        do {
            try AtomicWriter.write(Data("x".utf8), to: target)
            Issue.record("expected an error")
        } catch {
            #expect(error.path == target)
            #expect(error.description.hasPrefix(target + ": folder "))
        }
    }

    @Test func aFolderInTheWayIsAnErrorAndStaysIntact() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("keep"), withIntermediateDirectories: true)
        #expect(throws: WriteError.self) { try AtomicWriter.write(Data("x".utf8), to: target.path) }
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("keep").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    }
}
