/// Which release note of a locale ships. supply uploads `changelogs/<versionCode>.txt` for the version code
/// of the build, else `changelogs/default.txt` (fastlane `supply/lib/supply/uploader.rb`, upload_changelog);
/// F-Droid reads `<CurrentVersionCode>.txt`, else `default.txt` (fdroidserver `update.py`,
/// insert_localized_app_metadata). Older notes are history: they never reach a store, so no rule judges them.
public struct ReleaseNoteChoice: Sendable, Hashable {
    /// The file name without `.txt`: a version code or `default`.
    public let key: String
    /// Why this one, for messages and facts ("the note for android.version_code 72").
    public let reason: String

    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }
}

public enum MetadataReleaseNotes {
    /// The note that ships for `versionCode` (the `android.version_code` fact, when known): its own file,
    /// else `default.txt`. With the version code unknown, the newest note of the whole tree stands for the
    /// release (`newestInTree`): a locale without that note falls back to `default.txt` or ships none, so an
    /// old note left in a locale nobody translated lately is not judged.
    public static func choose(_ changelogs: [String: MetadataValue], versionCode: String?, newestInTree: String?) -> ReleaseNoteChoice? {
        if let versionCode {
            if changelogs[versionCode] != nil {
                return ReleaseNoteChoice(key: versionCode, reason: "the note for android.version_code \(versionCode)")
            }
            if changelogs["default"] != nil {
                return ReleaseNoteChoice(key: "default", reason: "no changelogs/\(versionCode).txt for android.version_code \(versionCode), so default.txt ships")
            }
            return nil
        }
        if let newest = newestInTree, changelogs[newest] != nil {
            return ReleaseNoteChoice(key: newest, reason: "android.version_code unknown; \(newest).txt is the newest note of the tree")
        }
        if changelogs["default"] != nil {
            return ReleaseNoteChoice(key: "default", reason: "android.version_code unknown; default.txt is the fallback every version uses")
        }
        return nil
    }

    /// The highest numbered note in any locale of the tree.
    public static func newest(in tree: MetadataTree) -> String? {
        var best: (Int, String)?
        for locale in tree.locales {
            for key in locale.changelogs.keys {
                guard let number = Int(key) else { continue }
                if best == nil || number > best!.0 { best = (number, key) }
            }
        }
        return best?.1
    }

    /// The version code as the facts give it (`72`, not `72.0`), or nil.
    public static func versionCode(_ facts: FactStore) -> String? {
        versionCode(facts["android.version_code"]?.value)
    }

    /// The version code a value of `android.version_code` gives, or nil.
    public static func versionCode(_ value: FactValue?) -> String? {
        guard let value else { return nil }
        switch value {
        case .number(let number) where number == number.rounded() && number >= 0 && number < 1e15: return String(Int(number))
        case .string(let text) where !text.isEmpty && text.allSatisfy(\.isNumber): return text
        default: return nil
        }
    }
}

extension MetadataTree {
    /// Per locale of the tree, the release note that ships and its value, for `versionCode`.
    public func shippingChangelogs(versionCode: String?) -> [String: (choice: ReleaseNoteChoice, value: MetadataValue)] {
        if layout != .fastlane { return trackNotes() }
        let newest = versionCode == nil ? MetadataReleaseNotes.newest(in: self) : nil
        var notes: [String: (choice: ReleaseNoteChoice, value: MetadataValue)] = [:]
        for locale in locales {
            guard let choice = MetadataReleaseNotes.choose(locale.changelogs, versionCode: versionCode, newestInTree: newest),
                  let value = locale.changelogs[choice.key] else { continue }
            notes[locale.code] = (choice, value)
        }
        return notes
    }
}

extension MetadataTree {
    /// Gradle Play Publisher sends `release-notes/<locale>/<track>.txt` for the track it publishes to, else
    /// `default.txt` (Triple-T gradle-play-publisher README, "Uploading release notes"); its default track is
    /// `internal`. An upload action's `whatsnew-<locale>` file is the one note of its locale.
    func trackNotes() -> [String: (choice: ReleaseNoteChoice, value: MetadataValue)] {
        var notes: [String: (choice: ReleaseNoteChoice, value: MetadataValue)] = [:]
        let track = self.track ?? "internal"
        for locale in locales {
            let choice: ReleaseNoteChoice?
            if layout == .whatsNewFiles, locale.changelogs["whatsnew"] != nil {
                choice = ReleaseNoteChoice(key: "whatsnew", reason: "the upload action sends whatsnew-\(locale.code) as the release note")
            } else if locale.changelogs[track] != nil {
                choice = ReleaseNoteChoice(key: track, reason: "Gradle Play Publisher's note for track \(track)")
            } else if locale.changelogs["default"] != nil {
                choice = ReleaseNoteChoice(key: "default", reason: "Gradle Play Publisher's default note (no \(track).txt for track \(track))")
            } else if locale.changelogs.count == 1, let only = locale.changelogs.keys.first {
                choice = ReleaseNoteChoice(key: only, reason: "the locale's only Gradle Play Publisher note")
            } else {
                choice = nil
            }
            if let choice, let value = locale.changelogs[choice.key] { notes[locale.code] = (choice, value) }
        }
        return notes
    }
}
