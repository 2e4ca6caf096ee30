import Foundation
import Project
import Testing
import YAML
@testable import Rules

@Suite struct GenericLengthTests {
    let limits = """
        - { field: appstore.subtitle, max: 30, unit: utf16, source: s }
        - { field: appstore.name, max: 30, min: 2, unit: utf16, source: s }
        - { field: play.title, max: 5, unit: graphemes, source: s }
        """

    @Test func countsInTheRequestedUnit() throws {
        let text = "Notes 📝"  // 7 graphemes, 7 scalars, 8 UTF-16 units, 10 UTF-8 bytes, 6 non-whitespace
        func over(_ unit: String, _ max: Int) throws -> [String] {
            try GenericCheckSupport.run(GenericLength.function, [GenericCheckSupport.subject(text)],
                                        options: ["max": .int(max), "unit": .string(unit)]).compactMap { $0.values["count"] }
        }
        #expect(try over("graphemes", 6) == ["7"])
        #expect(try over("graphemes", 7) == [])
        #expect(try over("scalars", 6) == ["7"])
        #expect(try over("utf16", 7) == ["8"])
        #expect(try over("utf16", 8) == [])
        #expect(try over("utf8", 9) == ["10"])
        #expect(try over("non_whitespace", 5) == ["6"])
    }

    @Test func defaultUnitIsUTF16AndValuesFillTheMessage() throws {
        let results = try GenericCheckSupport.run(GenericLength.function, [GenericCheckSupport.subject(String(repeating: "a", count: 28) + "😀")],
                                                  options: ["max": .int(29)])
        let result = try #require(results.first)
        #expect(result.values["count"] == "30")
        #expect(result.values["over"] == "1")
        #expect(result.values["max"] == "29")
        #expect(result.values["remaining"] == "-1")
        #expect(result.values["unit"] == "characters (UTF-16 units)")
        #expect(result.evidence == "…😀")  // the part past the limit, cut on a grapheme boundary
        #expect(result.location == SourceLocation(path: "fastlane/metadata/en-US/description.txt", line: 1))
    }

    @Test func limitComesFromTheFieldLimitsTable() throws {
        let table = try GenericCheckSupport.table("field_limits", limits)
        let exactly30 = GenericCheckSupport.subject(String(repeating: "x", count: 30))
        let over30 = GenericCheckSupport.subject(String(repeating: "x", count: 31))
        let results = try GenericCheckSupport.run(GenericLength.function, [exactly30, over30],
                                                  options: ["limit": .string("appstore.subtitle")], tables: [table])
        #expect(results.map { $0.values["count"] } == ["31"])
        let title = try GenericCheckSupport.run(GenericLength.function, [GenericCheckSupport.subject("Notes📝")],
                                                options: ["limit": .string("play.title")], tables: [table])
        #expect(title.map { $0.values["count"] } == ["6"])  // graphemes, as that row says
    }

    @Test func ruleOptionsRefineATableRow() throws {
        let table = try GenericCheckSupport.table("field_limits", limits)
        let results = try GenericCheckSupport.run(GenericLength.function, [GenericCheckSupport.subject("Идеи, планы и заметки, дневник!")],
                                                  options: ["limit": .string("appstore.subtitle"), "unit": .string("utf8")], tables: [table])
        #expect(results.first?.values["unit"] == "bytes")
        #expect(results.first?.values["count"] == "55")
    }

    @Test func minimumIsCheckedButEmptyValuesAreLeftToPresent() throws {
        let table = try GenericCheckSupport.table("field_limits", limits)
        let results = try GenericCheckSupport.run(GenericLength.function, ["A", "", "AB"].map { GenericCheckSupport.subject($0) },
                                                  options: ["limit": .string("appstore.name")], tables: [table])
        #expect(results.map { $0.values["value"] } == ["A"])
        #expect(results.first?.values["problem"] == "under the minimum of 2")
    }

    @Test func unknownLimitGivesNoResults() throws {
        let table = try GenericCheckSupport.table("field_limits", limits)
        let results = try GenericCheckSupport.run(GenericLength.function, [GenericCheckSupport.subject(String(repeating: "x", count: 500))],
                                                  options: ["limit": .string("appstore.nope")], tables: [table])
        #expect(results.isEmpty)
    }
}

@Suite struct GenericPresentTests {
    @Test func emptyAndWhitespaceSubjectsAreReported() throws {
        let subjects = ["Notes", "", "  \n "].map { GenericCheckSupport.subject($0) }
        let results = try GenericCheckSupport.run(GenericPresent.function, subjects)
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.values["problem"] == "empty" })
    }

    @Test func fieldsOptionFindsMissingFilesAndCountsDefaultsAsPresent() throws {
        let english = MetadataLocale(code: "en-US", location: SourceLocation(path: "m/en-US"), fields: [
            "name": MetadataValue(text: "Notes", raw: "Notes\n", location: SourceLocation(path: "m/en-US/name.txt")),
            "keywords": MetadataValue(text: "a,b", raw: "a,b", location: SourceLocation(path: "m/default/keywords.txt"), inherited: true),
        ])
        let tree = MetadataTree(store: .appstore, path: "m", name: "main", locales: [english],
                                rootFields: ["copyright": MetadataValue(text: "", raw: "\n", location: SourceLocation(path: "m/copyright.txt"))])
        let project = ProjectModel(root: "/p", metadata: [tree])
        let results = try GenericCheckSupport.run(GenericPresent.function, [],
                                                  options: ["fields": .stringList(["name", "keywords", "description", "root.copyright", "review.notes"])],
                                                  project: project, given: false)
        let found = results.map { "\($0.location.path) \($0.values["problem"] ?? "")" }.sorted()
        #expect(found == ["m/copyright.txt empty", "m/en-US/description.txt missing", "m/review_information/notes.txt missing"])
    }

    @Test func fieldsOptionOnlyLooksAtTheRuleStores() throws {
        let play = MetadataTree(store: .play, path: "p", name: "main",
                                locales: [MetadataLocale(code: "en-US", location: SourceLocation(path: "p/en-US"))])
        let results = try GenericCheckSupport.run(GenericPresent.function, [], options: ["fields": .stringList(["name"])],
                                                  project: ProjectModel(root: "/p", metadata: [play]), stores: [.appstore], given: false)
        #expect(results.isEmpty)
    }
}

@Suite struct GenericPatternTests {
    @Test func mustNotMatchReportsEveryOccurrenceWithLineAndColumn() throws {
        let subject = GenericCheckSupport.subject("Made for \u{F8FF}Watch.\nAnd \u{F8FF}TV.", line: 3)
        let results = try GenericCheckSupport.run(GenericPattern.function, [subject], options: ["must_not_match": .string("\\x{F8FF}")])
        #expect(results.map(\.location) == [SourceLocation(path: subject.location.path, line: 3, column: 10),
                                            SourceLocation(path: subject.location.path, line: 4, column: 5)])
        #expect(results.first?.values["codepoints"] == "U+F8FF")
    }

    @Test func emojiPatternFlagsPictographsButNotCopyrightSign() throws {
        let pattern = "[\\p{Emoji_Presentation}\\x{FE0F}]"
        let results = try GenericCheckSupport.run(GenericPattern.function,
                                                  ["Fixed 🚨 bugs", "© 2026 Example", "Plain text", "Heart ❤️"].map { GenericCheckSupport.subject($0) },
                                                  options: ["must_not_match": .string(pattern)])
        #expect(results.map { $0.values["value"] } == ["Fixed 🚨 bugs", "Heart ❤️"])
        #expect(results.map { $0.values["match"] } == ["🚨", "❤️"])
    }

    @Test func matchRequiresTheWholeValue() throws {
        let results = try GenericCheckSupport.run(GenericPattern.function, ["ABC_DEF", "abc", "ABC DEF"].map { GenericCheckSupport.subject($0) },
                                                  options: ["match": .string("[A-Z_]+")])
        #expect(results.map { $0.values["value"] } == ["abc", "ABC DEF"])
        let ignoring = try GenericCheckSupport.run(GenericPattern.function, [GenericCheckSupport.subject("abc")],
                                                   options: ["match": .string("[A-Z_]+"), "ignore_case": .bool(true)])
        #expect(ignoring.isEmpty)
    }

    @Test func invalidPatternIsReportedAtTheRule() throws {
        let results = try GenericCheckSupport.run(GenericPattern.function, [GenericCheckSupport.subject("x")],
                                                  options: ["must_not_match": .string("(unclosed")])
        #expect(results.count == 1)
        #expect(results.first?.location == SourceLocation(path: "rules/test.yml", line: 7, column: 5))
        #expect(results.first?.values["problem"] == "invalid regular expression (unclosed")
        #expect(results.first?.severity == .error)
    }
}

@Suite struct GenericWordsTests {
    let table = """
        words: [tizen, google, lorem ipsum, ios bug]
        allow: [google drive, google analytics]
        """

    func words(_ text: String) throws -> [String] {
        try GenericCheckSupport.run(GenericWords.function, [GenericCheckSupport.subject(text)],
                                    options: ["table": .string("words")], tables: [GenericCheckSupport.table("words", table)])
            .compactMap { $0.values["match"] }
    }

    @Test func matchesOnWordBoundariesOnly() throws {
        #expect(try words("Notizen und Listen") == [])
        #expect(try words("Runs on Tizen too") == ["Tizen"])
        #expect(try words("googled it") == [])
        #expect(try words("google_analytics_id") == [])
    }

    @Test func anotherScriptWrittenAgainstALatinWordIsABoundary() throws {
        #expect(try words("متوفر على iOS وGoogle") == ["Google"])
        #expect(try words("Google에서 백업") == ["Google"])
        #expect(try words("Googlella") == [])  // an inflected Latin form is another word
    }

    @Test func allowedPhrasesCoverTheirWords() throws {
        #expect(try words("Back up to Google Drive or Google  Analytics") == [])
        #expect(try words("Sync with Google Drive and Google Photos") == ["Google"])
    }

    @Test func phrasesMatchAcrossWhitespaceAndCase() throws {
        #expect(try words("LOREM\nIPSUM dolor") == ["LOREM\nIPSUM"])
        #expect(try words("Fixed an iOS bug") == ["iOS bug"])
    }

    @Test func oneResultPerWordWithItsCountAndFirstPosition() throws {
        let subject = GenericCheckSupport.subject("Google here.\nGoogle there.", line: 1)
        let results = try GenericCheckSupport.run(GenericWords.function, [subject], options: ["table": .string("words")],
                                                  tables: [GenericCheckSupport.table("words", table)])
        #expect(results.count == 1)
        #expect(results.first?.values["count"] == "2")
        #expect(results.first?.location.column == 1)
        #expect(results.first?.location.line == 1)
    }
}

@Suite struct GenericURLTests {
    func problems(_ values: [String], https: Bool = false, max: Int? = nil) throws -> [String?] {
        var options: [String: CheckOptions.Value] = ["https_only": .bool(https)]
        if let max { options["max_length"] = .int(max) }
        let results = try GenericCheckSupport.run(GenericURL.function, values.map { GenericCheckSupport.subject($0) }, options: options)
        return results.map { $0.values["problem"] }
    }

    @Test func acceptsAbsoluteHTTPURLs() throws {
        #expect(try problems(["https://example.com/privacy", "http://example.com", "https://example.com/a?b=c#d", ""]).isEmpty)
    }

    @Test func rejectsRelativeOtherSchemesSpacesAndHostless() throws {
        #expect(try problems(["www.example.com/support"]) == ["is not a well-formed absolute URL"])
        #expect(try problems(["mailto:help@example.com"]) == ["uses mailto: instead of http(s)"])
        #expect(try problems(["https://example.com/a b"]) == ["contains whitespace (one URL per field, no spaces)"])
        #expect(try problems(["https://"]) == ["has no host name"])
    }

    @Test func httpsOnlyAndMaxLength() throws {
        #expect(try problems(["http://example.com"], https: true) == ["uses http: instead of https:"])
        let long = "https://example.com/" + String(repeating: "a", count: 236)  // 256 characters
        #expect(try problems([long], max: 255) == ["is 256 characters, over the limit of 255"])
        #expect(try problems([String(long.dropLast())], max: 255).isEmpty)
        // Without max_length there is no limit (the privacy URL rule judges the scheme only).
        #expect(try problems([long]).isEmpty)
    }
}

@Suite struct GenericOneOfAndYearTests {
    @Test func oneOfSuggestsTheNearestValue() throws {
        let results = try GenericCheckSupport.run(GenericOneOf.function, ["PRODUCTIVTY", "UTILITIES"].map { GenericCheckSupport.subject($0) },
                                                  options: ["values": .stringList(["PRODUCTIVITY", "UTILITIES"])])
        #expect(results.count == 1)
        #expect(results.first?.values["suggestion"] == "PRODUCTIVITY")
        #expect(results.first?.values["hint"] == "did you mean PRODUCTIVITY?")
    }

    @Test func oneOfReadsATableAndCanIgnoreCase() throws {
        let table = try GenericCheckSupport.table("ids", "values: [alpha, beta]")
        let strict = try GenericCheckSupport.run(GenericOneOf.function, [GenericCheckSupport.subject("Alpha")],
                                                 options: ["table": .string("ids")], tables: [table])
        let loose = try GenericCheckSupport.run(GenericOneOf.function, [GenericCheckSupport.subject("Alpha")],
                                                options: ["table": .string("ids"), "ignore_case": .bool(true)], tables: [table])
        #expect(strict.count == 1)
        #expect(loose.isEmpty)
    }

    @Test func yearMustBePresentAndNotInTheFuture() throws {
        let subjects = ["2026 Example Inc.", "2015-2027 Example", "Example Inc.", "© 1999 Example", "Model 20260 Inc."].map { GenericCheckSupport.subject($0) }
        let results = try GenericCheckSupport.run(GenericYear.function, subjects, today: "2026-11-30")
        #expect(results.map { $0.values["value"] ?? "" } == ["2015-2027 Example", "Example Inc.", "Model 20260 Inc."])
        #expect(results.map { $0.values["problem"] ?? "" } == ["names 2027, a year in the future", "names no year", "names no year"])
        #expect(results.first?.location.column == 6)
    }
}
