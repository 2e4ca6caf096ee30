import Foundation
import Testing
@testable import Rules

/// `RegexPrefilter` may only rule out a text the regular expression cannot match: every pattern against every text,
/// with ICU as the judge, including the characters that match ASCII letters case-insensitively (`K`, `ſ`, `ß`, `ﬁ`).
@Suite("Regex prefilter")
struct RegexPrefilterTests {
    static let patterns = ["terms of use|terms of service|EULA|stdeula", "purchase|subscri|in-app|\\bIAP\\b|premium|\\bpro\\b|tip jar",
                           "\\x{F8FF}", "^android\\.permission\\.health\\.", "health|workout|fitness|medical", "a\\&b|c\\-d"]
    static let texts = ["Read our Terms of Use.", "TERMS OF USE", "eula", "nothing here", "", "Ein ﬁtness-Tracker", "ﬁtness",
                        "Fitneß", "Ein Tracker für die Gesundheit", "Workout", "worKout", "\u{F8FF} Apple", "Apple",
                        "android.permission.health.READ_STEPS", "android.permission.HEALTH.READ", "ſubscribe", "in‑app (non-breaking hyphen)",
                        "Stdeula", "A&B", "c-d", "IAP", "IAPs", "pro", "prologue", "tip  jar", "Tip Jar"]

    @Test func ruledOutTextsNeverMatch() throws {
        var ruledOut = 0
        for pattern in Self.patterns {
            for caseInsensitive in [true, false] {
                let regex = try NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
                // A non-ASCII literal has no case-insensitive prefilter (ICU folds it); every other pattern here has one.
                guard let prefilter = RegexPrefilter(pattern: pattern, caseInsensitive: caseInsensitive) else {
                    #expect(caseInsensitive && pattern == "\\x{F8FF}", "\(pattern)")
                    continue
                }
                for text in Self.texts {
                    let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                    if !prefilter.mayMatch(text) {
                        #expect(!matches, "\(pattern) (case-insensitive: \(caseInsensitive)) ruled out \(text), which matches")
                        ruledOut += 1
                    }
                }
            }
        }
        // Not vacuous: most pairs are ruled out, and the folding characters are left to ICU (which matches them).
        #expect(ruledOut > 100)
        let fitness = try #require(RegexPrefilter(pattern: "fitness", caseInsensitive: true))
        #expect(fitness.mayMatch("ﬁtness"))
        #expect(!fitness.mayMatch("fit ness"))
    }

    @Test func anyOtherConstructGivesNoPrefilter() {
        for pattern in ["(^|:)ads$", "[\\p{Emoji_Presentation}\\x{FE0F}]", "\\A\\.{1,2}/\\S*\\.txt\\z", "a.b", "ab*", "a|", "|a",
                        "\\d+", "\\1", "x?", "\\x{110000}"] {
            #expect(RegexPrefilter(pattern: pattern, caseInsensitive: false) == nil, "\(pattern)")
        }
        #expect(RegexPrefilter(pattern: "café", caseInsensitive: true) == nil)
        #expect(RegexPrefilter(pattern: "café", caseInsensitive: false)?.mayMatch("un café") == true)
    }
}
