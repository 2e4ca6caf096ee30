import Foundation

/// Whether a text names the app or its developer: compared with case and accents folded
/// ("Café" matches "CAFE"), runs of whitespace collapsed, and on word boundaries so that "Note"
/// is not found inside "Notes".
public enum NameMatcher {
    /// Lowercased, diacritics removed, whitespace runs as one space, trimmed.
    public static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The first of `names` that `text` contains (both folded), or nil.
    public static func firstNamed(in text: String, names: [String]) -> String? {
        let haystack = fold(text)
        return names.first { contains(haystack, word: fold($0)) }
    }

    static func contains(_ haystack: String, word: String) -> Bool {
        guard !word.isEmpty else { return false }
        var searchRange = haystack.startIndex..<haystack.endIndex
        while let range = haystack.range(of: word, range: searchRange) {
            let before = range.lowerBound == haystack.startIndex ? nil : haystack[haystack.index(before: range.lowerBound)]
            let after = range.upperBound == haystack.endIndex ? nil : haystack[range.upperBound]
            if !(before?.isLetterOrDigit ?? false) && !(after?.isLetterOrDigit ?? false) { return true }
            searchRange = haystack.index(after: range.lowerBound)..<haystack.endIndex
        }
        return false
    }
}

private extension Character {
    var isLetterOrDigit: Bool { isLetter || isNumber }
}
