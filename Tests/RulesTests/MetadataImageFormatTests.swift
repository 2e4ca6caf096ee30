import Project
import Testing
@testable import Rules

/// The format and file-size half of the Play image rule, with the built-in table (answer 9866151).
@Suite struct MetadataImageFormatTests {
    func run(_ images: [MetadataImage]) throws -> [String] {
        let locale = MetadataLocale(code: "en-US", location: SourceLocation(path: "p/en-US"), images: images)
        var project = ProjectModel(root: "/p", metadata: [MetadataTree(store: .play, path: "p", name: "main", locales: [locale], consumer: MetadataConsumer(store: .play, evidence: []))])
        project.facts.add(Fact(name: "store.play", value: .bool(true), source: .detected))
        let engine = Engine(checklists: try AppleRuleSupport.checklists())
        let context = EvaluationContext(project: project, tables: engine.tables, today: "2026-12-01")
        return MetadataConsumerScope.apply(engine.evaluate(context), project: project).filter { $0.rule == "metadata.play-image-sizes" }.map(\.message)
    }

    func severities(_ images: [MetadataImage]) throws -> [Severity] {
        let locale = MetadataLocale(code: "en-US", location: SourceLocation(path: "p/en-US"), images: images)
        var project = ProjectModel(root: "/p", metadata: [MetadataTree(store: .play, path: "p", name: "main", locales: [locale], consumer: MetadataConsumer(store: .play, evidence: []))])
        project.facts.add(Fact(name: "store.play", value: .bool(true), source: .detected))
        let engine = Engine(checklists: try AppleRuleSupport.checklists())
        let context = EvaluationContext(project: project, tables: engine.tables, today: "2026-12-01")
        return MetadataConsumerScope.apply(engine.evaluate(context), project: project).filter { $0.rule == "metadata.play-image-sizes" }.map(\.severity)
    }

    func image(_ type: String, _ w: Int, _ h: Int, format: String, alpha: Bool?, bits: Int?, kb: Int = 100) -> MetadataImage {
        MetadataImage(type: type, location: SourceLocation(path: "p/en-US/images/\(type).\(format)"), width: w, height: h,
                      format: format, hasAlpha: alpha, bitsPerPixel: bits, byteCount: kb * 1024)
    }

    @Test func imagesAsPlayAsksPass() throws {
        #expect(try run([
            image("icon", 512, 512, format: "png", alpha: true, bits: 32),
            image("featureGraphic", 1024, 500, format: "jpeg", alpha: false, bits: nil),
            image("tvBanner", 1280, 720, format: "png", alpha: false, bits: 24),
            image("phoneScreenshots", 1080, 2160, format: "png", alpha: nil, bits: nil, kb: 8192),
        ]).isEmpty)
    }

    @Test func alphaWhereOpaqueIsRequiredAndTheWrongIconFormat() throws {
        #expect(try run([
            image("featureGraphic", 1024, 500, format: "png", alpha: true, bits: 32),
            image("icon", 512, 512, format: "jpeg", alpha: false, bits: nil),
            image("icon", 512, 512, format: "png", alpha: false, bits: 24),
        ]) == [
            "featureGraphic image for en-US is a 32-bit PNG with an alpha channel; Play requires JPEG or 24-bit PNG without alpha",
            "icon image for en-US is a JPEG; Play requires 32-bit PNG (with alpha)",
            "icon image for en-US is a 24-bit PNG; Play requires 32-bit PNG (with alpha)",
        ])
        // A PNG whose only fault is its alpha channel or bit depth is a note; a JPEG where a PNG is needed, a warning.
        #expect(try severities([
            image("featureGraphic", 1024, 500, format: "png", alpha: true, bits: 32),
            image("icon", 512, 512, format: "jpeg", alpha: false, bits: nil),
        ]) == [.info, .warning])
    }

    @Test func fileSizesAndTheTwoToOneRatio() throws {
        #expect(try run([
            image("icon", 512, 512, format: "png", alpha: true, bits: 32, kb: 1025),
            image("phoneScreenshots", 1080, 2400, format: "jpeg", alpha: false, bits: nil),
            image("phoneScreenshots", 1080, 1920, format: "jpeg", alpha: false, bits: nil, kb: 9000),
        ]) == [
            "icon image for en-US is 1025 KB; Play requires at most 1024 KB",
            "phoneScreenshots image for en-US is 1080×2400 px, a long:short ratio over 2; Play requires 320–3840 px per side, the long side at most 2 times the short side",
            "phoneScreenshots image for en-US is 9000 KB; Play requires at most 8192 KB",
        ])
    }
}
