import Foundation
import Project

/// `year`: a value names a year (19xx/20xx) and no year after today's (`context.today`), as precheck's
/// copyright-date rule does.
enum GenericYear {
    static let function = CheckFunction(
        name: "year", summary: "A value names a year, and none in the future",
        options: [
            OptionSpec("allow_future", .bool, doc: "Do not flag years after today's"),
        ],
        subjects: .required, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let thisYear = Int(invocation.context.today.prefix(4)) else { return [] }
        let allowFuture = invocation.options.bool("allow_future") ?? false
        guard let regex = try? NSRegularExpression(pattern: "(?<![0-9])(?:19|20)[0-9]{2}(?![0-9])") else { return [] }
        return invocation.subjects.compactMap { subject in
            let text = subject.value
            let years = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range, in: text).map { (Int(text[$0]) ?? 0, $0) }
            }
            guard let latest = years.max(by: { $0.0 < $1.0 }) else {
                return GenericSubjects.result(subject, values: ["problem": "names no year", "year": "", "this_year": String(thisYear)])
            }
            guard !allowFuture, latest.0 > thisYear else { return nil }
            return GenericSubjects.result(
                subject, at: TextPosition.location(of: latest.1, in: text, base: subject.location), evidence: String(latest.0),
                values: ["problem": "names \(latest.0), a year in the future", "year": String(latest.0), "this_year": String(thisYear)])
        }
    }
}
