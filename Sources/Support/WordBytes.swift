/// The bytes that make up an identifier, for the source tokenizer (Project) and the property-list key index
/// (Formats) alike.
///
/// `public`, though only the package uses it: the compiler does not inline an `@inlinable` member of a `package`
/// type into another module (it calls it, once per byte of every source file), while it does for a public type.
public enum WordBytes {
    /// A byte that continues an identifier: ASCII letter, digit, `_`, or any byte of a non-ASCII character.
    @inlinable
    package static func isWordByte(_ c: UInt8) -> Bool {
        c >= 0x80 || (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 || c == 0x5F
    }
}
