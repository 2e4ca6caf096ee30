import Foundation
import Testing
@testable import Rules

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct RegexBoundsTests {
    @Test func aBacktrackingPatternIsStoppedAndReported() throws {
        let regex = try NSRegularExpression(pattern: "(.*a){25}b")
        let text = String(repeating: "a", count: 40)
        let outcome = BoundedRegex.matches(regex, in: text, range: NSRange(location: 0, length: 40))
        #expect(outcome.timedOut)
    }

    @Test func matchesAreCappedPerField() throws {
        let regex = try NSRegularExpression(pattern: "\\p{Emoji_Presentation}")
        let text = String(repeating: "😀", count: 20_000)
        let outcome = BoundedRegex.matches(regex, in: text, range: NSRange(text.startIndex..., in: text))
        #expect(outcome.matches.count == BoundedRegex.maxMatches)
        #expect(!outcome.timedOut)
    }
}
