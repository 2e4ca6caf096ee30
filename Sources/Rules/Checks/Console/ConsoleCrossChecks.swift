import Foundation
import Project

/// What a console says held against what ships: the App Store version and build against the archive, and the
/// release notes Play shows for the versionCode that ships against the repository's changelog for it.
enum ConsoleCrossChecks {
    /// App Store Connect's version in flight (`versionString`) and its attached build (`version`) against the
    /// app of the iOS archive given with --archive (`CFBundleShortVersionString`, `CFBundleVersion`). A version
    /// string that differs: the archive is not a build of the version in flight (the rule's grade). A build
    /// number that differs: App Review sees the attached build, not this one (a note).
    static let appStoreVersion = CheckFunction(
        name: "console.appstore_version",
        summary: "App Store Connect's version in flight and its attached build match the --archive app's CFBundleShortVersionString and CFBundleVersion",
        options: [],
        subjects: .none,
        placeholders: ["field", "console_value", "archive_key", "archive_value", "archive", "consequence"]
    ) { invocation in
        let project = invocation.context.project
        guard let version = project.console.snapshot?.appStoreConnect?.version,
              let archive = project.archives.first(where: \.isApple),
              let app = archive.app else { return [] }
        let plist = archive.plist(of: app)
        var results: [CheckResult] = []
        let place = "version \(version.versionString ?? version.id)"
        if let live = version.versionString, let built = plist?.string("CFBundleShortVersionString"), live != built {
            results.append(CheckResult(
                location: ConsoleLocation.at(.appstore, place, "versionString"), evidence: "CFBundleShortVersionString \(built)",
                values: ["field": "version string", "console_value": ConsoleLocation.sanitized(live), "archive_key": "CFBundleShortVersionString",
                         "archive_value": built, "archive": (archive.name as NSString).lastPathComponent,
                         "consequence": "this archive is not a build of the version in flight, so it cannot be the build submitted with it"]))
        }
        if let attached = version.build?.version, let built = plist?.string("CFBundleVersion"), attached != built {
            results.append(CheckResult(
                location: ConsoleLocation.at(.appstore, place, "build"), evidence: "CFBundleVersion \(built)",
                values: ["field": "attached build", "console_value": ConsoleLocation.sanitized(attached), "archive_key": "CFBundleVersion",
                         "archive_value": built, "archive": (archive.name as NSString).lastPathComponent,
                         "consequence": "App Review gets the attached build, not this archive, unless it is uploaded and attached instead"],
                severity: .info))
        }
        return results
    }

    /// The release notes of each Play release that holds the versionCode that ships, per language, against the
    /// changelog the repository ships for it (`changelogs/<versionCode>.txt`, else `default.txt`: supply's
    /// choice). The versionCode is on a track already, so the repository's note is not what Play shows.
    static let playReleaseNotes = CheckFunction(
        name: "console.play_release_notes",
        summary: "The release notes of the Play release holding the versionCode that ships match the repository's changelog for it, per language",
        options: [OptionSpec("version_code", .string, required: true, doc: "the fact holding the versionCode that ships")],
        subjects: .none,
        placeholders: ["version_code", "track", "locale", "problem", "file"],
        reads: [.option("version_code")]
    ) { invocation in
        let project = invocation.context.project
        guard let play = project.console.snapshot?.googlePlay, let name = invocation.factNamed(byOption: "version_code"),
              let fact = invocation.facts[name], case .number(let number) = fact.value,
              number >= 0, number < 1e15, number == number.rounded() else { return [] }
        let code = String(Int(number))
        let releases = play.tracks.flatMap { track in
            track.releases.filter { $0.versionCodes.contains(code) }.map { (track: track.track, release: $0) }
        }
        guard !releases.isEmpty else { return [] }
        var results: [CheckResult] = []
        for tree in project.metadata where tree.store.rawValue == ConsoleStore.play.rawValue {
            let notes = tree.shippingChangelogs(versionCode: code)
            for (track, release) in releases.sorted(by: { $0.track < $1.track }) {
                for locale in notes.keys.sorted() {
                    guard let (_, note) = notes[locale] else { continue }
                    let live = release.releaseNotes.first { $0.language == locale }
                        ?? release.releaseNotes.first { $0.language.lowercased() == locale.lowercased() }
                    let problem: String
                    if let live {
                        guard Self.normalized(live.text) != Self.normalized(note.text) else { continue }
                        problem = "differ from"
                    } else {
                        problem = "have no text for this language, unlike"
                    }
                    results.append(CheckResult(
                        location: ConsoleLocation.at(.play, ConsoleLocation.sanitized(track), locale, "releaseNotes"),
                        evidence: note.location.path,
                        values: ["version_code": code, "track": ConsoleLocation.sanitized(track), "locale": ConsoleLocation.sanitized(locale),
                                 "problem": problem, "file": note.location.path]))
                }
            }
        }
        return results
    }

    /// In-app purchases and subscriptions in App Store Connect in a state App Review cannot take as it is
    /// (`states`: data), for an app that sells through StoreKit (the rule's `when:`).
    static let purchases = CheckFunction(
        name: "console.appstore_purchases",
        summary: "No in-app purchase or subscription of the app in App Store Connect is in a state App Review cannot take (MISSING_METADATA, DEVELOPER_ACTION_NEEDED, REJECTED)",
        options: [OptionSpec("states", .stringList, required: true, doc: "product states that need the developer's action before review")],
        subjects: .none,
        placeholders: ["product", "kind", "state"]
    ) { invocation in
        guard let purchases = invocation.context.project.console.snapshot?.appStoreConnect?.purchases,
              let states = invocation.options.strings("states") else { return [] }
        return purchases.filter { states.contains($0.state ?? "") }.sorted { $0.productId < $1.productId }.map { purchase in
            let subscription = purchase.type == "SUBSCRIPTION"
            let state = ConsoleLocation.sanitized(purchase.state ?? "")
            return CheckResult(
                location: ConsoleLocation.at(.appstore, subscription ? "Subscriptions" : "In-App Purchases", purchase.productId),
                evidence: "state: \(state)",
                values: ["product": ConsoleLocation.sanitized(purchase.productId), "kind": subscription ? "subscription" : "in-app purchase",
                         "state": state])
        }
    }

    /// Line ends and surrounding blanks aside: Play keeps the text as sent, supply sends the file trimmed.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
