import Foundation
import Project
import StoreLocale

/// Checks that reviewers can get past the login, without a committed password.
/// The demo password's value never goes into a result: not in `evidence`, not in `values`.
enum PolicyDemoAccountChecks {
    static var all: [CheckFunction] { [appStoreCredentials, committedPassword] }

    static let loginFacts = ["app.login_required", "account.creation", "account.creation.sign_up_form", "app.login.oauth", "app.login.password_field"]

    /// App Store review gets a demo user and password (metadata or shipcheck.yml references), or notes
    /// that explain a demo mode. With `CI` set in the injected environment, `env:NAME` references must
    /// resolve to non-empty variables (deliver would otherwise upload no credentials).
    static let appStoreCredentials = CheckFunction(
        name: "demo_account.appstore_credentials",
        summary: "An app with a login gives App Review demo credentials (review_information or shipcheck.yml env: references) or notes that explain a demo mode.",
        options: [OptionSpec("phrases", .table, required: true, decode: TextList.decoder, doc: "phrases in review notes that describe a demo mode")],
        subjects: .none, placeholders: ["problem", "signal"]
    ) { invocation in
        let context = invocation.context
        let project = context.project
        let trees = project.metadata.filter { $0.store == .appstore }
        let review = project.manifest?.review ?? Manifest.Review()
        let location = trees.first.map { SourceLocation(path: $0.path + "/review_information") }
            ?? PolicyInputs.signal(loginFacts, in: project)?.location ?? PolicyInputs.manifestLocation(project)

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

        let phrases = (invocation.decoded("phrases", as: TextList.self)?.values ?? []).map(NameMatcher.fold)
        let notes = trees.compactMap { $0.reviewInformation["notes"]?.text } + [review.notes].compactMap { $0 }
        if notes.contains(where: { note in
            let folded = NameMatcher.fold(note)
            return phrases.contains { folded.contains($0) }
        }) { return [] }

        let signal = PolicyInputs.signal(loginFacts, in: project)?.text ?? "a login"
        let what = hasUser ? "no demo password" : hasPassword ? "no demo user" : "no demo user or password"
        return [CheckResult(location: location, evidence: what,
                            values: ["signal": signal,
                                     "problem": "The app has a login (\(signal)) but App Review gets \(what) (review_information/demo_user.txt and demo_password.txt, or review.demo_user and review.demo_password in shipcheck.yml), and the review notes describe no demo mode"])]
    }

    /// A non-empty demo password file inside a committed metadata tree.
    static let committedPassword = CheckFunction(
        name: "demo_account.committed_password",
        summary: "No App Store metadata tree holds a non-empty review_information/demo_password.txt (or legacy review_demo_password.txt).",
        options: [], subjects: .none, placeholders: []
    ) { invocation in
        var results: [CheckResult] = []
        for tree in invocation.context.project.metadata where tree.store == .appstore {
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
