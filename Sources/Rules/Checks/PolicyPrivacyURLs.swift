import Foundation
import Project
import StoreLocale

/// `privacy-policy-url`: the privacy policy URLs the rule's stores show, held to one requirement (`require:`).
/// Which URLs: `from: source` (the default) those the repository gives — App Store `privacy_url.txt` per locale
/// (`default/` first), the Play Console URL a team states (`play.privacy_url`; supply has no file for it) and
/// `paths.privacy_policy` when it is the published URL — or `from: console`, App Store Connect's App Information
/// localizations read with `--console` (Google Play's URL is not readable through its API, docs/console.md).
/// - `set`: every place that holds one has one; a blank console localization that the repository's
///   privacy_url.txt fills at the next deliver run is a note.
/// - `https`: each distinct URL is absolute https.
/// - `public`: each distinct http(s) URL is no placeholder or local host (`hosts`) and no PDF; with `--online` it
///   answers HTTP 200 and is not served as a PDF.
/// Values: `url`, `problem`, `name` (how the message names the URL's place) and, for a console one, `locale`.
enum PolicyPrivacyURLs {
    static let function = CheckFunction(
        name: "privacy-policy-url",
        summary: "The privacy policy URLs of the rule's stores — the repository's (privacy_url.txt, play.privacy_url, paths.privacy_policy) or, `from: console`, App Store Connect's per localization — are set, https, or public (no placeholder or local host, not a PDF; with --online HTTP 200 and not served as PDF), as `require:` says",
        options: [
            OptionSpec("require", .oneOf(["set", "https", "public"]), required: true,
                       doc: "`set`: every localization has one; `https`: each is absolute https; `public`: no placeholder or local host, not a PDF, and with --online HTTP 200 and not served as PDF"),
            OptionSpec("from", .oneOf(["source", "console"]),
                       doc: "`source` (default): privacy_url.txt, play.privacy_url and paths.privacy_policy; `console`: App Store Connect's App Information localizations (--console)"),
            OptionSpec("hosts", .table, requiredWhen: ("require", "public"), decode: NamedTextLists.decoder,
                       doc: "with `require: public`: placeholder and local hosts, { hosts: [...], suffixes: [...], prefixes: [...] }"),
        ],
        subjects: .none, placeholders: ["url", "problem", "name", "locale"],
        // The fact a team states for the Play Console privacy policy URL (supply has no file for it).
        reads: [.fact(.playPrivacyURL)], run: run)

    /// One place a privacy policy URL is written (or, for `set`, left blank).
    struct Place {
        let text: String
        let location: SourceLocation
        /// How a message names it: "The Play privacy policy URL (play.privacy_url)".
        let name: String
        let evidence: String?
        var locale: String?
        /// A console localization's blank URL that the repository's privacy_url.txt fills at the next deliver run.
        var filledBy: String?
    }

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let stores = invocation.rule.stores
        let places = invocation.options.string("from") == "console"
            ? consolePlaces(invocation.context.project, stores: stores)
            : sourcePlaces(invocation.context.project, facts: invocation.facts, stores: stores)
        switch invocation.options.string("require") {
        case "set": return places.filter { $0.text.allSatisfy(\.isWhitespace) }.map(blank)
        case "https": return distinct(places).compactMap(notHTTPS)
        case "public": return publicProblems(distinct(places), invocation)
        default: return []
        }
    }

    /// The places the repository writes a URL for `stores` (all when empty): App Store privacy_url.txt files,
    /// then the stated Play URL, then `paths.privacy_policy` as a URL (the published policy, for either store).
    static func sourcePlaces(_ project: ProjectModel, facts: CheckFacts, stores: Set<Store>) -> [Place] {
        var places: [Place] = []
        if stores.isEmpty || stores.contains(.appstore) {
            for tree in project.metadata where tree.store == .appstore {
                for locale in (tree.defaults.map { [$0] } ?? []) + tree.locales {
                    guard let value = locale.fields["privacy_url"] else { continue }
                    places.append(Place(text: value.text, location: value.location,
                                        name: "The App Store privacy policy URL in \(value.location.path)", evidence: value.text))
                }
            }
        }
        if stores.isEmpty || stores.contains(.play), let fact = facts[.playPrivacyURL] {
            // A value that is not text (a number, a list) is written out as it reads, so `https` can say what it is.
            places.append(Place(text: fact.value.description, location: fact.evidence.first?.location ?? PolicyInputs.manifestLocation(project),
                                name: "The Play privacy policy URL (\(FactName.playPrivacyURL))", evidence: fact.value.description))
        }
        if let stated = project.manifest?.paths.privacyPolicy, PrivacyPolicyText.isURL(stated) {
            places.append(Place(text: stated, location: PolicyInputs.manifestLocation(project),
                                name: "The privacy policy URL in shipcheck.yml (paths.privacy_policy)", evidence: stated))
        }
        return places
    }

    /// App Store Connect's App Information localizations (by locale), for a rule of the App Store.
    static func consolePlaces(_ project: ProjectModel, stores: Set<Store>) -> [Place] {
        guard stores.isEmpty || stores.contains(.appstore), let info = project.console.snapshot?.appStoreConnect?.appInfo else { return [] }
        return info.localizations.sorted { $0.locale < $1.locale }.map { localization in
            let locale = ConsoleLocation.sanitized(localization.locale)
            let filled = ConsoleListingTexts.repositoryValue(project, store: .appstore, locale: localization.locale, field: "privacy_url")
            return Place(text: localization.privacyPolicyUrl ?? "", location: ConsoleLocation.at(.appstore, localization.locale, "privacyPolicyUrl"),
                         name: "App Store Connect's privacy policy URL for \(locale)", evidence: nil, locale: locale,
                         filledBy: filled?.location.path)
        }
    }

    /// Each URL once, at the first place it is written; blank places left out.
    static func distinct(_ places: [Place]) -> [Place] {
        var seen = Set<String>()
        return places.filter { !$0.text.isEmpty && seen.insert($0.text).inserted }
    }

    static func values(_ place: Place, _ problem: String) -> [String: String] {
        var values = ["url": place.text, "problem": problem, "name": place.name]
        if let locale = place.locale { values["locale"] = locale }
        return values
    }

    static func blank(_ place: Place) -> CheckResult {
        CheckResult(location: place.location, evidence: place.evidence, values: values(place, "is empty"),
                    severity: place.filledBy == nil ? nil : .info,
                    condition: place.filledBy.map { .replacedAtNextUpload(uploader: "deliver", file: $0) })
    }

    static func notHTTPS(_ place: Place) -> CheckResult? {
        guard !isHTTPS(place.text) else { return nil }
        return CheckResult(location: place.location, evidence: place.evidence,
                           values: values(place, "is \"\(place.text)\", not an absolute https:// URL"))
    }

    static func publicProblems(_ places: [Place], _ invocation: CheckInvocation) -> [CheckResult] {
        // Validated at load (`decode:`); read from the run's tables, which a host (and the online test) may replace.
        let table = invocation.table("hosts").flatMap { try? NamedTextLists.decoder($0).get().value as? NamedTextLists } ?? NamedTextLists(lists: [:])
        let hosts = Set(table["hosts"].map { $0.lowercased() })
        let suffixes = table["suffixes"].map { $0.lowercased() }
        let prefixes = table["prefixes"].map { $0.lowercased() }
        let pages = invocation.context.project.webPages
        var results: [CheckResult] = []
        for place in places {
            let text = place.text
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let host = url.host?.lowercased() else { continue }
            func report(_ problem: String, severity: Severity? = nil) {
                results.append(CheckResult(location: place.location, evidence: text, values: values(place, problem), severity: severity))
            }
            if hosts.contains(host) || suffixes.contains(where: host.hasSuffix) || prefixes.contains(where: host.hasPrefix) {
                report("points to \(host), a placeholder or local address that store users cannot open")
                continue
            }
            if url.pathExtension.lowercased() == "pdf" {
                report("is a PDF file; Google Play does not accept a PDF as the privacy policy")
                continue
            }
            guard invocation.context.online else { continue }
            switch pages[text] {
            case nil:
                report("was not fetched")
            case .failure(let message):
                report("could not be fetched (\(message))")
            case .hostNotFound(let message):
                report("could not be fetched: its host name does not resolve (\(message))")
            case .offline(let message):
                // Not judged: a note, never an error (docs/severity.md).
                report("could not be checked online: \(message); run again with a network", severity: .info)
            case .page(let page) where page.status != 200:
                report("answered HTTP \(page.status) instead of 200")
            case .page(let page) where page.contentType == "application/pdf":
                report("is served as a PDF (Content-Type application/pdf); Google Play does not accept a PDF as the privacy policy")
            case .page:
                break
            }
        }
        return results
    }

    static func isHTTPS(_ text: String) -> Bool {
        guard let url = URL(string: text), url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else { return false }
        return !text.contains(where: \.isWhitespace)
    }
}
