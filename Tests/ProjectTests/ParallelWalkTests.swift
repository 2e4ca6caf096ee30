import Foundation
import Testing
@testable import Project

/// The walk reads each level of folders in parallel and assembles the listings in the serial walk's
/// order: the files and problems must be exactly the serial walk's, and a link to a folder hands the
/// tree back to the serial walk (which alone decides which path to a folder counts).
@Suite struct ParallelWalkTests {
    func same(_ a: FileWalker.Result, _ b: FileWalker.Result) -> Bool {
        a.files == b.files && a.problems == b.problems
    }

    @Test func aMixedTreeIsListedAsTheSerialWalkListsIt() throws {
        let tree = try TemporaryTree()
        for path in ["App/Main.swift", "App/Views/List.swift", "App/Views/Detail/Cell.swift", "Pods/Lib/Lib.swift",
                     "Carthage/Checkouts/K/K.swift", "Carthage/Build/x.plist", "b/.hidden", "a.txt", "Z/z.kt", "build/out.swift",
                     "Tools/gen.py", "Docs/a1.md"] {
            try tree.write(path, "x\n")
        }
        try tree.link("App/gone.swift", to: tree.path("App/missing.swift"))
        try tree.link("App/alias.swift", to: tree.path("App/Main.swift"))
        let badName = tree.root + "/App/caf\u{E9}"
        var bytes = Array(badName.utf8.dropLast(2)) + [0xE9, 0]
        let fd = bytes.withUnsafeMutableBufferPointer { creat($0.baseAddress!, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let walker = FileWalker(exclude: ["Tools/**", "Docs/a?.md"])
        let real = try #require(FileWalker.realPath(tree.root))
        var info = stat()
        #expect(stat(real, &info) == 0)

        // The parallel walk answers for this tree (no link to a folder) …
        let parallel = try #require(walker.parallelWalk(realRoot: real, rootID: FileWalker.DirectoryID(info)))
        let serial = try walker.walk(root: tree.root, parallel: false)
        #expect(same(parallel, serial))
        #expect(serial.files.count == 10)
        #expect(serial.problems.count == 2)
        #expect(parallel.files.filter(\.isVendored).map(\.path) == ["Carthage/Checkouts/K/K.swift", "Pods/Lib/Lib.swift"])
    }

    /// `build` is a build's output folder except inside a source folder, where it is a package (protonvpn-android's
    /// `com.protonvpn.android.build.logic` convention plugins); both walks agree.
    @Test func aBuildPackageInsideSourcesIsWalked() throws {
        let tree = try TemporaryTree()
        for path in ["build/out.kt", "app/build/intermediates/R.kt", "app/src/main/java/com/x/build/Tool.kt",
                     "build-logic/src/main/kotlin/com/x/build/logic/Plugin.kt", "src/build/y.kt"] {
            try tree.write(path, "x\n")
        }
        let real = try #require(FileWalker.realPath(tree.root))
        var info = stat()
        #expect(stat(real, &info) == 0)
        let serial = try FileWalker().walk(root: tree.root, parallel: false)
        #expect(serial.files.map(\.path) == ["app/src/main/java/com/x/build/Tool.kt",
                                             "build-logic/src/main/kotlin/com/x/build/logic/Plugin.kt", "src/build/y.kt"])
        let parallel = try #require(FileWalker().parallelWalk(realRoot: real, rootID: FileWalker.DirectoryID(info)))
        #expect(same(parallel, serial))
    }

    @Test func aLinkToAFolderIsLeftToTheSerialWalk() throws {
        let tree = try TemporaryTree()
        try tree.write("App/Main.swift", "x\n")
        try tree.link("Mirror", to: tree.path("App"))
        let real = try #require(FileWalker.realPath(tree.root))
        var info = stat()
        #expect(stat(real, &info) == 0)

        #expect(FileWalker().parallelWalk(realRoot: real, rootID: FileWalker.DirectoryID(info)) == nil)
        let result = try FileWalker().walk(root: tree.root)
        #expect(result.files.map(\.path) == ["App/Main.swift"])
    }

    @Test func thisCheckoutIsListedAsTheSerialWalkListsIt() throws {
        // A real tree of a few thousand files: the package's own folder.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let serial = try FileWalker().walk(root: root, parallel: false)
        let parallel = try FileWalker().walk(root: root)
        #expect(serial.files.count > 500)
        #expect(same(parallel, serial))
    }

    @Test func pastTheFileBoundTheSerialWalkStops() throws {
        let tree = try TemporaryTree()
        for index in 0..<5 { try tree.write("d\(index)/f.swift", "x\n") }
        let result = try FileWalker(maxFiles: 3).walk(root: tree.root)
        #expect(result.files.count == 3)
        #expect(result.problems.count == 1)
    }
}
