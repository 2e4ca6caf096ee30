import Testing
import YAML
@testable import StoreText

@Suite struct FieldLimitEvaluateTests {
    let subtitle = FieldLimit(field: "appstore.subtitle", max: 30, unit: .utf16, source: "App Store Connect Help")

    @Test func fittingTextHasRemainingAndNoCut() {
        let check = subtitle.evaluate("Track every run")
        #expect(check.count == 15)
        #expect(check.remaining == 15)
        #expect(check.over == 0)
        #expect(check.cutIndex == nil)
        #expect(check.fits)
    }

    @Test func emojiCountTwiceInUTF16() {
        let text = String(repeating: "😀", count: 16)
        let check = subtitle.evaluate(text)
        #expect(check.count == 32)
        #expect(check.over == 2)
        #expect(check.remaining == -2)
        let cut = try! #require(check.cutIndex)
        #expect(text[..<cut] == String(repeating: "😀", count: 15))
    }

    @Test func cutNeverSplitsAGrapheme() throws {
        let limit = FieldLimit(field: "t", max: 5, unit: .utf16, source: "s")
        let text = "abc👨‍👩‍👧‍👦xyz"
        let check = limit.evaluate(text)
        #expect(check.count == 17)
        let cut = try #require(check.cutIndex)
        #expect(text[..<cut] == "abc")
    }

    @Test func graphemeLimitKeepsCombiningMarks() throws {
        let limit = FieldLimit(field: "t", max: 3, unit: .graphemes, source: "s")
        let text = "e\u{301}e\u{301}e\u{301}e\u{301}"
        let check = limit.evaluate(text)
        #expect(check.count == 4)
        let cut = try #require(check.cutIndex)
        #expect(text[..<cut] == "e\u{301}e\u{301}e\u{301}")
    }

    @Test func nonWhitespaceCutKeepsTrailingSpaces() throws {
        let limit = FieldLimit(field: "t", max: 2, unit: .nonWhitespace, source: "s")
        let text = "a b c"
        let check = limit.evaluate(text)
        #expect(check.count == 3)
        let cut = try #require(check.cutIndex)
        #expect(text[..<cut] == "a b ")
    }

    @Test func minimumIsReported() {
        let name = FieldLimit(field: "appstore.name", min: 2, max: 30, unit: .graphemes, source: "s")
        #expect(name.evaluate("A").under == 1)
        #expect(name.evaluate("A").fits == false)
        #expect(name.evaluate("Ab").under == 0)
    }
}

@Suite struct FieldLimitTableTests {
    private func parse(_ text: String) throws -> ([FieldLimit], [YAMLError]) {
        let node = try #require(try YAMLParser.parse(text, file: "metadata.yml"))
        let diagnostics = Diagnostics(file: "metadata.yml", source: text)
        let limits = FieldLimit.parseTable(NodeReader(node: node, path: "tables.field_limits.value", diagnostics: diagnostics))
        return (limits, diagnostics.errors)
    }

    @Test func readsEveryKey() throws {
        let (limits, errors) = try parse("""
        - { field: appstore.name, min: 2, max: 30, unit: graphemes, source: "App Store Connect Help" }
        - field: appstore.keywords
          max: 100
          unit: graphemes
          source: "App Store Connect Help; corpus"
          note: "Apple says bytes; accepted uploads say characters"
        """)
        #expect(errors.isEmpty)
        #expect(limits == [
            FieldLimit(field: "appstore.name", min: 2, max: 30, unit: .graphemes, source: "App Store Connect Help"),
            FieldLimit(field: "appstore.keywords", max: 100, unit: .graphemes, source: "App Store Connect Help; corpus",
                       note: "Apple says bytes; accepted uploads say characters"),
        ])
    }

    @Test func badUnitUnknownKeyAndDuplicateAreErrors() throws {
        let (limits, errors) = try parse("""
        - { field: play.title, max: 30, unit: graphemes, source: s }
        - { field: play.short_description, max: 80, unit: utf-16, source: s }
        - { field: play.full_description, max: 4000, unit: utf16, source: s, mx: 3 }
        - { field: play.title, max: 31, unit: utf16, source: s }
        """)
        #expect(limits.map(\.field) == ["play.title", "play.full_description"])
        #expect(errors.map(\.description.firstLine) == [
            "tables.field_limits.value[1].unit at metadata.yml:2:51: expected one of graphemes, scalars, utf16, utf8, non_whitespace, got \"utf-16\" (did you mean \"utf16\"?)",
            "tables.field_limits.value[2] at metadata.yml:3:70: unknown key \"mx\" (did you mean \"max\"?)",
            "tables.field_limits.value[3].field at metadata.yml:4:12: duplicate field \"play.title\" (first listed at line 1)",
        ])
    }

    @Test func missingMaxAndBadMinAreErrors() throws {
        let (limits, errors) = try parse("""
        - { field: a, unit: utf16, source: s }
        - { field: b, max: 10, min: 20, unit: utf16, source: s }
        """)
        #expect(limits.isEmpty)
        #expect(errors.map(\.message) == [
            "missing required key \"max\"",
            "expected a minimum between 0 and max (10), got 20",
        ])
    }
}

extension String {
    var firstLine: String { split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "" }
}

@Suite struct FieldLimitCutTests {
    /// Every unit, against a character-by-character reference: the longest prefix of whole characters that fits.
    @Test(arguments: CountUnit.allCases)
    func cutMatchesTheLongestFittingPrefixOfWholeCharacters(unit: CountUnit) {
        let texts = ["ab🇫🇮cd", "a👨‍👩‍👧b", "e\u{301}e\u{301}x", "日本語のテキスト", "مرحبا بالعالم", "a b\tc\nd", "😀😀😀"]
        for text in texts {
            for max in 0...TextCounter.count(text, in: unit) {
                var reference = text.startIndex
                var used = 0
                for index in text.indices {
                    let weight = TextCounter.count(String(text[index]), in: unit)
                    if used + weight > max { break }
                    used += weight
                    reference = text.index(after: index)
                }
                #expect(FieldLimit.cut(text, at: max, in: unit) == reference, "\(unit) \(max) \(text)")
            }
        }
    }
}
