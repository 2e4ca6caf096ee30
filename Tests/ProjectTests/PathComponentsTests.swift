import Testing
@testable import Project
@testable import Support
@testable import Formats

/// Per-file path tests read names from the end of a path; they must see what splitting the path sees.
@Suite struct PathComponentsTests {
    static let paths = ["", "/", "a", "a/b", "a/b/c.xml", "/a/b", "a//b/", "res/layout/x.xml", "app/src/main/res/values-de/strings.xml",
                        "./a/../b", "...", "a/./b", "x/.."]

    @Test(arguments: paths) func theLastNamesAreTheSplitPathsTail(_ path: String) {
        let parts = path.split(separator: "/")
        #expect(PathComponents.last(3, of: path) == Array(parts.suffix(3).reversed()))
        #expect(PathComponents.contains(in: path) { $0 == "b" } == parts.contains("b"))
    }

    @Test(arguments: paths) func plainPathsAreJoinedAsTheyAre(_ path: String) {
        // `join` concatenates plain paths; every other path goes through the folding join: the same result.
        for base in ["", "App", "App/Sources", "a//b", "/abs", "x/./y"] {
            var parts = base.split(separator: "/").map(String.init)
            var climbed = false
            for part in path.split(separator: "/") where part != "." {
                if part == ".." {
                    if parts.isEmpty { climbed = true; break }
                    parts.removeLast()
                } else {
                    parts.append(String(part))
                }
            }
            #expect(XcodeFileTree.join(base, path) == (climbed ? nil : parts.joined(separator: "/")))
        }
    }

    @Test func plainMeansNothingToFold() {
        #expect(PathComponents.isPlain("App/Sources/a.swift", dots: false))
        #expect(PathComponents.isPlain("", dots: false))
        #expect(!PathComponents.isPlain("a/../b", dots: false))
        #expect(PathComponents.isPlain("a/../b", dots: true))
        #expect(!PathComponents.isPlain("a//b", dots: true))
        #expect(!PathComponents.isPlain("/a", dots: true))
        #expect(PathComponents.isPlain("a/.../b", dots: false))
    }
}
