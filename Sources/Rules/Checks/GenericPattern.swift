import Foundation
import Project

/// `pattern`: a value must match `match`, and/or must not contain `must_not_match` (each occurrence is
/// reported at its line and column). Patterns are ICU regular expressions (NSRegularExpression).
/// A pattern that does not compile yields one result at the rule itself, so the mistake is visible.
enum GenericPattern {
    static let function = CheckFunction(
        name: "pattern", summary: "A value matches (match) or does not contain (must_not_match) a regular expression",
        options: [
            OptionSpec("match", .string, doc: "The whole value must match this expression"),
            OptionSpec("must_not_match", .string, doc: "No part of the value may match this expression"),
            OptionSpec("ignore_case", .bool, doc: "Match case-insensitively"),
            OptionSpec("one_per_file", .bool, doc: "One result per file, at its first match, each value that differs listing every match's (a manifest's 27 Health Connect permissions are one finding)"),
        ],
        subjects: .required, run: { invocation in
            let results = run(invocation)
            return invocation.options.bool("one_per_file") == true ? onePerFile(results) : results
        })

    /// The results of one file as one: the first's place, each value that differs joined with ", " in order.
    static func onePerFile(_ results: [CheckResult]) -> [CheckResult] {
        var order: [String] = []
        var byFile: [String: [CheckResult]] = [:]
        for result in results {
            if byFile[result.location.path] == nil { order.append(result.location.path) }
            byFile[result.location.path, default: []].append(result)
        }
        return order.compactMap { path -> CheckResult? in
            guard let group = byFile[path], let first = group.first else { return nil }
            guard group.count > 1 else { return first }
            var values = first.values
            for key in first.values.keys {
                var seen: [String] = []
                for result in group { if let value = result.values[key], !seen.contains(value) { seen.append(value) } }
                if seen.count > 1 { values[key] = seen.joined(separator: ", ") }
            }
            values["count"] = String(group.count)
            let evidence = group.compactMap(\.evidence)
            return CheckResult(location: first.location, evidence: evidence.prefix(8).joined(separator: ", ") + (evidence.count > 8 ? ", …" : ""),
                               values: values, severity: first.severity, message: first.message)
        }
    }

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let options: NSRegularExpression.Options = invocation.options.bool("ignore_case") == true ? [.caseInsensitive] : []
        var results: [CheckResult] = []
        let subjects = invocation.subjects
        if let pattern = invocation.options.string("match") {
            guard let regex = compile("^(?:\(pattern))$", options, invocation, &results) else { return results }
            for subject in subjects {
                let outcome = BoundedRegex.matches(regex, in: subject.value, range: whole(subject.value), limit: 1)
                if outcome.timedOut { return results + [tooSlow(pattern, subject, invocation)] }
                if outcome.matches.isEmpty {
                    results.append(GenericSubjects.result(subject, values: ["problem": "does not match \(pattern)"]))
                }
            }
        }
        if let pattern = invocation.options.string("must_not_match") {
            guard let regex = compile(pattern, options, invocation, &results) else { return results }
            let prefilter = RegexPrefilter(pattern: pattern, caseInsensitive: options.contains(.caseInsensitive))
            for subject in subjects where prefilter?.mayMatch(subject.value) != false {
                let outcome = BoundedRegex.matches(regex, in: subject.value, range: whole(subject.value))
                if outcome.timedOut { return results + [tooSlow(pattern, subject, invocation)] }
                for match in outcome.matches {
                    // A match inside a grapheme cluster (U+FE0F of "❤️") is widened to the whole cluster.
                    let widened = (subject.value as NSString).rangeOfComposedCharacterSequences(for: match.range)
                    guard let range = Range(widened, in: subject.value) else { continue }
                    let found = String(subject.value[range])
                    results.append(GenericSubjects.result(
                        subject, at: TextPosition.location(of: range, in: subject.value, base: subject.location),
                        evidence: found, values: ["match": found, "codepoints": codepoints(found)]))
                }
            }
        }
        return results
    }

    static func compile(_ pattern: String, _ options: NSRegularExpression.Options, _ invocation: CheckInvocation,
                        _ results: inout [CheckResult]) -> NSRegularExpression? {
        do {
            return try NSRegularExpression(pattern: pattern, options: options)
        } catch {
            let rule = invocation.rule
            results.append(CheckResult(location: SourceLocation(path: rule.file, line: rule.mark.line, column: rule.mark.column),
                                       evidence: pattern, values: ["problem": "invalid regular expression \(pattern)"], severity: .error,
                                       message: "\(rule.id): the regular expression \(pattern) does not compile, so the rule checks nothing; fix it"))
            return nil
        }
    }

    /// A pattern that ran past the time bound: reported at the rule, naming the file it was searching.
    static func tooSlow(_ pattern: String, _ subject: Subject, _ invocation: CheckInvocation) -> CheckResult {
        let rule = invocation.rule
        let problem = "the regular expression \(pattern) ran longer than \(Int(BoundedRegex.timeLimit)) s on \(subject.location.path) and was stopped; "
            + "nested repetition such as (.*a){25} backtracks without end, simplify it"
        return CheckResult(location: SourceLocation(path: rule.file, line: rule.mark.line, column: rule.mark.column), evidence: pattern,
                           values: ["problem": problem], severity: .error, message: "\(rule.id): \(problem)")
    }

    static func whole(_ text: String) -> NSRange { NSRange(text.startIndex..., in: text) }

    /// `U+F8FF`-style names, so an invisible or look-alike character can be identified in a message.
    static func codepoints(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
