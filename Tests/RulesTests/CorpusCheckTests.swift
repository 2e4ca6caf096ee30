import Foundation
import Testing
@testable import Rules

/// The full pipeline (every inspector, every built-in checklist) over each real app in Tests/Fixtures/corpus.
@Suite("Full check over the corpus")
struct CorpusCheckTests {
    static let corpus = CorpusLocation.path

    static let apps = ["Automattic__simplenote-ios", "BlueWallet__BlueWallet", "FossifyOrg__Gallery", "Kunzisoft__KeePassDX",
                       "TeamNewPipe__NewPipe", "nextcloud__android", "owncloud__ios-app"]

    static let androidSuffixes = ["AndroidManifest.xml", ".kt", ".java", ".gradle", ".kts", ".toml"]

    @Test(arguments: apps)
    func noAppleFindingComesFromAndroidFiles(app: String) throws {
        let findings = try RuleExampleTests.evaluate("\(Self.corpus)/\(app)")
        let apple = findings.filter { ["purpose-strings", "privacy-manifest"].contains($0.checklist) }
        for finding in apple {
            #expect(!Self.androidSuffixes.contains { finding.location.path.hasSuffix($0) },
                    "\(finding.rule) at \(finding.location) comes from an Android file")
        }
    }

    @Test(arguments: apps)
    func realPrivacyManifestsAreValid(app: String) throws {
        let findings = try RuleExampleTests.evaluate("\(Self.corpus)/\(app)")
        let invalid = findings.filter { ["privacy-manifest.invalid", "privacy-manifest.invalid-reason"].contains($0.rule) }
        #expect(invalid.isEmpty, "\(invalid.map { "\($0.location): \($0.message)" })")
    }

    @Test func androidOnlyAppsGetNoAppleFindingsAtAll() throws {
        for app in ["FossifyOrg__Gallery", "Kunzisoft__KeePassDX", "TeamNewPipe__NewPipe", "nextcloud__android"] {
            let findings = try RuleExampleTests.evaluate("\(Self.corpus)/\(app)")
            let apple = findings.filter { ["purpose-strings", "privacy-manifest", "on-demand-resources"].contains($0.checklist) }
            #expect(apple.isEmpty, "\(app): \(apple.map { "\($0.rule) \($0.location)" })")
        }
    }

    @Test func newPipeTargetSdkIsBelowPlaysMinimum() throws {
        let findings = try RuleExampleTests.evaluate("\(Self.corpus)/TeamNewPipe__NewPipe")
        let target = try #require(findings.first { $0.rule == "platform-requirements.play-target-sdk" })
        // app/build.gradle.kts line 45: `targetSdk = 35`, checked by hand.
        #expect(target.location.path == "app/build.gradle.kts")
        #expect(target.location.line == 45)
    }
}
