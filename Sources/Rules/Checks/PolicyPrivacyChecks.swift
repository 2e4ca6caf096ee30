import Foundation
import Project
import StoreLocale

/// Checks of the privacy policy links (`privacy-policy-url`, PolicyPrivacyURLs) and of the policy's text.
enum PolicyPrivacyChecks {
    static var all: [CheckFunction] { [PolicyPrivacyURLs.function, namesApp] }

    /// The local copy of the policy (`paths.privacy_policy`) names the app or the developer.
    static let namesApp = CheckFunction(
        name: "privacy_policy.names_app",
        summary: "The local copy of the privacy policy (paths.privacy_policy), or with --online the published one and each App Store localization's live one (--console), names the app (manifest, listing or console names) or the developer, case- and accent-insensitively.",
        options: [], subjects: .none, placeholders: ["problem"], reads: [.fact(.playPrivacyURL)]
    ) { invocation in
        let project = invocation.context.project
        let names = listingNames(project)
        // With --online and a console read: the live policy each App Store localization links to, whatever the
        // repository holds, since that page is what the listing shows.
        let live = invocation.context.online ? consoleNaming(project, names: names + consoleNames(project)) : []
        guard !names.isEmpty else { return live }
        guard let path = project.manifest?.paths.privacyPolicy, !isURL(path) else {
            // No local copy: only the published policy can tell, and only online.
            guard invocation.context.online else { return [] }
            let judged = Set(policyURLs(project, facts: invocation.facts).map(\.0))
            return onlineNaming(project, facts: invocation.facts, names: names) + live.filter { !judged.contains($0.evidence ?? "") }
        }
        guard let document = project.privacyPolicyDocument else { return live }
        let text: String
        do throws(PrivacyPolicyText.ReadError) {
            text = try PrivacyPolicyText.text(of: document)
        } catch {
            return [CheckResult(location: SourceLocation(path: path), evidence: error.message,
                                values: ["problem": "The privacy policy \(path) cannot be checked: \(error.message)"])]
        }
        guard NameMatcher.firstNamed(in: text, names: names) == nil else { return live }
        return [CheckResult(location: SourceLocation(path: path), evidence: names.joined(separator: ", "),
                            values: ["problem": "The privacy policy \(path) names neither the app nor its developer (looked for: \(names.joined(separator: ", ")))"])] + live
    }

    /// The names App Store Connect gives the app: the app record's and each App Information localization's.
    static func consoleNames(_ project: ProjectModel) -> [String] {
        guard let asc = project.console.snapshot?.appStoreConnect else { return [] }
        return [asc.app.name].compactMap { $0 } + (asc.appInfo?.localizations.compactMap(\.name) ?? [])
    }

    /// The App Store localizations' privacy policy URLs (`--console`), fetched with `--online` (OnlineStep), each
    /// distinct URL judged once at the first localization (by locale) that links to it. Google Play's URL is not
    /// readable through its API (docs/console.md), so only the repository's or a stated one is judged for Play.
    static func consoleNaming(_ project: ProjectModel, names: [String]) -> [CheckResult] {
        var seenNames = Set<String>()
        let names = names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty && seenNames.insert(NameMatcher.fold($0)).inserted }
        guard !names.isEmpty, let info = project.console.snapshot?.appStoreConnect?.appInfo else { return [] }
        var byURL: [String: [String]] = [:]
        var order: [String] = []
        for localization in info.localizations.sorted(by: { $0.locale < $1.locale }) {
            let url = (localization.privacyPolicyUrl ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !url.isEmpty else { continue }
            if byURL[url] == nil { order.append(url) }
            byURL[url, default: []].append(localization.locale)
        }
        return order.compactMap { url -> CheckResult? in
            guard let locales = byURL[url], let first = locales.first, case .page(let response) = project.webPages[url],
                  response.status == 200, response.contentType != "application/pdf" else { return nil }
            let format: PrivacyPolicyText.Format = response.contentType == "text/plain" ? .plain
                : response.contentType == "text/markdown" ? .markdown : .html
            guard NameMatcher.firstNamed(in: PrivacyPolicyText.extract(response.body, format: format), names: names) == nil else { return nil }
            // Reports escape control and bidi characters in messages; the URL is only bounded here.
            let shown = url.count > 200 ? String(url.prefix(200)) + "…" : url
            let where_ = locales.map(ConsoleLocation.sanitized).joined(separator: ", ")
            return CheckResult(location: ConsoleLocation.at(.appstore, first, "privacyPolicyUrl"), evidence: url,
                               values: ["problem": "The live privacy policy at \(shown) (App Store Connect's privacy policy URL for \(where_)) names neither the app nor its developer (looked for: \(names.joined(separator: ", ")))"])
        }
    }

    /// The names a policy may use for the app or its developer: the manifest's, then every listing's
    /// localized App Store `name` and Play `title`, without duplicates (compared folded).
    static func listingNames(_ project: ProjectModel) -> [String] {
        var names: [String] = [project.manifest?.appName, project.manifest?.developer].compactMap { $0 }
        for tree in project.metadata {
            let field = tree.store == .appstore ? "name" : "title"
            names += tree.locales.compactMap { $0.fields[field]?.text }
            if let value = tree.defaults?.fields[field]?.text { names.append(value) }
        }
        var seen = Set<String>()
        return names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { name in
            !name.isEmpty && seen.insert(NameMatcher.fold(name)).inserted
        }
    }

    /// Every distinct privacy policy URL the repository gives, with the first place it is written.
    static func policyURLs(_ project: ProjectModel, facts: CheckFacts) -> [(String, SourceLocation)] {
        PolicyPrivacyURLs.distinct(PolicyPrivacyURLs.sourcePlaces(project, facts: facts, stores: [])).map { ($0.text, $0.location) }
    }

    /// `paths.privacy_policy` may be a file in the project or the published URL.
    static func isURL(_ text: String) -> Bool {
        PrivacyPolicyText.isURL(text)
    }

    /// With `--online` and no local copy: fetch each known policy URL and look for the names in the page.
    /// Pages that cannot be fetched are `public-url`'s to report; this only judges pages it could read.
    static func onlineNaming(_ project: ProjectModel, facts: CheckFacts, names: [String]) -> [CheckResult] {
        var results: [CheckResult] = []
        for (text, location) in policyURLs(project, facts: facts) {
            guard isHTTPS(text) || text.lowercased().hasPrefix("http://"),
                  case .page(let response) = project.webPages[text], response.status == 200,
                  response.contentType != "application/pdf" else { continue }
            let format: PrivacyPolicyText.Format = response.contentType == "text/plain" ? .plain
                : response.contentType == "text/markdown" ? .markdown : .html
            let page = PrivacyPolicyText.extract(response.body, format: format)
            guard NameMatcher.firstNamed(in: page, names: names) == nil else { continue }
            results.append(CheckResult(location: location, evidence: text,
                                       values: ["problem": "The privacy policy at \(text) names neither the app nor its developer (looked for: \(names.joined(separator: ", ")))"]))
        }
        return results
    }

    static func isHTTPS(_ text: String) -> Bool {
        PolicyPrivacyURLs.isHTTPS(text)
    }
}
