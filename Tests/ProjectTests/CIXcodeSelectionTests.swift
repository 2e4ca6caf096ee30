import Foundation
import Testing
@testable import Project

/// CIXcodeSelection: the Xcode an uploading CI configuration selects, from each kind of file, and nothing from a
/// workflow that never uploads.
struct CIXcodeSelectionTests {
    static func facts(_ files: [String: String]) throws -> [Fact] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ci-xcode-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var projectFiles: [ProjectFile] = []
        for (path, text) in files {
            let absolute = root + "/" + path
            try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: absolute, atomically: true, encoding: .utf8)
            projectFiles.append(ProjectFile(path: path, absolutePath: absolute, size: text.utf8.count, isVendored: false))
        }
        return CIXcodeSelection.facts(files: projectFiles)
    }

    @Test func theLowestVersionOfAnUploadingConfigurationWithEveryPlace() throws {
        let found = try Self.facts([
            ".github/workflows/release.yml": """
            jobs:
              release:
                runs-on: macos-15
                env:
                  DEVELOPER_DIR: /Applications/Xcode_16.2.app/Contents/Developer
                steps:
                  - uses: maxim-lobanov/setup-xcode@v1
                    with:
                      xcode-version: '26.0'
                  - run: bundle exec fastlane ios beta   # upload_to_testflight
            """,
        ])
        let fact = try #require(found.first)
        #expect(fact.name == "apple.ci_xcode_version")
        #expect(fact.value == .number(16.2))
        #expect(fact.evidence.map(\.location) == [SourceLocation(path: ".github/workflows/release.yml", line: 5),
                                                   SourceLocation(path: ".github/workflows/release.yml", line: 9)])
    }

    @Test func versionFileAndFastfileActions() throws {
        #expect(try Self.facts([".xcode-version": "15.4\n"]).first?.value == .number(15.4))
        #expect(try Self.facts(["fastlane/Fastfile": "lane :release do\n  xcversion(version: \"~> 14.3\")\n  deliver\nend\n"]).first?.value == .number(14.3))
    }

    @Test func aWorkflowThatDoesNotUploadSaysNothing() throws {
        #expect(try Self.facts([".github/workflows/test.yml": "steps:\n  - uses: maxim-lobanov/setup-xcode@v1\n    with:\n      xcode-version: '15.0'\n  - run: xcodebuild test\n"]).isEmpty)
        #expect(try Self.facts(["fastlane/Fastfile": "# xcodes(version: \"13.0\")\nlane :release do\n  upload_to_app_store\nend\n"]).isEmpty)
    }
}
