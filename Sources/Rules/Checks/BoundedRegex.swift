import Foundation

/// Regular-expression matching with bounds, for patterns that come from checklists: a pattern such as
/// `(.*a){25}b` backtracks for minutes, and a 20,000-emoji text would otherwise give 20,000 findings.
enum BoundedRegex {
    /// Results per subject (field): the first few show the problem; more only bury the report.
    static let maxMatches = 20
    /// The longest one search may run before the pattern is reported as too slow.
    static let timeLimit: TimeInterval = 1

    struct Outcome {
        var matches: [NSTextCheckingResult] = []
        /// The search ran past `timeLimit` and was stopped; `matches` holds what was found before.
        var timedOut = false
    }

    /// Up to `limit` matches of `regex` in `text`, stopped after `timeLimit`.
    static func matches(_ regex: NSRegularExpression, in text: String, range: NSRange, limit: Int = maxMatches) -> Outcome {
        var outcome = Outcome()
        let start = Date()
        // `.reportProgress` calls the block during a long search too, so a runaway pattern can be stopped.
        regex.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, _, stop in
            if let match {
                outcome.matches.append(match)
                if outcome.matches.count >= limit { stop.pointee = true }
            }
            if Date().timeIntervalSince(start) > timeLimit {
                outcome.timedOut = true
                stop.pointee = true
            }
        }
        return outcome
    }
}
