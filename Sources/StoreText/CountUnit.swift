/// What a store counts when it says "characters". Raw values are the spellings used in rules/*.yml.
public enum CountUnit: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// User-perceived characters (extended grapheme clusters): a flag or a family emoji is one.
    case graphemes
    case scalars
    /// UTF-16 code units, as App Store Connect appears to count: an emoji outside the BMP is two.
    case utf16
    /// UTF-8 bytes, what Apple's keyword help text literally says.
    case utf8
    /// Graphemes that are not whitespace or line breaks.
    case nonWhitespace = "non_whitespace"

    public var description: String { rawValue }

    /// A plural noun for messages: "31 UTF-16 units".
    public var noun: String {
        switch self {
        case .graphemes: return "characters"
        case .scalars: return "Unicode scalars"
        case .utf16: return "UTF-16 units"
        case .utf8: return "bytes"
        case .nonWhitespace: return "non-whitespace characters"
        }
    }
}
