import CZlib

/// Raw deflate (ZIP method 8) through zlib, into a buffer of the size the central directory declared:
/// more output than declared is an error, never a larger allocation.
enum Inflater {
    static func inflate(_ input: [UInt8], expectedSize: Int) throws(DecodeError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: expectedSize)
        var stream = z_stream()
        // -15: a raw deflate stream with a 32 KB window, no zlib header (as ZIP stores it).
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DecodeError("zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var status: Int32 = Z_OK
        var produced = 0
        var spare: UInt8 = 0
        input.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = outBuffer.count - Int(stream.avail_out)
                // Filled exactly: one more byte of room tells a stream that goes on from one that ended.
                if status == Z_BUF_ERROR || status == Z_OK, stream.avail_out == 0 {
                    withUnsafeMutablePointer(to: &spare) { pointer in
                        stream.next_out = pointer
                        stream.avail_out = 1
                        status = CZlib.inflate(&stream, Z_FINISH)
                        if stream.avail_out == 0 { produced += 1 }
                    }
                }
            }
        }
        if produced > expectedSize { throw DecodeError("inflates to more than the \(expectedSize) bytes its header declares (a zip bomb?)") }
        switch status {
        case Z_STREAM_END:
            guard produced == expectedSize else { throw DecodeError("inflates to \(produced) bytes, not the \(expectedSize) its header declares") }
            return output
        case Z_DATA_ERROR: throw DecodeError("its deflate data is damaged")
        case Z_MEM_ERROR: throw DecodeError("zlib ran out of memory inflating it")
        default: throw DecodeError("its deflate stream ends early (truncated)")
        }
    }

    static func crc32(_ bytes: [UInt8], continuing previous: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0, continuing: previous) }
    }

    /// The CRC-32 of `buffer` after the bytes whose CRC is `previous` (0 to start).
    static func crc32(_ buffer: UnsafeBufferPointer<UInt8>, continuing previous: UInt32) -> UInt32 {
        var crc = uLong(previous)
        var offset = 0
        while offset < buffer.count {
            let chunk = min(buffer.count - offset, 1 << 30)
            crc = CZlib.crc32(crc, buffer.baseAddress! + offset, uInt(chunk))
            offset += chunk
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
