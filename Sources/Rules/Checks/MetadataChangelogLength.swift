import Project

/// Release-note length, over the note that ships per locale only (`changelogs/<versionCode>.txt` for the
/// `android.version_code` fact, else `default.txt`, else the newest: MetadataReleaseNotes). The Play API
/// rejects the whole upload for an over-long note, at publish time; an old note never reaches it.
/// Values: `version` (the file's name without `.txt`) and `release_note` (why this note was chosen).
enum MetadataChangelogLength {
    static let function = CheckFunction(
        name: "changelog-length", summary: "The release note that ships (per locale) is within the limit, naming which note was chosen and why",
        options: GenericLength.function.options, subjects: .required, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let limit = GenericLength.resolve(invocation) else { return [] }
        return invocation.subjects.compactMap { subject in
            let version = subject.labels["version"] ?? fileVersion(subject.location.path)
            let reason = subject.labels["release_note"] ?? "the note that ships"
            return GenericLength.measure(subject, limit, extra: ["version": version, "release_note": reason])
        }
    }

    static func fileVersion(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".txt") ? String(name.dropLast(4)) : name
    }
}
