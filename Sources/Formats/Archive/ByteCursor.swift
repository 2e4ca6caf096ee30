/// Bounded reads of little- or big-endian integers from bytes: every read checks the range first and
/// throws instead of trapping, so a truncated or lying header is an error.
package struct ByteCursor {
    package let bytes: [UInt8]
    package var bigEndian = false

    package init(_ bytes: [UInt8], bigEndian: Bool = false) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    package var count: Int { bytes.count }

    package func has(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    package func uint(_ offset: Int, _ width: Int, _ what: @autoclosure () -> String) throws(DecodeError) -> UInt64 {
        guard has(offset, width) else {
            throw DecodeError("\(what()) at offset \(offset) runs past the end (\(bytes.count) bytes)")
        }
        var value: UInt64 = 0
        for i in 0..<width {
            let byte = UInt64(bytes[offset + (bigEndian ? i : width - 1 - i)])
            value = value << 8 | byte
        }
        return value
    }

    package func u16(_ offset: Int, _ what: @autoclosure () -> String = "a 16-bit field") throws(DecodeError) -> Int {
        Int(try uint(offset, 2, what()))
    }

    package func u32(_ offset: Int, _ what: @autoclosure () -> String = "a 32-bit field") throws(DecodeError) -> Int {
        Int(try uint(offset, 4, what()))
    }

    /// A 64-bit field as an Int; values past Int.max (no real file has them) are an error.
    func u64(_ offset: Int, _ what: @autoclosure () -> String = "a 64-bit field") throws(DecodeError) -> Int {
        let value = try uint(offset, 8, what())
        guard value <= UInt64(Int.max) else { throw DecodeError("\(what()) at offset \(offset) is out of range (\(value))") }
        return Int(value)
    }

    package func slice(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(DecodeError) -> ArraySlice<UInt8> {
        guard has(offset, length) else {
            throw DecodeError("\(what()) (\(length) bytes at offset \(offset)) runs past the end (\(bytes.count) bytes)")
        }
        return bytes[offset..<offset + length]
    }

    /// A NUL-terminated string starting at `offset`, at most `limit` bytes, within `end`.
    package func cString(_ offset: Int, end: Int, limit: Int = 4096) -> String? {
        guard offset >= 0, offset < min(end, bytes.count) else { return nil }
        let stop = min(end, bytes.count, offset + limit)
        var i = offset
        while i < stop, bytes[i] != 0 { i += 1 }
        return String(decoding: bytes[offset..<i], as: UTF8.self)
    }
}
