import Foundation
import Project

/// `url`: an absolute http(s) URL, well-formed, at most `max_length` characters when given; with `--online` it must
/// also answer HTTP 200 (each distinct URL is fetched once). Empty values are left to `present`.
enum GenericURL {
    static let function = CheckFunction(
        name: "url", summary: "An absolute, well-formed http(s) URL within a length limit",
        options: [
            OptionSpec("max_length", .int, doc: "Longest allowed URL in characters; no limit when not given"),
            OptionSpec("https_only", .bool, doc: "Require https"),
            OptionSpec("http_severity", .oneOf(["info", "warning", "error"]),
                       doc: "The grade of an http: URL under https_only when the store's own validation is not known to refuse it (default: the rule's severity)"),
        ],
        subjects: .required, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let maxLength = invocation.options.int("max_length") ?? Int.max
        let httpsOnly = invocation.options.bool("https_only") ?? false
        let httpSeverity = invocation.options.string("http_severity").flatMap(Severity.init(rawValue:))
        let pages = invocation.context.project.webPages
        return invocation.subjects.compactMap { subject in
            let text = subject.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            var found = problem(text, maxLength: maxLength, httpsOnly: httpsOnly)
            var offline = false
            if found == nil, invocation.context.online {
                found = reachability(pages[text])
                if case .offline? = pages[text] { offline = true }
            }
            guard let found else { return nil }
            // Offline, the URL was not judged: a note that says so, never an error (docs/severity.md). An http: URL
            // the store accepts as a valid URL is graded by `http_severity` (a risk, not an upload refusal).
            let insecure = found == Self.insecureProblem
            return GenericSubjects.result(subject, evidence: TextPosition.snippet(text), values: ["problem": found],
                                          severity: offline ? .info : (insecure ? httpSeverity : nil))
        }
    }

    /// Why a well-formed URL does not work when fetched, or nil when it answers 200.
    static func reachability(_ answer: WebFetch?) -> String? {
        switch answer {
        case nil: return "was not fetched"
        case .failure(let message): return "could not be fetched (\(message))"
        case .hostNotFound(let message): return "could not be fetched: its host name does not resolve (\(message))"
        case .offline(let message): return "could not be checked online: \(message); run again with a network"
        case .page(let page) where page.status != 200: return "answered HTTP \(page.status) instead of 200"
        case .page: return nil
        }
    }

    static let insecureProblem = "uses http: instead of https:"

    /// Why `text` is not an acceptable store URL, or nil.
    static func problem(_ text: String, maxLength: Int, httpsOnly: Bool) -> String? {
        if text.contains(where: { $0.isWhitespace }) { return "contains whitespace (one URL per field, no spaces)" }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return "is not a well-formed absolute URL"
        }
        guard scheme == "http" || scheme == "https" else { return "uses \(scheme): instead of http(s)" }
        if httpsOnly, scheme != "https" { return insecureProblem }
        guard let host = components.host, !host.isEmpty, host.contains(".") || host == "localhost" else {
            return "has no host name"
        }
        if text.utf16.count > maxLength { return "is \(text.utf16.count) characters, over the limit of \(maxLength)" }
        return nil
    }
}
