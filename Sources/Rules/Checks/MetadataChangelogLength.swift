import Project

/// Release-note length over the notes a store takes, per locale (`notes:`):
/// - `shipping`: the note that ships to Play, over the subjects `fields: [changelogs]` selects
///   (`changelogs/<versionCode>.txt` for the `android.version_code` fact, else `default.txt`, else the newest:
///   MetadataReleaseNotes). The Play API rejects the whole upload for an over-long note, at publish time; an old
///   note never reaches it.
/// - `published`: every note F-Droid publishes, per locale of each tree F-Droid reads: the current version's note
///   and the note of every versionCode the repository's build recipes list (`fdroid.build_version_codes`), which
///   fdroidserver's update.py (insert_localized_app_metadata) sets as each build's whatsNew, cut at the limit.
/// Values: `version` (the note's name without `.txt`) and `release_note` (why this note was judged).
enum MetadataChangelogLength {
    static let function = CheckFunction(
        name: "release-note-length",
        summary: "The release notes a store takes (`notes: shipping`, the one that ships per locale; `published`, every one F-Droid publishes) are within the limit, naming which note and why",
        options: GenericLength.function.options + [
            OptionSpec("notes", .oneOf(["shipping", "published"]),
                       doc: "`shipping` (default): the note that ships, over the subjects `fields:` selects; `published`: every note F-Droid publishes (the current one and each built versionCode's)"),
        ],
        subjects: .optional, reads: [.fact(.androidVersionCode), .fact(.fdroidBuildVersionCodes)], run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let limit = GenericLength.resolve(invocation) else { return [] }
        if invocation.options.string("notes") == "published" { return published(invocation, limit) }
        return invocation.subjects.compactMap { subject in
            let version = subject.labels["version"] ?? fileVersion(subject.location.path)
            let reason = subject.labels["release_note"] ?? "the note that ships"
            return GenericLength.measure(subject, limit, extra: ["version": version, "release_note": reason])
        }
    }

    static func published(_ invocation: CheckInvocation, _ limit: LengthLimit) -> [CheckResult] {
        let project = invocation.context.project
        let versionCode = MetadataReleaseNotes.versionCode(invocation.facts[.androidVersionCode]?.value)
        let recipes = invocation.facts[.fdroidBuildVersionCodes]
        var built: [String] = []
        if case .list(let codes)? = recipes?.value { built = codes }
        let recipe = recipes?.evidence.first.map { "\($0.location.path)" } ?? "the build recipe"
        var results: [CheckResult] = []
        for tree in project.metadata {
            guard let judging = tree.judgingStore(among: [.fdroid]), tree.uploads(field: "changelogs", to: judging.store) else { continue }
            let current = tree.shippingChangelogs(versionCode: versionCode)
            for locale in tree.locales {
                var notes: [(key: String, reason: String)] = []
                if let (choice, _) = current[locale.code] { notes.append((choice.key, choice.reason)) }
                for code in built where locale.changelogs[code] != nil && !notes.contains(where: { $0.key == code }) {
                    notes.append((code, "versionCode \(code) is built by \(recipe), so F-Droid publishes its note"))
                }
                for note in notes {
                    guard let value = locale.changelogs[note.key] else { continue }
                    let labels = ["store": judging.store.rawValue, "tree": tree.name, "consumer": tree.consumer.name,
                                  "field": "changelogs", "locale": locale.code]
                    let subject = Subject(value: value.text, location: value.location, labels: labels)
                    if let result = GenericLength.measure(subject, limit, extra: ["version": note.key, "release_note": note.reason]) {
                        results.append(CheckResult(location: result.location, evidence: result.evidence,
                                                   values: labels.merging(result.values) { _, new in new }, severity: result.severity))
                    }
                }
            }
        }
        return results
    }

    static func fileVersion(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".txt") ? String(name.dropLast(4)) : name
    }
}
