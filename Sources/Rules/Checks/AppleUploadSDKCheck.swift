import Project

/// The Xcode and SDK App Store Connect requires of an upload, one policy judged on either input (`from:`) against
/// one `minimum` table: `from: source` the Xcode the uploading CI configuration selects (the source scan's `fact`,
/// at its first evidence; the SDK cannot be read there); `from: archive` what the built app says it was made with
/// (`ArchiveBuildEvidence`: DTXcode and DTSDKName of its Info.plist).
enum AppleUploadSDKCheck {
    static let function = CheckFunction(
        name: "apple.upload_sdk",
        summary: "The uploading CI job selects (or, `from: archive`, the app in a built iOS archive was built with) at least the Xcode and SDK App Store Connect requires",
        options: [OptionSpec("minimum", .table, required: true, decode: TableError.decoder(UploadSDKMinimum.init), doc: "`xcode` and `sdks` (platform → version)"),
                  OptionSpec("fact", .string, requiredWhen: ("from", "source"), doc: "with `from: source`: the source scan's fact holding the Xcode version the uploading CI selects (`apple.ci_xcode_version`)"),
                  JudgedInput.option],
        subjects: .none,
        placeholders: ["built", "required", "plist"],
        reads: [.option("fact")]
    ) { invocation in
        guard let minimum = invocation.decoded("minimum", as: UploadSDKMinimum.self) else { return [] }
        let project = invocation.context.project
        if JudgedInput.isArchive(invocation) { return ArchiveBuildEvidence.belowMinimum(minimum, project.archives) }
        guard let name = invocation.factNamed(byOption: "fact"), case .number(let selected)? = invocation.facts[name]?.value,
              let version = UploadSDKMinimum.components("\(selected)"), UploadSDKMinimum.less(version, minimum.xcode),
              let use = Sighting.fact(name, in: project, facts: invocation.facts) else { return [] }
        return [use.result]
    }
}
