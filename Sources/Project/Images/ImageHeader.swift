import Foundation

/// Pixel size of a PNG or JPEG, read from its header only: a store image can be megabytes, and the size is
/// all the image rules need. Reading stops at the IHDR chunk (PNG) or the first SOFn segment (JPEG).
public enum ImageHeader {
    public struct Size: Sendable, Hashable {
        public let width: Int
        public let height: Int
    }

    public enum Failure: Error, Sendable, Equatable {
        case unreadable
        case unknownFormat
        case truncated
    }

    /// The longest stretch of a JPEG searched for its frame header (EXIF and ICC segments come first).
    static let maxJPEGScan: UInt64 = 4 << 20

    /// Reads the size of the image at `path`.
    public static func size(atPath path: String) -> Result<Size, Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 32) else { return .failure(.unreadable) }
        let bytes = [UInt8](head)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return pngSize(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegSize(handle) }
        return .failure(.unknownFormat)
    }

    /// PNG: the signature is followed by the IHDR chunk: length(4) "IHDR" width(4) height(4), big-endian.
    static func pngSize(_ bytes: [UInt8]) -> Result<Size, Failure> {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return .failure(.truncated) }
        return .success(Size(width: bigEndian(bytes[16..<20]), height: bigEndian(bytes[20..<24])))
    }

    /// JPEG: walk the marker segments from the start of the file until a start-of-frame marker
    /// (C0–CF except C4 DHT, C8 JPG, CC DAC), whose payload is precision(1) height(2) width(2).
    static func jpegSize(_ handle: FileHandle) -> Result<Size, Failure> {
        var window = Window(handle: handle)
        var offset: UInt64 = 2
        while offset < maxJPEGScan {
            guard let header = window.bytes(at: offset, count: 9), header.count >= 4 else { return .failure(.truncated) }
            guard header[0] == 0xFF else { return .failure(.truncated) }
            let marker = header[1]
            if marker == 0xFF {  // fill bytes: the run is skipped in the buffer, up to the last 0xFF before the marker
                guard let end = window.firstByte(notEqualTo: 0xFF, from: offset + 1, limit: maxJPEGScan) else { return .failure(.truncated) }
                offset = end - 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return .failure(.truncated) }  // end or scan before any frame
            let length = bigEndian(header[2..<4])
            guard length >= 2 else { return .failure(.truncated) }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard header.count >= 9 else { return .failure(.truncated) }
                return .success(Size(width: bigEndian(header[7..<9]), height: bigEndian(header[5..<7])))
            }
            offset += 2 + UInt64(length)
        }
        return .failure(.truncated)
    }

    /// The file read in 64 KB windows, so a run of fill bytes costs one read per window, not a seek and a read
    /// per byte.
    struct Window {
        let handle: FileHandle
        var start: UInt64 = 0
        var buffer: [UInt8] = []

        /// The offset of the first byte from `offset` on that is not `byte`, nil at the end of the file or `limit`.
        mutating func firstByte(notEqualTo byte: UInt8, from offset: UInt64, limit: UInt64) -> UInt64? {
            var position = offset
            while position < limit {
                guard let chunk = bytes(at: position, count: 1 << 16), !chunk.isEmpty else { return nil }
                if let index = chunk.firstIndex(where: { $0 != byte }) { return position + UInt64(index) }
                position += UInt64(chunk.count)
            }
            return nil
        }

        /// Up to `count` bytes at `offset` (fewer at the end of the file), nil when unreadable.
        mutating func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            if offset < start || offset + UInt64(count) > start + UInt64(buffer.count) {
                guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: max(count, 1 << 16)) else { return nil }
                start = offset
                buffer = [UInt8](data)
            }
            let from = Int(offset - start)
            return Array(buffer[min(buffer.count, from)..<min(buffer.count, from + count)])
        }
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
