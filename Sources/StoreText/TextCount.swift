/// A text measured in every unit a store might use, side by side, so that a copywriter sees why
/// "29 characters" can still be over a 30-unit limit.
public struct TextCount: Sendable, Hashable {
    public let graphemes: Int
    public let scalars: Int
    public let utf16: Int
    public let utf8: Int
    public let nonWhitespace: Int

    public init(graphemes: Int, scalars: Int, utf16: Int, utf8: Int, nonWhitespace: Int) {
        self.graphemes = graphemes
        self.scalars = scalars
        self.utf16 = utf16
        self.utf8 = utf8
        self.nonWhitespace = nonWhitespace
    }

    public subscript(unit: CountUnit) -> Int {
        switch unit {
        case .graphemes: return graphemes
        case .scalars: return scalars
        case .utf16: return utf16
        case .utf8: return utf8
        case .nonWhitespace: return nonWhitespace
        }
    }
}

/// Counts text in every `CountUnit`.
public enum TextCounter {
    public static func count(_ text: String) -> TextCount {
        TextCount(
            graphemes: text.count,
            scalars: text.unicodeScalars.count,
            utf16: text.utf16.count,
            utf8: text.utf8.count,
            nonWhitespace: text.reduce(0) { $0 + (isBlank($1) ? 0 : 1) })
    }

    public static func count(_ text: String, in unit: CountUnit) -> Int {
        switch unit {
        case .graphemes: return text.count
        case .scalars: return text.unicodeScalars.count
        case .utf16: return text.utf16.count
        case .utf8: return text.utf8.count
        case .nonWhitespace: return text.reduce(0) { $0 + (isBlank($1) ? 0 : 1) }
        }
    }

    /// The size of one grapheme in `unit`.
    static func weight(of character: Character, in unit: CountUnit) -> Int {
        switch unit {
        case .graphemes: return 1
        case .scalars: return character.unicodeScalars.count
        case .utf16: return character.utf16.count
        case .utf8: return character.utf8.count
        case .nonWhitespace: return isBlank(character) ? 0 : 1
        }
    }

    static func isBlank(_ character: Character) -> Bool {
        character.isWhitespace || character.isNewline
    }
}
