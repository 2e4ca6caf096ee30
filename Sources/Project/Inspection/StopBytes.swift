/// Up to four byte values a scan stops at, found eight bytes at a time: the tokenizer passes over the text of strings
/// and block comments this way, where a byte-by-byte loop cost about seven instructions a byte.
///
/// Each word of eight bytes is compared to each value at once (XOR with the value in every byte, then the classic
/// test for a zero byte). That test may also flag a byte above a zero byte, never one below the first, so the lowest
/// flagged byte of the four tests together is the first stop.
struct StopBytes: Sendable {
    private let a: UInt64, b: UInt64, c: UInt64, d: UInt64
    private let values: (UInt8, UInt8, UInt8, UInt8)

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Repeat a value to stop at fewer than four.
    init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        self.a = UInt64(a) &* Self.ones
        self.b = UInt64(b) &* Self.ones
        self.c = UInt64(c) &* Self.ones
        self.d = UInt64(d) &* Self.ones
        values = (a, b, c, d)
    }

    /// A byte of `word` (bit 7 of it) that may be zero: exact for the lowest zero byte.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    @inline(__always)
    private func stops(_ byte: UInt8) -> Bool {
        byte == values.0 || byte == values.1 || byte == values.2 || byte == values.3
    }

    /// The offset of the first stop byte at or after `start`, or `bytes.count` when there is none.
    @inline(__always)
    func first(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var k = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while k + 8 <= bytes.count {
                // The byte at the lowest address is the lowest byte of the word, whatever the machine's order.
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                let hits = Self.zeroBytes(word ^ a) | Self.zeroBytes(word ^ b) | Self.zeroBytes(word ^ c) | Self.zeroBytes(word ^ d)
                if hits != 0 { return k + hits.trailingZeroBitCount >> 3 }
                k += 8
            }
        }
        while k < bytes.count, !stops(bytes[k]) { k += 1 }
        return k
    }
}
