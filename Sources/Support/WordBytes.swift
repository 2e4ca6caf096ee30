/// The bytes that make up an identifier, for the source tokenizer (Project) and the property-list key index
/// (Formats) alike.
package enum WordBytes {
    /// A byte that continues an identifier: ASCII letter, digit, `_`, or any byte of a non-ASCII character.
    @inlinable
    package static func isWordByte(_ c: UInt8) -> Bool {
        c >= 0x80 || (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 || c == 0x5F
    }
}
