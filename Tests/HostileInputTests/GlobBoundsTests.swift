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
