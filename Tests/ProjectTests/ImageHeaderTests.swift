import Foundation
import Testing
@testable import Project

@Suite struct ImageHeaderTests {
    @Test func pngSizeComesFromIHDR() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.png", ImageBytes.png(width: 1280, height: 720))
        #expect(try ImageHeader.size(atPath: path).get() == ImageHeader.Size(width: 1280, height: 720))
    }

    @Test func jpegSizeComesFromTheFrameHeaderAfterOtherSegments() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", ImageBytes.jpeg(width: 1024, height: 500, exifBytes: 30_000))
        #expect(try ImageHeader.size(atPath: path).get() == ImageHeader.Size(width: 1024, height: 500))
    }

    @Test func progressiveJPEGFrameIsRead() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("a.jpg", ImageBytes.jpeg(width: 320, height: 740, frameMarker: 0xC2))
        #expect(try ImageHeader.size(atPath: path).get() == ImageHeader.Size(width: 320, height: 740))
    }

    @Test func otherFormatsTruncatedFilesAndMissingFilesFail() throws {
        let folder = try TemporaryFolder()
        let gif = try folder.write("a.gif", Data("GIF89a....".utf8))
        let cutPNG = try folder.write("cut.png", ImageBytes.png(width: 10, height: 10).prefix(20))
        let cutJPEG = try folder.write("cut.jpg", Data([0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00, 0x00]))
        #expect(ImageHeader.size(atPath: gif) == .failure(.unknownFormat))
        #expect(ImageHeader.size(atPath: cutPNG) == .failure(.truncated))
        #expect(ImageHeader.size(atPath: cutJPEG) == .failure(.truncated))
        #expect(ImageHeader.size(atPath: folder.path + "/missing.png") == .failure(.unreadable))
    }
}
