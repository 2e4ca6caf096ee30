/// A short stable hash of a finding's identity. FNV-1a 64-bit over the UTF-8 of the parts: no
/// dependency, the same on every platform and run (Swift's Hasher is seeded per process).
public enum Fingerprint {
    public static func make(rule: String, path: String, text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [rule, path, normalized(text)] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whitespace runs folded, so re-indenting a line does not change its findings' identity.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
