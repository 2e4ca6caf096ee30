import Foundation
import Testing
@testable import Project

/// Git LFS pointers in place of images (Confetti, Apache-2.0: fastlane/metadata/android/en-US/images/phoneScreenshots/*.png
/// are pointers, `.gitattributes` gives them `filter=lfs`): never read as the image, one fact for all, not a warning each.
@Suite struct GitLFSPointerTests {
    /// Confetti's a_conferencesScreen.png as the checkout holds it (the pointer text, as git-lfs writes it).
    static let pointer = Data("""
    version https://git-lfs.github.com/spec/v1
    oid sha256:daf118672af3c24b731f4a01e7438c660cc4fd4fbd6d89ac286655e66f6ed3db
    size 126344

    """.utf8)

    @Test func thePointerIsRecognisedByItsFirstLineAndNotReadAsAnImage() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("shot.png", Self.pointer)
        #expect(ImageHeader.info(atPath: path) == .failure(.lfsPointer))
        // The true twin: other text in a .png is still not a PNG or JPEG.
        let other = try folder.write("other.png", Data("version 1\nnot an image\n".utf8))
        #expect(ImageHeader.info(atPath: other) == .failure(.unknownFormat))
    }

    @Test func pointersInAPlayTreeAreOneFactNotAWarningEach() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", Data("Confetti".utf8))
        try folder.write("fastlane/metadata/android/en-US/images/phoneScreenshots/a_conferencesScreen.png", Self.pointer)
        try folder.write("fastlane/metadata/android/en-US/images/phoneScreenshots/b_scheduleScreen.png", Self.pointer)
        try folder.write("fastlane/metadata/android/en-US/images/phoneScreenshots/c_speakersScreen.png", ImageBytes.png(width: 1080, height: 1920))
        let result = MetadataTestSupport.discover(folder.path)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let fact = try #require(result.facts.first { $0.name == GitLFSPointer.factName })
        #expect(fact.value == .list(["fastlane/metadata/android/en-US/images/phoneScreenshots/a_conferencesScreen.png",
                                     "fastlane/metadata/android/en-US/images/phoneScreenshots/b_scheduleScreen.png"]))
        #expect(result.coverage.map(\.input) == [.lfsPointers])
        #expect(result.coverage.first?.subjects.count == 2)
        // The real image is read as before; the pointers stay in the tree without a size.
        let images = try #require(result.part?.trees.first?.locales.first?.images)
        #expect(images.filter { $0.width != nil }.map(\.location.path) == ["fastlane/metadata/android/en-US/images/phoneScreenshots/c_speakersScreen.png"])
        #expect(images.count == 3)
    }

    @Test func aBrokenImageIsStillAWarningOfItsOwn() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", Data("Confetti".utf8))
        try folder.write("fastlane/metadata/android/en-US/images/icon.png", Data("GIF89a".utf8))
        let result = MetadataTestSupport.discover(folder.path)
        #expect(result.problems.map(\.location.path) == ["fastlane/metadata/android/en-US/images/icon.png"])
        #expect(result.problems.first?.message.contains("not a PNG or JPEG") == true)
        #expect(!result.facts.contains { $0.name == GitLFSPointer.factName })
    }

    @Test func aPointerIsNeverParsedAsAPropertyList() {
        guard case .failure(let error) = PlistReader.parse(Self.pointer, path: "App/PrivacyInfo.xcprivacy") else {
            Issue.record("a pointer parsed as a property list")
            return
        }
        #expect(error.message.contains("Git LFS pointer"), "\(error.message)")
    }
}
