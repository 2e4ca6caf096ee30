import Foundation

/// Pixel size of a PNG or JPEG, read from its header only: a store image can be megabytes, and the size is
/// all the image rules need. Reading stops at the IHDR chunk (PNG) or the first SOFn segment (JPEG).
public enum ImageHeader {
    public struct Size: Sendable, Hashable {
        public let width: Int
        public let height: Int
    }

    /// What the header says beyond the size: the format and, for a PNG, whether its colour type has alpha.
    public struct Info: Sendable, Hashable {
        public enum Format: String, Sendable, Hashable { case png, jpeg }
        public let size: Size
        public let format: Format
        /// PNG colour type 4 or 6 (grey or RGB with alpha): true; 0 or 2: false; a palette (3) may carry alpha in
        /// a later tRNS chunk, which the header does not show: nil. Always false for JPEG.
        public let hasAlpha: Bool?
        /// Bits per pixel for a PNG (bit depth × channels: 24 for RGB8, 32 for RGBA8); nil for JPEG or a palette.
        public let bitsPerPixel: Int?
    }

    public enum Failure: Error, Sendable, Equatable {
        case unreadable
        case unknownFormat
        case truncated
        /// A Git LFS pointer in place of the image (`GitLFSPointer`): the image itself was not fetched.
        case lfsPointer
    }

    /// The longest stretch of a JPEG searched for its frame header (EXIF and ICC segments come first).
    static let maxJPEGScan: UInt64 = 4 << 20

    /// Reads the size of the image at `path`.
    public static func size(atPath path: String) -> Result<Size, Failure> {
        info(atPath: path).map(\.size)
    }

    /// Reads the size, format and (PNG) alpha of the image at `path`, from the same header bytes.
    public static func info(atPath path: String) -> Result<Info, Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: max(32, GitLFSPointer.headLength)) else { return .failure(.unreadable) }
        let bytes = [UInt8](head)
        if GitLFSPointer.isPointer(bytes) { return .failure(.lfsPointer) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return pngSize(bytes).map { size in
                // IHDR: bit depth at byte 24, colour type at 25 (already inside the 24+ bytes pngSize checked).
                let depth = bytes.count > 25 ? Int(bytes[24]) : 0
                let colourType = bytes.count > 25 ? bytes[25] : 255
                let channels: Int? = switch colourType { case 0: 1; case 2: 3; case 4: 2; case 6: 4; default: nil }
                let alpha: Bool? = switch colourType { case 4, 6: true; case 0, 2: false; default: nil }
                return Info(size: size, format: .png, hasAlpha: alpha, bitsPerPixel: channels.map { $0 * depth })
            }
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            return jpegSize(handle).map { Info(size: $0, format: .jpeg, hasAlpha: false, bitsPerPixel: nil) }
        }
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
