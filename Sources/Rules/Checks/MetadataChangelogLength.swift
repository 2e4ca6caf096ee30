import Project

/// Play changelog length over every `changelogs/<versionCode>.txt` and `default.txt`. The Play API
/// rejects the whole upload for an over-long note only at publish time, so every file is checked; when the
/// project's `android.version_code` fact is known the message also says which file supply will upload
/// (`<versionCode>.txt`, else `default.txt`).
enum MetadataChangelogLength {
    static let function = CheckFunction(
        name: "changelog-length", summary: "Play changelogs within the limit, naming the one that ships for the current versionCode",
        options: GenericLength.function.options, subjects: .optional, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let limit = GenericLength.resolve(invocation) else { return [] }
        let versionCode = invocation.context.facts["android.version_code"]?.value.description
        let project = invocation.context.project
        return GenericSubjects.subjects(invocation).compactMap { subject in
            let version = subject.labels["version"] ?? fileVersion(subject.location.path)
            var ships = ""
            if let versionCode {
                if version == versionCode {
                    ships = " (this is the note supply uploads for versionCode \(versionCode))"
                } else if version == "default", !hasChangelog(versionCode, besides: subject.location.path, in: project) {
                    ships = " (supply uploads this default note for versionCode \(versionCode), which has no file of its own)"
                } else {
                    ships = " (not the note for the current versionCode \(versionCode))"
                }
            }
            return GenericLength.measure(subject, limit, extra: ["version": version, "ships": ships])
        }
    }

    static func fileVersion(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".txt") ? String(name.dropLast(4)) : name
    }

    /// Whether the locale of the `default.txt` at `path` has its own `<versionCode>.txt`.
    static func hasChangelog(_ versionCode: String, besides path: String, in project: ProjectModel) -> Bool {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        return project.metadata.contains { tree in
            tree.locales.contains { locale in
                locale.changelogs[versionCode]?.location.path == "\(folder)/\(versionCode).txt"
            }
        }
    }
}
