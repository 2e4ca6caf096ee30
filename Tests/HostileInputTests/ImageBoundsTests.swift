import Foundation
import Testing
@testable import Project

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct ImageBoundsTests {
    @Test func aJPEGHeaderFollowedByFourMegabytesOfFillBytesIsReadInWindows() throws {
        let tree = try HostileTree()
        var bytes: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1 << 20)
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x02, 0x00, 0x03, 0x00]
        let path = try tree.write("a.jpg", Data(bytes))
        #expect(ImageHeader.size(atPath: path) == .success(ImageHeader.Size(width: 768, height: 512)))
        let long = try tree.write("b.jpg", Data([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 4 << 20) + [0xFF, 0xC0, 0, 0x11, 8, 1, 0, 1, 0]))
        #expect(ImageHeader.size(atPath: long) == .failure(.truncated))
    }
}
