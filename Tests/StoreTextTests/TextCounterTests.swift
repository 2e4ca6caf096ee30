import Testing
@testable import StoreText

@Suite struct TextCounterTests {
    @Test func asciiIsTheSameInEveryUnitButNonWhitespace() {
        #expect(TextCounter.count("Ship it\n") == TextCount(graphemes: 8, scalars: 8, utf16: 8, utf8: 8, nonWhitespace: 6))
    }

    @Test func zwjFamilyIsOneCharacter() {
        // man, ZWJ, woman, ZWJ, girl, ZWJ, boy
        #expect(TextCounter.count("👨‍👩‍👧‍👦") == TextCount(graphemes: 1, scalars: 7, utf16: 11, utf8: 25, nonWhitespace: 1))
    }

    @Test func flagIsTwoRegionalIndicators() {
        #expect(TextCounter.count("🇯🇵") == TextCount(graphemes: 1, scalars: 2, utf16: 4, utf8: 8, nonWhitespace: 1))
    }

    @Test func combiningMarkJoinsItsBase() {
        #expect(TextCounter.count("Cafe\u{301}") == TextCount(graphemes: 4, scalars: 5, utf16: 5, utf8: 6, nonWhitespace: 4))
    }

    @Test func cjkIsOneUTF16UnitAndThreeBytes() {
        #expect(TextCounter.count("日本語のアプリ") == TextCount(graphemes: 7, scalars: 7, utf16: 7, utf8: 21, nonWhitespace: 7))
    }

    @Test func rightToLeftArabic() {
        #expect(TextCounter.count("مرحبا بك") == TextCount(graphemes: 8, scalars: 8, utf16: 8, utf8: 15, nonWhitespace: 7))
    }

    @Test func crlfIsOneGraphemeAndNotCountedAsText() {
        #expect(TextCounter.count("a\r\nb") == TextCount(graphemes: 3, scalars: 4, utf16: 4, utf8: 4, nonWhitespace: 2))
    }

    @Test func subscriptPicksTheUnit() {
        let count = TextCounter.count("🇯🇵 x")
        #expect(count[.graphemes] == 3)
        #expect(count[.utf16] == 6)
        #expect(count[.nonWhitespace] == 2)
        #expect(TextCounter.count("🇯🇵 x", in: .utf8) == 10)
    }

    @Test func unitRawValuesAreTheYAMLSpellings() {
        #expect(CountUnit.allCases.map(\.rawValue) == ["graphemes", "scalars", "utf16", "utf8", "non_whitespace"])
    }
}
