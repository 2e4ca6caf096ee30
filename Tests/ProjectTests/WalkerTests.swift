import Foundation
import Testing
@testable import Project

@Suite struct WalkerTests {
    @Test func skipsBuildFoldersAndMarksVendored() throws {
        let tree = try TemporaryTree()
        try tree.write("App/AppDelegate.swift", "import UIKit\n")
        try tree.write(".git/config", "[core]\n")
        try tree.write("build/out.swift", "x\n")
        try tree.write("App/DerivedData/x.swift", "x\n")
        try tree.write("android/.gradle/cache.bin", "x\n")
        try tree.write(".idea/workspace.xml", "<x/>\n")
        try tree.write(".build/debug/y.swift", "y\n")
        try tree.write("Pods/Alamofire/Source/Session.swift", "x\n")
        try tree.write("Pods/Alamofire/PrivacyInfo.xcprivacy", "<plist/>\n")
        try tree.write("Carthage/Checkouts/Lib/Lib.swift", "x\n")
        try tree.write("Carthage/Build/Lib.framework/Info.plist", "x\n")
        try tree.write("node_modules/pkg/index.js", "x\n")
        try tree.write("vendor/bundle/gem.rb", "x\n")

        let result = try FileWalker().walk(root: tree.root)

        #expect(result.files.map(\.path) == [
            "App/AppDelegate.swift",
            "Carthage/Build/Lib.framework/Info.plist",
            "Carthage/Checkouts/Lib/Lib.swift",
            "Pods/Alamofire/PrivacyInfo.xcprivacy",
            "Pods/Alamofire/Source/Session.swift",
            "node_modules/pkg/index.js",
            "vendor/bundle/gem.rb",
        ])
        #expect(result.files.filter(\.isVendored).map(\.path) == [
            "Carthage/Checkouts/Lib/Lib.swift",
            "Pods/Alamofire/PrivacyInfo.xcprivacy",
            "Pods/Alamofire/Source/Session.swift",
            "node_modules/pkg/index.js",
            "vendor/bundle/gem.rb",
        ])
        #expect(result.problems.isEmpty)
        let delegate = try #require(result.files.first)
        #expect(delegate.size == 13)
        #expect(delegate.absolutePath.hasSuffix("/App/AppDelegate.swift"))
    }

    @Test func excludeGlobsRemoveEntirely() throws {
        let tree = try TemporaryTree()
        try tree.write("App/Main.swift", "x\n")
        try tree.write("App/Generated/Strings.generated.swift", "x\n")
        try tree.write("App/Other.generated.swift", "x\n")
        try tree.write("Tools/gen/a.py", "x\n")
        try tree.write("Docs/a1.md", "x\n")
        try tree.write("Docs/abc.md", "x\n")

        let result = try FileWalker(exclude: ["Tools/**", "*.generated.swift", "Docs/a?.md"]).walk(root: tree.root)

        #expect(result.files.map(\.path) == ["App/Main.swift", "Docs/abc.md"])
    }

    @Test func globMatching() {
        #expect(Glob("Pods/**").matches("Pods"))
        #expect(Glob("Pods/**").matches("Pods/A/b.swift"))
        #expect(!Glob("Pods/**").matches("App/Pods"))
        #expect(Glob("**/Generated/*.swift").matches("a/b/Generated/x.swift"))
        #expect(Glob("**/Generated/*.swift").matches("Generated/x.swift"))
        #expect(!Glob("**/Generated/*.swift").matches("Generated/sub/x.swift"))
        #expect(Glob("a/*/c").matches("a/b/c"))
        #expect(!Glob("a/*/c").matches("a/b/d/c"))
        #expect(Glob("file?.txt").matches("x/file1.txt"))
        #expect(!Glob("file?.txt").matches("x/file12.txt"))
    }

    @Test func survivesSymlinkLoopsAndIgnoresLinksOutOfRoot() throws {
        let outside = try TemporaryTree()
        try outside.write("secret/keys.swift", "let key = 1\n")
        let tree = try TemporaryTree()
        try tree.write("App/Main.swift", "x\n")
        try tree.link("App/loop", to: tree.path("App"))
        try tree.link("App/parent", to: "..")
        try tree.link("escape", to: outside.path("secret"))
        try tree.link("escape-file.swift", to: outside.path("secret/keys.swift"))
        try tree.link("Shared", to: tree.path("App"))

        let result = try FileWalker().walk(root: tree.root)

        // Each folder is entered once; the first name in sorted order wins.
        #expect(result.files.map(\.path) == ["App/Main.swift"])
        #expect(result.problems.isEmpty)
    }

    @Test func linkToFileInsideRootIsListed() throws {
        let tree = try TemporaryTree()
        try tree.write("Config/Info.plist", "<plist/>\n")
        try tree.link("Info.plist", to: "Config/Info.plist")

        let result = try FileWalker().walk(root: tree.root)

        #expect(result.files.map(\.path) == ["Config/Info.plist", "Info.plist"])
        #expect(result.files[1].absolutePath == result.files[0].absolutePath)
    }

    @Test func brokenLinkAndBadNameAreProblems() throws {
        let tree = try TemporaryTree()
        try tree.write("App/Main.swift", "x\n")
        try tree.link("App/gone.swift", to: tree.path("App/missing.swift"))
        // A file name that is not UTF-8 (Latin-1 "é").
        let badName = tree.root + "/App/caf\u{E9}"
        var bytes = Array(badName.utf8.dropLast(2)) + [0xE9, 0]
        let fd = bytes.withUnsafeMutableBufferPointer { creat($0.baseAddress!, 0o644) }
        #expect(fd >= 0)
        close(fd)

        let result = try FileWalker().walk(root: tree.root)

        #expect(result.files.map(\.path) == ["App/Main.swift"])
        #expect(result.problems.map(\.location.path) == ["App/caf\u{FFFD}", "App/gone.swift"])
        #expect(result.problems.map(\.message) == ["the name is not valid UTF-8; skipped", "broken symbolic link; skipped"])
    }

    @Test func specialFilesAreNeverListed() throws {
        let tree = try TemporaryTree()
        try tree.write("App/Main.swift", "x\n")
        #expect(mkfifo(tree.path("App/pipe.swift"), 0o644) == 0)

        let result = try FileWalker().walk(root: tree.root)

        #expect(result.files.map(\.path) == ["App/Main.swift"])
    }

    @Test func lockedFolderIsAProblemWhenRefused() throws {
        let tree = try TemporaryTree()
        try tree.write("App/Main.swift", "x\n")
        try tree.write("Locked/Secret.swift", "x\n")
        #expect(chmod(tree.path("Locked"), 0) == 0)
        defer { chmod(tree.path("Locked"), 0o755) }
        // Permissions refuse nothing to root (CI containers): then the folder is walked. Either way the
        // outcome for this user is asserted.
        let refused = opendir(tree.path("Locked")).map { closedir($0); return false } ?? true

        let result = try FileWalker().walk(root: tree.root)

        if refused {
            #expect(result.files.map(\.path) == ["App/Main.swift"])
            #expect(result.problems.map(\.location.path) == ["Locked"])
        } else {
            #expect(result.files.map(\.path) == ["App/Main.swift", "Locked/Secret.swift"])
        }
    }

    @Test func missingRootAndFileRootAreErrors() throws {
        let tree = try TemporaryTree()
        try tree.write("file.txt", "x")

        #expect(throws: InspectionError.self) { try FileWalker().walk(root: tree.path("nope")) }
        do {
            _ = try FileWalker().walk(root: tree.path("file.txt"))
            Issue.record("a file as root must throw")
        } catch {
            #expect(error.path == tree.path("file.txt"))
            #expect(error.message == "cannot inspect the project: not a folder")
        }
    }
}
