import Foundation
import StoreLocale

/// One live listing text a console holds, named the way the repository's metadata names it, so that the same
/// metadata rules judge it (`Selector` adds these as subjects of `*.locales.*.<field>` and `changelogs`):
/// `App Store Connect › fr-FR › description` is the `description` of locale `fr-FR`.
public struct ConsoleListingText: Sendable, Equatable {
    public let store: ConsoleStore
    public let locale: String
    /// The fastlane metadata field (`description`, `release_notes`, `short_description`, `changelogs`).
    public let field: String
    /// The API's attribute (`description`, `whatsNew`, `shortDescription`, `releaseNotes`).
    public let attribute: String
    public let value: String
    /// Where it is shown: a console place, never a file.
    public let location: SourceLocation
    /// Release notes only: the release they belong to (`the production release (versionCode 12)`) and its codes.
    public let release: String?
    public let versionCodes: [String]
    /// The repository's text that the next deliver/supply run sends in its place; nil when the repository does
    /// not hold the field for that locale, so the live text is what ships.
    public let replacedBy: MetadataValue?

    /// `deliver` or `supply`: the fastlane action that replaces the text.
    public var uploader: String { store == .appstore ? "deliver" : "supply" }
}

/// The live texts of a console snapshot, each paired with the repository's value that replaces it. A text equal
/// to the repository's is left out: the repository's file is judged, once, where it can be fixed.
public enum ConsoleListingTexts {
    /// API attribute → fastlane field, as deliver (`UploadMetadata::LOCALISED_VERSION_VALUES`,
    /// `LOCALISED_APP_VALUES`) and supply (`title`, `short_description`, `full_description`, `changelogs`) map them.
    /// How the reader names what it read, not a limit or a policy: code, like the readers' attribute names.
    static let appStoreInfoFields = [("name", "name"), ("subtitle", "subtitle"), ("privacyPolicyUrl", "privacy_url")]
    static let appStoreVersionFields = [("description", "description"), ("keywords", "keywords"), ("whatsNew", "release_notes"),
                                        ("promotionalText", "promotional_text"), ("supportUrl", "support_url"),
                                        ("marketingUrl", "marketing_url")]
    static let playListingFields = [("title", "title"), ("shortDescription", "short_description"), ("fullDescription", "full_description")]

    public static func all(in project: ProjectModel) -> [ConsoleListingText] {
        guard let snapshot = project.console.snapshot else { return [] }
        var texts: [ConsoleListingText] = []
        var seen = Set<String>()
        func add(_ store: ConsoleStore, _ locale: String, _ attribute: String, _ field: String, _ value: String?,
                 location: SourceLocation, release: String? = nil, codes: [String] = []) {
            guard let value, !value.allSatisfy(\.isWhitespace), seen.insert(location.path).inserted else { return }
            let replacing = repositoryValue(project, store: store, locale: locale, field: field)
            if let replacing, normalized(replacing.text) == normalized(value) { return }
            texts.append(ConsoleListingText(store: store, locale: locale, field: field, attribute: attribute, value: value,
                                            location: location, release: release, versionCodes: codes, replacedBy: replacing))
        }
        if let asc = snapshot.appStoreConnect {
            for localization in asc.appInfo?.localizations ?? [] {
                let values = [localization.name, localization.subtitle, localization.privacyPolicyUrl]
                for ((attribute, field), value) in zip(appStoreInfoFields, values) {
                    add(.appstore, localization.locale, attribute, field, value, location: ConsoleLocation.at(.appstore, localization.locale, attribute))
                }
            }
            for localization in asc.version?.localizations ?? [] {
                let values = [localization.description, localization.keywords, localization.whatsNew, localization.promotionalText,
                              localization.supportUrl, localization.marketingUrl]
                for ((attribute, field), value) in zip(appStoreVersionFields, values) {
                    add(.appstore, localization.locale, attribute, field, value, location: ConsoleLocation.at(.appstore, localization.locale, attribute))
                }
            }
        }
        if let play = snapshot.googlePlay {
            for listing in play.listings {
                let values = [listing.title, listing.shortDescription, listing.fullDescription]
                for ((attribute, field), value) in zip(playListingFields, values) {
                    add(.play, listing.language, attribute, field, value, location: ConsoleLocation.at(.play, listing.language, attribute))
                }
            }
            for track in play.tracks {
                for release in track.releases {
                    let codes = release.versionCodes.joined(separator: ", ")
                    let name = "the \(ConsoleLocation.sanitized(track.track)) release" + (codes.isEmpty ? "" : " (versionCode \(codes))")
                    for note in release.releaseNotes {
                        // One release per track is the usual case; a second one is told apart by its versionCodes.
                        let place = track.releases.count > 1 && !codes.isEmpty
                            ? ConsoleLocation.at(.play, track.track, "versionCode \(codes)", note.language, "releaseNotes")
                            : ConsoleLocation.at(.play, track.track, note.language, "releaseNotes")
                        add(.play, note.language, "releaseNotes", "changelogs", note.text, location: place, release: name, codes: release.versionCodes)
                    }
                }
            }
        }
        return texts
    }

    /// The repository's text for `field` of `locale` that the store's upload sends (a `default/` value counts for
    /// a locale folder, as deliver applies it; the release note that ships for Play), or nil. Trees another store
    /// reads (an F-Droid-only folder) and fields the uploader skips hold nothing for this store.
    public static func repositoryValue(_ project: ProjectModel, store: ConsoleStore, locale: String, field: String) -> MetadataValue? {
        guard let target = Store(rawValue: store.rawValue) else { return nil }
        for tree in project.metadata where tree.store == target && tree.uploads(field: field, to: target) {
            guard tree.judgingStore(among: [target], field: field == "changelogs" ? "changelogs" : nil) != nil else { continue }
            if field == "changelogs" {
                let notes = tree.shippingChangelogs(versionCode: MetadataReleaseNotes.versionCode(project.facts))
                if let key = notes.keys.first(where: { sameLocale($0, locale) }), let note = notes[key]?.value { return note }
                continue
            }
            guard let folder = tree.locales.first(where: { $0.code == locale }) ?? tree.locales.first(where: { sameLocale($0.code, locale) }),
                  let value = folder.fields[field], !value.text.allSatisfy(\.isWhitespace) else { continue }
            return value
        }
        return nil
    }

    /// The app's name for the locale of the live keywords at `path` (a console place): App Store Connect's name for
    /// that locale, else the repository's, else the app's; nil when `path` is not live keywords.
    public static func appName(forKeywordsAt path: String, in project: ProjectModel) -> String? {
        guard ConsoleLocation.isConsolePlace(path), let asc = project.console.snapshot?.appStoreConnect,
              let text = all(in: project).first(where: { $0.location.path == path && $0.field == "keywords" }) else { return nil }
        let live = asc.appInfo?.localizations.first { $0.locale == text.locale }?.name
        return [live, repositoryValue(project, store: .appstore, locale: text.locale, field: "name")?.text, asc.app.name]
            .compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) }
    }

    /// `en-US`, `en-us` and `en_US` name one locale.
    static func sameLocale(_ a: String, _ b: String) -> Bool {
        a.lowercased().replacingOccurrences(of: "_", with: "-") == b.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// Line ends and surrounding blanks aside: deliver strips, supply sends the file less its last line break.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
