import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// Play images (Tests/Fixtures/metadata/images): the lane's skip flags, alpha graded per slot, one finding per
/// folder with the files listed.
struct MetadataImageSlotTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/metadata/images").path
    static let images = "fastlane/metadata/android/en-US/images"

    static func imageFindings(_ kind: String) throws -> [Finding] {
        try Shipcheck.run(Shipcheck.Options(path: "\(fixtures)/\(kind)", checklists: RuleExampleTests.loaded(), today: "2026-11-30"))
            .result.findings.filter { $0.rule == "metadata.play-image-sizes" }
    }

    @Test func alphaIsGradedPerSlotAndReportedOncePerFolder() throws {
        let found = try Self.imageFindings("trigger")
        let bySeverity = Dictionary(grouping: found, by: \.severity).mapValues { $0.map(\.location.path).sorted() }
        // Wear: a warning (the refusal is observed, not on a primary page); phone: a note; a wrong size: the rule's warning.
        #expect(bySeverity[.error] == nil)
        #expect(bySeverity[.info] == ["\(Self.images)/phoneScreenshots"])
        #expect(bySeverity[.warning] == ["\(Self.images)/featureGraphic.png", "\(Self.images)/wearScreenshots/1.png"])
        let phone = found.first { $0.location.path.hasSuffix("phoneScreenshots") }
        #expect(phone?.message == "phoneScreenshots image for en-US in 3 files (1.png, 2.png, 3.png) is a 32-bit PNG with an alpha channel; Play requires JPEG or 24-bit PNG without alpha")
    }

    @Test func imagesTheLaneSkipsAreNotJudged() throws {
        #expect(try Self.imageFindings("pass").isEmpty)
    }
}
