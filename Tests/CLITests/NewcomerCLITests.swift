import Foundation
import Testing

/// What a newcomer types in the first hour: help, typos, locales, completions, metadata folders.
@Suite("Command line: a newcomer's first hour")
struct NewcomerCLITests {
    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let result = try ShipcheckProcess.run(["help", "nosuch"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'nosuch'"))
    }

    @Test func misspelledVersionIsSuggested() throws {
        let result = try ShipcheckProcess.run(["--versoin"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean '--version'?"))
    }

    @Test func failOnNoteIsTheSameAsInfo() throws {
        let note = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--fail-on", "note", "--format", "json"])
        let info = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--fail-on", "info", "--format", "json"])
        #expect(note.status == 1)
        #expect(note.status == info.status)
        #expect(note.stdout == info.stdout)
    }

    @Test func localesHelpForAnActionPrintsTheHelp() throws {
        let result = try ShipcheckProcess.run(["locales", "help", "resolve"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: shipcheck locales"))
        #expect(try ShipcheckProcess.run(["locales", "help", "nosuch"]).status == 2)
    }

    @Test func localesListTakesTheStoreAsAnArgument() throws {
        let play = try ShipcheckProcess.run(["locales", "list", "play"])
        #expect(play.status == 0)
        #expect(play.stdout.hasPrefix("Google Play ("))
        #expect(!play.stdout.contains("App Store"))
        #expect(try ShipcheckProcess.run(["locales", "list", "nosuch"]).status == 2)
    }

    @Test func anEmptyCodeIsAUsageError() throws {
        let result = try ShipcheckProcess.run(["locales", "normalize", ""])
        #expect(result.status == 2)
        #expect(result.stderr.contains("locales normalize needs a code"))
    }

    @Test(arguments: [
        (["no", "nb-NO,en-US"], "nb-NO"),
        (["nn", "en-US,no"], "no"),
        (["es-419", "es-ES,es-MX"], "es-MX"),
        (["es-AR", "es-ES,es-MX"], "es-MX"),
        (["es", "es-MX,es-ES"], "es-ES"),
        (["pt-BR", "en-US,pt-PT"], "pt-PT"),
    ])
    func resolvePrefersTheClosestLanguageAndRegion(given: [String], expected: String) throws {
        let result = try ShipcheckProcess.run(["locales", "resolve", given[0], "--supported", given[1]])
        #expect(result.status == 0)
        #expect(result.stdout == expected + "\n")
    }

    @Test func localesCheckNeverCutsAFolderName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-locales-\(UUID().uuidString)")
        let long = "zh-Hant-HK-extra-long"
        let folder = dir.appendingPathComponent("fastlane/metadata/android/\(long)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Title\n".utf8).write(to: folder.appendingPathComponent("title.txt"))
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ShipcheckProcess.run(["locales", "check", dir.path])
        #expect(result.stdout.contains("  \(long) "))
    }

    @Test func factsJSONDoesNotEscapeSlashes() throws {
        let result = try ShipcheckProcess.run(["facts", "Examples/TodoCloud", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"path\": \"ios/TodoCloud/"))
        #expect(!result.stdout.contains("\\/"))
    }

    func completion(_ shell: String, checkedBy checker: [String]) throws {
        let result = try ShipcheckProcess.run(["completions", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("locales"))
        #expect(result.stdout.contains("fail-on"))
        let syntax = try Shell.check(checker, script: result.stdout)
        #expect(syntax.status == 0, "\(checker[0]) rejects the script: \(syntax.stderr)")
    }

    @Test(.enabled(if: Shell.installed("bash"), "bash is not installed: the bash completion's syntax cannot be checked"))
    func bashCompletionParses() throws { try completion("bash", checkedBy: ["bash", "-n"]) }

    @Test(.enabled(if: Shell.installed("zsh"), "zsh is not installed: the zsh completion's syntax cannot be checked"))
    func zshCompletionParses() throws { try completion("zsh", checkedBy: ["zsh", "-n"]) }

    @Test(.enabled(if: Shell.installed("fish"), "fish is not installed: the fish completion's syntax cannot be checked"))
    func fishCompletionParses() throws { try completion("fish", checkedBy: ["fish", "--no-execute"]) }

    @Test func rulesHelpShowPrintsTheHelpAndListSaysNote() throws {
        let help = try ShipcheckProcess.run(["rules", "help", "show"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: shipcheck rules"))
        #expect(try ShipcheckProcess.run(["rules", "help", "shwo"]).status == 2)
        let list = try ShipcheckProcess.run(["rules", "list"])
        #expect(list.stdout.contains("metadata.keywords-spaces") && list.stdout.contains(" note "))
        #expect(!list.stdout.contains(" info "))
    }

    @Test func completionsRefuseAnUnknownShell() throws {
        #expect(try ShipcheckProcess.run(["completions", "tcsh"]).status == 2)
    }

    @Test func unknownRuleInTheManifestNamesItsLineAndTheNearestRule() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("rules:\n  skip:\n    - metadata.keywords-byte\n".utf8).write(to: dir.appendingPathComponent("shipcheck.yml"))
        let result = try ShipcheckProcess.run(["check", "."], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("shipcheck.yml:3:7: rules.skip: no rule or checklist is named 'metadata.keywords-byte'; did you mean 'metadata.keywords-bytes'?"))
    }

    /// `parent/repo` (a `.git` folder) holding a copy of `source` at `inside`: metadata folders are read with
    /// what is around them only within a repository.
    static func repository(copying source: String, to inside: String) throws -> (folder: URL, repo: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-meta-\(UUID().uuidString)").resolvingSymlinksInPath()
        let repo = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let target = repo.appendingPathComponent(inside)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ShipcheckProcess.packageRoot.appendingPathComponent(source), to: target)
        return (folder, repo)
    }

    @Test func metadataOnOneLocaleFolderFindsWhatTheTreeFindsThere() throws {
        // NewPipe's fr folder holds the shipping release note over 500 characters (an old note would not count).
        let (folder, repo) = try Self.repository(copying: "Tests/Fixtures/corpus/TeamNewPipe__NewPipe/fastlane", to: "fastlane")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = "fastlane/metadata/android"
        let whole = try ShipcheckProcess.run(["metadata", tree, "-q"], in: repo)
        let expected = whole.stdout.split(separator: "\n").filter { $0.hasPrefix(tree + "/fr/") || $0.hasPrefix(tree + "/fr:") }
        #expect(!expected.isEmpty)
        let one = try ShipcheckProcess.run(["metadata", tree + "/fr", "-q"], in: repo)
        #expect(one.stdout.split(separator: "\n") == expected)
        #expect(one.stderr.contains("reporting only the findings inside it"))
    }

    @Test func metadataOnAPerApplicationIdFolderReadsEachApp() throws {
        let (folder, repo) = try Self.repository(copying: "Tests/Fixtures/metadata/app-ids/app-metadata", to: "app-ids/app-metadata")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ShipcheckProcess.run(["metadata", "app-ids/app-metadata"], in: repo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("reporting only the findings inside it"))
        #expect(result.stdout.contains("No problems found"))
    }
}

/// A shell's syntax check (`bash -n`) over a script.
enum Shell {
    static func installed(_ name: String) -> Bool {
        let which = Process()
        which.executableURL = URL(fileURLWithPath: "/bin/sh")
        which.arguments = ["-c", "command -v \(name)"]
        which.standardOutput = FileHandle.nullDevice
        which.standardError = FileHandle.nullDevice
        do { try which.run() } catch { return false }
        which.waitUntilExit()
        return which.terminationStatus == 0
    }

    static func check(_ command: [String], script: String) throws -> (status: Int32, stderr: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-completion-\(UUID().uuidString)")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command + [file.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
