import Foundation
import TestSupport
import Testing

/// shipcheck's own findings (`shipcheck.unreadable-input`, `shipcheck.unknown-suppression`) are declared in
/// rules/shipcheck.yml, so `--skip`, `--only`, `rules.severity`, `rules list/show` and SARIF treat them as any rule.
@Suite("shipcheck's own rules (command line)")
struct ShipcheckRulesCLITests {
    /// A project with App Store metadata and an `ignore:` entry naming a rule that does not exist.
    func projectWithAMisspeltIgnore(extra: String = "") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-own-\(UUID().uuidString)")
        let locale = dir.appendingPathComponent("fastlane/metadata/en-US")
        try FileManager.default.createDirectory(at: locale, withIntermediateDirectories: true)
        try Data("Tide Log\n".utf8).write(to: locale.appendingPathComponent("name.txt"))
        try Data("""
        stores: [appstore]
        ignore:
          - rule: metadata.keywords-byts
            reason: Our keywords are reviewed by the localizers.
        \(extra)
        """.utf8).write(to: dir.appendingPathComponent("shipcheck.yml"))
        return dir
    }

    static let warning = "shipcheck.yml:3:5: warning: The suppression names 'metadata.keywords-byts', which is no rule or checklist, so it silences nothing; did you mean 'metadata.keywords-bytes'? [shipcheck.unknown-suppression]"

    @Test func theSuppressionWarningIsReportedAndSkippedLikeAnyRule() throws {
        let dir = try projectWithAMisspeltIgnore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try ShipcheckProcess.run(["check", dir.path, "--color", "never"])
        #expect(plain.stdout.contains(Self.warning), "\(plain.stdout)")
        for skip in ["shipcheck.unknown-suppression", "shipcheck"] {
            let skipped = try ShipcheckProcess.run(["check", dir.path, "--color", "never", "--skip", skip])
            #expect(skipped.status == 0, "--skip \(skip): \(skipped.stderr)")
            #expect(!skipped.stdout.contains("shipcheck.unknown-suppression"), "--skip \(skip)")
        }
        let only = try ShipcheckProcess.run(["check", dir.path, "--color", "never", "--only", "metadata"])
        #expect(only.status == 0, "\(only.stderr)")
        #expect(!only.stdout.contains("shipcheck.unknown-suppression"))
        #expect(only.stdout.contains("[metadata.appstore-privacy-url]"), "--only metadata still runs the metadata rules")
        let onlyItself = try ShipcheckProcess.run(["check", dir.path, "--color", "never", "--only", "shipcheck.unknown-suppression"])
        #expect(onlyItself.stdout.contains(Self.warning))
        #expect(!onlyItself.stdout.contains("[metadata."))
    }

    @Test func aSeverityInTheManifestGradesTheSuppressionWarning() throws {
        let dir = try projectWithAMisspeltIgnore(extra: "rules: { severity: { shipcheck.unknown-suppression: error } }")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ShipcheckProcess.run(["check", dir.path, "--color", "never"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("shipcheck.yml:3:5: error: The suppression names 'metadata.keywords-byts'"), "\(result.stdout)")
    }

    @Test func rulesShowAndListKnowShipchecksOwnRules() throws {
        let show = try ShipcheckProcess.run(["rules", "show", "shipcheck.unreadable-input"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.hasPrefix("shipcheck.unreadable-input: A file could not be read\n"))
        #expect(show.stdout.contains("  severity:  warning\n"))
        #expect(show.stdout.contains("  help:      Fix or remove the file"))
        #expect(show.stdout.contains("defined at rules/shipcheck.yml:"))
        let list = try ShipcheckProcess.run(["rules", "list"])
        #expect(list.stdout.contains("shipcheck.unknown-suppression"))
    }

    @Test func sarifDescribesTheSuppressionRuleFromItsDeclaration() throws {
        let dir = try projectWithAMisspeltIgnore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ShipcheckProcess.run(["check", dir.path, "--format", "sarif"])
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let descriptor = try #require(rules.first { $0["id"] as? String == "shipcheck.unknown-suppression" })
        #expect(descriptor["helpUri"] as? String == "https://github.com/shipcheck/shipcheck/blob/main/docs/rules/shipcheck.md#shipcheckunknown-suppression")
        #expect(((descriptor["shortDescription"] as? [String: Any])?["text"] as? String) == "A suppression names an unknown rule")
    }
}
