import Testing
@testable import Project

/// The files under a folder, found by search: the same as testing every path with the folder's prefix.
@Suite struct SortedPathsTests {
    static let files = ["App/a.swift", "App/Sub/b.swift", "App2/c.swift", "AppKit.swift", "App", "Z/App/d.swift", "Pods/App/e.swift"]
        .map { ProjectFile(path: $0, absolutePath: "/r/\($0)", size: 1, isVendored: $0.hasPrefix("Pods/")) }

    @Test func aFolderHasExactlyItsOwnFiles() {
        let paths = SortedPaths(Self.files)
        #expect(Array(paths.under("App")) == ["App/Sub/b.swift", "App/a.swift"])
        #expect(Array(paths.under("App/Sub")) == ["App/Sub/b.swift"])
        #expect(paths.under("Missing").isEmpty)
        #expect(paths.under("").count == 6)
        // Vendored files are never members.
        #expect(!paths.under("").contains("Pods/App/e.swift"))
    }
}
