import Foundation
import Testing
@testable import Project

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct GlobBoundsTests {
    @Test func tenDoubleStarsAgainstADeepPathMatchInLinearTime() {
        let glob = Glob(Array(repeating: "**", count: 10).joined(separator: "/") + "/x")
        let deep = Array(repeating: "d", count: 24).joined(separator: "/")
        #expect(!glob.matches(deep + "/y.txt"))
        #expect(glob.matches(deep + "/x"))
        #expect(Glob("a/**/b/**/c").matches("a/b/c"))
        #expect(Glob("a/**/b/**/c").matches("a/1/2/b/3/c"))
        #expect(!Glob("a/**/b/**/c").matches("a/1/2/c"))
    }
}

/// A folder of 200,000 files took 83 s and 138 MB in a debug build (`shipcheck facts`); the walk is bounded.
@Suite struct WalkerBoundsTests {
    @Test func theWalkStopsAtTheFileBoundWithOneProblem() throws {
        let tree = try HostileTree()
        for index in 0..<30 { try tree.write("src/f\(index).swift", "let x = \(index)\n") }
        let result = try FileWalker(maxFiles: 10).walk(root: tree.root)
        #expect(result.files.count == 10)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.message.contains("more than 10 files") == true)
        #expect(try FileWalker().walk(root: tree.root).files.count == 30)
    }
}
