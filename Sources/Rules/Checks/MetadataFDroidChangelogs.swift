import Project

/// F-Droid's What's New length over every note F-Droid publishes, per locale of each tree F-Droid reads: the
/// note of the current version (`changelogs/<versionCode>.txt`, else `default.txt`: MetadataReleaseNotes) and the
/// note of every versionCode the repository's build recipes list (`fdroid.build_version_codes`), which
/// fdroidserver's update.py (insert_localized_app_metadata) sets as each build's whatsNew, cut at the limit.
/// Values as `changelog-length`'s: `version`, `release_note`.
enum MetadataFDroidChangelogs {
    static let function = CheckFunction(
        name: "fdroid-changelog-length",
        summary: "Every release note F-Droid publishes (the current one and each built versionCode's) is within the limit",
        options: GenericLength.function.options.filter { $0.name != "fields" }, subjects: .none, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let limit = GenericLength.resolve(invocation) else { return [] }
        let project = invocation.context.project
        let versionCode = MetadataReleaseNotes.versionCode(project.facts)
        var built: [String] = []
        if case .list(let codes)? = project.facts["fdroid.build_version_codes"]?.value { built = codes }
        let recipe = project.facts["fdroid.build_version_codes"]?.evidence.first.map { "\($0.location.path)" } ?? "the build recipe"
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
}
