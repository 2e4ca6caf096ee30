import Foundation
import Testing

/// The files a team reads before adopting shipcheck: the licence (and where packagers declare it), the
/// changelog, the contributing guide, and the architecture notes it points at, whose file names must be real.
@Suite("Project files")
struct ProjectFilesTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theLicenceIsMITAndDeclaredByEveryPackage() throws {
        let licence = try Self.text("LICENSE")
        #expect(licence.hasPrefix("MIT License\n\nCopyright (c) 2026 the shipcheck authors\n"))
        #expect(licence.contains("THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND"))
        // `gem build` warns "licenses is empty" without it; the gem ships the licence text too.
        let gemspec = try Self.text("fastlane-plugin-shipcheck/fastlane-plugin-shipcheck.gemspec")
        #expect(gemspec.contains("spec.license       = 'MIT'"))
        #expect(gemspec.contains("%w[README.md LICENSE]"))
        #expect(try Self.text("fastlane-plugin-shipcheck/LICENSE") == licence)
        #expect(try Self.text("Formula/shipcheck.rb").contains("\n  license \"MIT\"\n"))
    }

    @Test func contributingPointsAtTheArchitectureWhoseFilesExist() throws {
        #expect(try Self.text("CONTRIBUTING.md").contains("docs/architecture.md"))
        #expect(try Self.text("CHANGELOG.md").contains("## Unreleased"))
        let architecture = try Self.text("docs/architecture.md")
        for recipe in ["Add an inspector", "Add a table kind", "Add a check function", "Add a reporter"] {
            #expect(architecture.contains("### " + recipe), "docs/architecture.md: no recipe '\(recipe)'")
        }
        // Every Sources/… or Tests/… file it names exists: a renamed registry breaks this test, not a reader.
        let named = try NSRegularExpression(pattern: #"(?:Sources|Tests)/[A-Za-z0-9_/]+\.swift"#)
            .matches(in: architecture, range: NSRange(architecture.startIndex..., in: architecture))
            .compactMap { Range($0.range, in: architecture).map { String(architecture[$0]) } }
        #expect(named.count >= 10)
        for path in Set(named) {
            #expect(FileManager.default.fileExists(atPath: ShipcheckProcess.packageRoot.appendingPathComponent(path).path),
                    "docs/architecture.md names \(path), which does not exist")
        }
    }
}
