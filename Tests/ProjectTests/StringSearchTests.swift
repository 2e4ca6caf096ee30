import Foundation
import Testing
@testable import Project
@testable import Support

/// The Project module's own `contains` and `trimmingCharacters` (StringSearch.swift) shadow Foundation's there:
/// they must give Foundation's answers on what the readers look for.
@Suite("Byte-level contains and scalar trimming give Foundation's answers")
struct StringSearchTests {
    static let texts = ["", "a", "upload_to_play_store(", "  supply(json_key: x) ", "ünïcödé supply\t", "abcabd",
                        "see https://play.google.com/store/apps?id=x.y", "\n\t  \n"]

    /// Several needles in one pass: the answer of asking each in turn, on the release-note markers and others.
    @Test func anyNeedleInOnePassAgreesWithEachInTurn() {
        let needleSets = [ReleaseNoteSenders.playMarkerBytes, [Array("ab".utf8), Array("abd".utf8)], [Array("x".utf8)], []]
        let texts = Self.texts + ["WhatsNew", "path: whatsnew-en-US", "r0adkll/Upload-Google-Play@v1", "RELEASE-NOTES", "release_notes",
                                  "releas", "eleasenotes", "ÄwhatsnewÖ", "Release-Notes.txt", "wha\ntsnew"]
        for needles in needleSets {
            for text in texts {
                let bytes = Array(text.utf8)
                let one = bytes.withUnsafeBufferPointer { StringSearch.occursAnyIgnoringASCIICase(needles, in: $0) }
                let each = bytes.withUnsafeBufferPointer { haystack in needles.contains { StringSearch.occursIgnoringASCIICase($0, in: haystack) } }
                #expect(one == each, "\(text.debugDescription)")
            }
        }
        #expect(ReleaseNoteSenders.namesPlayMarker("- uses: r0adkll/upload-google-play@v1"))
        #expect(ReleaseNoteSenders.namesPlayMarker("whatsNewDirectory: distribution/WhatsNew"[...]))
        #expect(!ReleaseNoteSenders.namesPlayMarker("notes: none"))
    }

    @Test func containsAgreesWithNSString() {
        let needles = ["", "a", "supply(", "abd", "ü", "store/apps", "zzz", "abcabdx", " "]
        for text in Self.texts {
            for needle in needles {
                let foundation = (text as NSString).range(of: needle).location != NSNotFound
                #expect(text.contains(needle) == foundation, "\(text.debugDescription) contains \(needle.debugDescription)")
                #expect(text.dropFirst(0).contains(needle) == foundation, "Substring \(text.debugDescription)")
            }
        }
    }

    /// `utf8Range(of:)` finds what Foundation's `range(of:)` finds, at the same indices, in a string and a substring.
    @Test func utf8RangeAgreesWithFoundation() {
        let needles = ["", "a", "supply(", "abd", "ü", "store/apps", "zzz", "abcabdx", " ", "/src/"]
        func offsets(_ range: Range<String.Index>?, in text: String) -> [Int]? {
            range.map { [text.utf8.distance(from: text.startIndex, to: $0.lowerBound), text.utf8.distance(from: text.startIndex, to: $0.upperBound)] }
        }
        for text in Self.texts + ["app/src/main/x.kt", "ü/src/é"] {
            for needle in needles {
                #expect(offsets(text.utf8Range(of: needle), in: text) == offsets(text.range(of: needle), in: text),
                        "\(text.debugDescription) \(needle.debugDescription)")
                let tail = text.dropFirst(1)
                #expect(offsets(tail.utf8Range(of: needle), in: text) == offsets(tail.range(of: needle), in: text),
                        "Substring \(text.debugDescription) \(needle.debugDescription)")
            }
        }
    }

    @Test func aNeedleLongerThanTheTextOrEmptyIsNotContained() {
        #expect(!"ab".contains("abc"))
        #expect(!"ab".contains(""))
        #expect("xxabc".dropFirst(2).contains("abc"))
        #expect(!"xxabc".dropLast(1).contains("abc"))
    }

    @Test func trimmingAgreesWithNSString() {
        for text in Self.texts {
            for set in [CharacterSet.whitespaces, .whitespacesAndNewlines, CharacterSet(charactersIn: "\"' ")] {
                let foundation = (text as NSString).trimmingCharacters(in: set)
                #expect(text.trimmingCharacters(in: set) == foundation, "\(text.debugDescription)")
                #expect(text.dropFirst(0).trimmingCharacters(in: set) == foundation, "Substring \(text.debugDescription)")
            }
        }
    }
}

/// The privacy-link search by `memchr` (PrivacyURLDetector.urls) keeps each link's line and trimmed line.
@Suite("Privacy links are found with their lines")
struct PrivacyURLSearchTests {
    @Test func linksKeepTheirLinesAndSnippets() {
        let text = "https://a.example/privacy first\nno link: here\n  let url = \"https://b.example/x\"\n\tx https://c.example/privacy-policy y\nhttps:/ broken https://"
        let all = PrivacyURLDetector.urls(in: Array(text.utf8))
        #expect(all.map(\.url) == ["https://a.example/privacy", "https://b.example/x", "https://c.example/privacy-policy", "https://"])
        #expect(all.map(\.line) == [1, 3, 4, 5])
        #expect(all[1].snippet == "let url = \"https://b.example/x\"")
        let kept = PrivacyURLDetector.urls(in: Array(text.utf8), keeping: PrivacyURLDetector.isPolicyURL)
        #expect(kept.map(\.url) == ["https://a.example/privacy", "https://c.example/privacy-policy"])
        #expect(kept.map(\.line) == [1, 4])
        #expect(kept[1].snippet == "x https://c.example/privacy-policy y")
    }
}

/// The case-insensitive ASCII search the release-note readers use answers as `lowercased().contains`.
@Suite struct IgnoringASCIICaseTests {
    @Test func answersAsLowercasedContains() {
        let lines = ["uses: r0adkll/Upload-Google-Play@v1", "whatsNewDirectory: distribution/whatsnew", "", "ReleaseNotes",
                     "no marker here", "WHATSNE", "ÄwhatsnewÖ", "release-note"]
        for line in lines {
            for marker in ["whatsnew", "upload-google-play", "release-notes", "releasenotes"] {
                #expect(line.containsIgnoringASCIICase(marker) == line.lowercased().contains(marker), "\(line) / \(marker)")
            }
        }
        #expect(!"anything".containsIgnoringASCIICase(""))
    }

    /// Store detection's leading-whitespace trim on the bytes gives what trimming `Character`s that are whitespace gives:
    /// ASCII blanks, "\r\n", and non-ASCII whitespace or a combining mark after the blanks (read as characters then).
    @Test func leadingWhitespaceTrimAgreesWithCharacters() {
        func characters(_ text: Substring) -> Substring {
            var text = text
            while let first = text.first, first.isWhitespace { text.removeFirst() }
            return text
        }
        let lines = ["", "   ", "\t\tid 'com.android.application'", " \r\n x", "\u{0B}\u{0C}a", "\u{A0} x", "  \u{85}y",
                     " \u{301}x", "\u{2003}\u{2003}plugins", "  é", "x  ", "\r"]
        for line in lines {
            #expect(Substring(line).trimmingLeadingWhitespace() == characters(Substring(line)), "\(line.debugDescription)")
        }
    }
}
