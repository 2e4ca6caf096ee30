import Foundation
import Project
import StoreLocale

/// `demo-account`: the demo account App Review gets for an app with a login (the rule's `when:`), one policy per
/// `require:` judged on the input `from:` names.
/// - `credentials`, `from: source`: the App Store metadata deliver uploads (review_information/demo_user.txt and
///   demo_password.txt) or shipcheck.yml's `review:` references give a user and a password, or review notes explain
///   a demo mode (`phrases`); with `CI` set in the injected environment, `env:NAME` references must resolve to
///   non-empty variables (deliver would otherwise upload no credentials).
/// - `credentials`, `from: console`: App Store Connect's App Review Information (`--console`) gives a user name and a
///   password when it says sign-in is required, and for an app with a login (`login` facts) requires sign-in or
///   explains a demo mode in its notes.
/// - `uncommitted`: no App Store metadata tree holds a non-empty demo password file (`from: source` only: App Store
///   Connect is where the password belongs).
/// The demo password's value never goes into a result: not in `evidence`, not in `values`.
enum PolicyDemoAccountChecks {
    static var all: [CheckFunction] { [function] }

    static let function = CheckFunction(
        name: "demo-account",
        summary: "App Review gets demo credentials (a user and password, or notes that explain a demo mode) for an app with a login — from the repository's review information and shipcheck.yml references, or `from: console` App Store Connect's App Review Information — and (`require: uncommitted`) the demo password is not committed",
        options: [
            OptionSpec("require", .oneOf(["credentials", "uncommitted"]), required: true,
                       doc: "`credentials`: a demo user and password, or review notes that explain a demo mode; `uncommitted`: no committed demo password file"),
            OptionSpec("from", .oneOf(["source", "console"]),
                       doc: "`source` (default): review_information files and shipcheck.yml `review:`; `console`: App Store Connect's App Review Information (--console)"),
            OptionSpec("login", .stringList, requiredWhen: ("require", "credentials"), doc: "with `require: credentials`: facts that say the app has a login, the first true one named"),
            OptionSpec("phrases", .table, requiredWhen: ("require", "credentials"), decode: TextList.decoder,
                       doc: "with `require: credentials`: phrases of review notes that explain a demo mode"),
        ],
        subjects: .none, placeholders: ["problem", "signal", "login", "path"], reads: [.option("login")], run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let console = invocation.options.string("from") == "console"
        switch invocation.options.string("require") {
        case "credentials": return console ? consoleCredentials(invocation) : sourceCredentials(invocation)
        case "uncommitted": return console ? [] : committedPasswords(invocation.context.project)
        default: return []
        }
    }

    /// Whether any note explains a demo mode: a phrase of the table in it, compared folded (case, accents, width
    /// and runs of whitespace aside).
    static func explainsDemoMode(_ notes: [String], _ invocation: CheckInvocation) -> Bool {
        let phrases = (invocation.decoded("phrases", as: TextList.self)?.values ?? []).map(NameMatcher.fold)
        return notes.contains { note in
            let folded = NameMatcher.fold(note)
            return phrases.contains { folded.contains($0) }
        }
    }

    static func sourceCredentials(_ invocation: CheckInvocation) -> [CheckResult] {
        let context = invocation.context
        let project = context.project
        let loginFacts = invocation.factsNamed(byOption: "login")
        let trees = project.metadata.filter { $0.store == .appstore }
        let review = project.manifest?.review ?? Manifest.Review()
        let location = trees.first.map { SourceLocation(path: $0.path + "/review_information") }
            ?? PolicyInputs.signal(loginFacts, in: project, facts: invocation.facts)?.location ?? PolicyInputs.manifestLocation(project)

        func nonEmpty(_ key: String) -> Bool {
            trees.contains { !($0.reviewInformation[key]?.text.isEmpty ?? true) }
        }
        let hasUser = nonEmpty("demo_user") || review.demoUser != nil
        let hasPassword = nonEmpty("demo_password") || nonEmpty("review_demo_password") || review.demoPassword != nil

        if hasUser && hasPassword {
            guard !(context.environment["CI"] ?? "").isEmpty else { return [] }
            // In CI the references must resolve; the values themselves are never read into a result.
            let references = [("review.demo_user", review.demoUser), ("review.demo_password", review.demoPassword)]
            return references.compactMap { key, reference in
                guard let reference, reference.hasPrefix("env:") else { return nil }
                let name = String(reference.dropFirst("env:".count))
                guard (context.environment[name] ?? "").isEmpty else { return nil }
                return CheckResult(location: PolicyInputs.manifestLocation(project), evidence: reference,
                                   values: ["problem": "\(key) in shipcheck.yml refers to the environment variable \(name), which is not set in this CI run (CI is set), so deliver would upload no demo credentials"],
                                   severity: .error)
            }
        }

        // Nothing about review information in the repository: App Store Connect holds it, and the manual
        // item asks to confirm it there. Only a tree that deliver uploads review information from (or a
        // stated credential) says what App Review will get.
        let managesReviewInformation = trees.contains { !$0.reviewInformation.isEmpty } || review.demoUser != nil || review.demoPassword != nil
        guard managesReviewInformation else { return [] }
        let notes = trees.compactMap { $0.reviewInformation["notes"]?.text } + [review.notes].compactMap { $0 }
        if explainsDemoMode(notes, invocation) { return [] }

        let signal = PolicyInputs.signal(loginFacts, in: project, facts: invocation.facts)?.text ?? "a login"
        let what = hasUser ? "no demo password" : hasPassword ? "no demo user" : "no demo user or password"
        return [CheckResult(location: location, evidence: what,
                            values: ["signal": signal,
                                     "problem": "The app has a login (\(signal)) but App Review gets \(what) (review_information/demo_user.txt and demo_password.txt, or review.demo_user and review.demo_password in shipcheck.yml), and the review notes describe no demo mode"])]
    }

    /// App Review Information: a demo account said to be required without its name or password, or an app with a
    /// login whose review information neither requires one nor explains a demo mode in the notes.
    static func consoleCredentials(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let detail = invocation.context.project.console.snapshot?.appStoreConnect?.version?.reviewDetail else { return [] }
        let location = ConsoleLocation.at(.appstore, "App Review Information")
        let facts = invocation.facts
        let login = invocation.factsNamed(byOption: "login").compactMap { facts[$0] }.first { $0.value.isTruthy }
        let loginPlace = login?.evidence.first.map { "\($0.location)" } ?? login?.name ?? ""
        if detail.demoAccountRequired == true {
            var missing: [String] = []
            if (detail.demoAccountName ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { missing.append("user name") }
            if !detail.demoAccountPasswordPresent { missing.append("password") }
            guard !missing.isEmpty else { return [] }
            return [CheckResult(location: location, evidence: "demoAccountRequired: true",
                                values: ["problem": "App Review Information says sign-in is required but gives no demo account \(missing.joined(separator: " and "))",
                                         "login": loginPlace])]
        }
        guard login != nil else { return [] }
        if explainsDemoMode([detail.notes ?? ""], invocation) { return [] }
        return [CheckResult(location: location, evidence: "demoAccountRequired: \(detail.demoAccountRequired.map(String.init) ?? "not set")",
                            values: ["problem": "the app has a login (\(loginPlace)) but App Review Information does not require sign-in and its notes explain no demo mode",
                                     "login": loginPlace])]
    }

    /// A non-empty demo password file inside a committed metadata tree.
    static func committedPasswords(_ project: ProjectModel) -> [CheckResult] {
        var results: [CheckResult] = []
        for tree in project.metadata where tree.store == .appstore {
            for key in ["demo_password", "review_demo_password"] {
                guard let value = tree.reviewInformation[key], !value.text.isEmpty else { continue }
                // Evidence is the file's path: the fingerprint stays stable and the secret stays out.
                results.append(CheckResult(location: SourceLocation(path: value.location.path), evidence: value.location.path,
                                           values: ["path": value.location.path]))
            }
        }
        return results
    }
}
