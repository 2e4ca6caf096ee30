import Foundation
import Testing

/// Without `--config`, the manifest is `shipcheck.yml` or `.shipcheck.yml`, found from the working folder (or
/// the project root) up to the repository's top, never above it.
@Suite("Command line: finding shipcheck.yml and .shipcheck.yml")
struct ConfigDiscoveryCLITests {
    static let skipEmoji = "rules:\n  skip: [metadata.play-title-emoji]\n"
    static let broken = "rules: { skip: [\n"
    static let emoji = "metadata.play-title-emoji]"

    /// The monorepo with the app's own manifest moved to `name` in `folder` (relative to the repository).
    static func monorepo(in parent: URL, manifest: String?, at relative: String?, extra: (String, String)? = nil) throws -> URL {
        let repo = try CIHarness.monorepo(in: parent)
        let own = repo.appendingPathComponent("apps/mobile/shipcheck.yml")
        let text = try String(contentsOf: own, encoding: .utf8)
        try FileManager.default.removeItem(at: own)
        if let relative {
            try Data((text + (manifest ?? "")).utf8).write(to: repo.appendingPathComponent(relative))
        }
        if let (path, content) = extra { try Data(content.utf8).write(to: repo.appendingPathComponent(path)) }
        return repo
    }

    @Test func aDotShipcheckFileAtTheProjectRootIsRead() throws {
        let folder = try CIHarness.temporaryFolder("config-dot")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try Self.monorepo(in: folder, manifest: Self.skipEmoji, at: "apps/mobile/.shipcheck.yml")
        let result = try ShipcheckProcess.run(["check", ".", "-q", "--date", "2026-11-30"], in: repo.appendingPathComponent("apps/mobile"))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stdout.contains(Self.emoji), "the .shipcheck.yml skip was not applied")
        #expect(result.stdout.contains("metadata.play-short-description-length]"))
    }

    @Test func aManifestAtTheRepositoryTopIsFoundFromTheProjectAndFromTheWorkingFolder() throws {
        let folder = try CIHarness.temporaryFolder("config-top")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try Self.monorepo(in: folder, manifest: Self.skipEmoji, at: "shipcheck.yml")
        let fromTop = try ShipcheckProcess.run(["check", "apps/mobile", "-q", "--date", "2026-11-30"], in: repo)
        #expect(fromTop.status == 1, "\(fromTop.stderr)")
        #expect(!fromTop.stdout.contains(Self.emoji))
        let fromInside = try ShipcheckProcess.run(["check", ".", "-q", "--date", "2026-11-30"], in: repo.appendingPathComponent("apps/mobile/app"))
        #expect(!fromInside.stdout.contains(Self.emoji), "\(fromInside.stderr)")
        // Without it, the finding is there: the manifest above is what silenced it.
        try FileManager.default.removeItem(at: repo.appendingPathComponent("shipcheck.yml"))
        let without = try ShipcheckProcess.run(["check", "apps/mobile", "-q", "--date", "2026-11-30"], in: repo)
        #expect(without.stdout.contains(Self.emoji))
    }

    @Test func theNearestManifestWins() throws {
        let folder = try CIHarness.temporaryFolder("config-nearest")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A broken manifest at the top is never read when the project has its own.
        let repo = try Self.monorepo(in: folder, manifest: Self.skipEmoji, at: "apps/mobile/shipcheck.yml", extra: ("shipcheck.yml", Self.broken))
        let result = try ShipcheckProcess.run(["check", "apps/mobile", "-q", "--date", "2026-11-30"], in: repo)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stdout.contains(Self.emoji))
    }

    @Test func nothingAboveTheRepositoryTopIsRead() throws {
        let folder = try CIHarness.temporaryFolder("config-above")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.broken.utf8).write(to: folder.appendingPathComponent("shipcheck.yml"))
        try Data(Self.broken.utf8).write(to: folder.appendingPathComponent(".shipcheck.yml"))
        let repo = try Self.monorepo(in: folder, manifest: nil, at: nil)
        let result = try ShipcheckProcess.run(["check", "apps/mobile", "-q", "--date", "2026-11-30"], in: repo)
        #expect(result.status == 1, "a manifest above the repository was read: \(result.stderr)")
        // Outside a repository, only the project root: the broken manifest beside the project is not read.
        try FileManager.default.removeItem(at: repo.appendingPathComponent(".git"))
        let outside = try ShipcheckProcess.run(["check", "apps/mobile", "-q", "--date", "2026-11-30"], in: repo)
        #expect(outside.status == 1, "\(outside.stderr)")
    }

    @Test func bothNamesInOneFolderIsExitTwoSayingKeepOne() throws {
        let folder = try CIHarness.temporaryFolder("config-both")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = try Self.monorepo(in: folder, manifest: nil, at: "apps/mobile/shipcheck.yml", extra: ("apps/mobile/.shipcheck.yml", Self.skipEmoji))
        let result = try ShipcheckProcess.run(["check", "apps/mobile", "-q"], in: repo)
        #expect(result.status == 2)
        #expect(result.stderr.contains("shipcheck.yml and \(repo.path)/apps/mobile/.shipcheck.yml are both there; keep one"), "\(result.stderr)")
    }
}
