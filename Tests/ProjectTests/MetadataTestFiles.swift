import Foundation

/// A temporary folder removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "shipcheck-metadata-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
        return full
    }
}

/// The header bytes of images of a given size (enough for a header reader; no pixel data).
enum ImageBytes {
    static func png(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        return Data(bytes)
    }

    /// SOI, an APP1 segment of `exifBytes`, a DQT segment, then the frame header.
    static func jpeg(width: Int, height: Int, exifBytes: Int = 16, frameMarker: UInt8 = 0xC0) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE1] + be16(exifBytes + 2) + [UInt8](repeating: 0x45, count: exifBytes)
        bytes += [0xFF, 0xDB] + be16(67) + [UInt8](repeating: 1, count: 65)
        bytes += [0xFF, frameMarker] + be16(17) + [8] + be16(height) + be16(width) + [3] + [UInt8](repeating: 0x11, count: 9)
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    private static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    private static func be16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8((value >> $0) & 0xFF) } }
}
