import Foundation
import Testing
@testable import Rules

/// An Android app handed out through GitHub Releases with no sign of Google Play: Play's rules give notes
/// ("If uploaded to Google Play:"); the same app with a Play link gets Play's grade.
@Suite struct PlayStoreScopeTests {
    static let example = "\(RuleExampleTests.examplesRoot)/play-permissions.request-install-packages/trigger"
    static let workflow = """
        on: { push: { tags: ['v*'] } }
        jobs:
          release:
            runs-on: ubuntu-latest
            steps:
              - run: ./gradlew assembleRelease && mv app/build/outputs/apk/release/app-release.apk app.apk
              - uses: softprops/action-gh-release@v2
                with: { files: app.apk }

        """

    private func findings(readme: String?) throws -> [Finding] {
        let folder = NSTemporaryDirectory() + "shipcheck-github-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.example, toPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/.github/workflows", withIntermediateDirectories: true)
        try Data(Self.workflow.utf8).write(to: URL(fileURLWithPath: folder + "/.github/workflows/release.yml"))
        if let readme { try Data(readme.utf8).write(to: URL(fileURLWithPath: folder + "/README.md")) }
        return try RuleExampleTests.evaluate(folder).filter { $0.rule == "play-permissions.request-install-packages" }
    }

    @Test func gitHubReleasesOnlyGivesNotes() throws {
        let found = try findings(readme: nil)
        #expect(found.count == 1)
        #expect(found.first?.severity == .info)
        #expect(found.first?.message.hasPrefix("If uploaded to Google Play: ") == true)
        #expect(found.first?.condition == .ifUploaded(.play))
    }

    @Test func aPlayLinkKeepsPlaysGrade() throws {
        let found = try findings(readme: "[Get it on Google Play](https://play.google.com/store/apps/details?id=com.example.tally)\n")
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.hasPrefix("If uploaded") == false)
    }
}
