import Project

/// An API App Store Connect refuses at upload (UIWebView, ITMS-90809), one policy judged on either input
/// (`from:`): every sighting of a use in what ships is a finding. `from: source` sees the code's use (the source
/// scan's `fact`, at its first evidence); `from: archive` each binary of a built iOS archive that imports one of
/// `symbols`, at that binary (`ArchiveImportEvidence`). The rules keep their own messages and gates (the source
/// rule steps aside when a built iOS archive answers it).
enum AppleRefusedAPICheck {
    static let function = CheckFunction(
        name: "apple.refused_api",
        summary: "No API App Store Connect refuses is used in the app's code (or, `from: archive`, imported by a binary of a built iOS archive)",
        options: [OptionSpec("fact", .string, requiredWhen: ("from", "source"), doc: "with `from: source`: the source scan's fact a use in the code sets (`apple.uiwebview`)"),
                  OptionSpec("symbols", .stringList, requiredWhen: ("from", "archive"), doc: "with `from: archive`: Mach-O symbol names (`_OBJC_CLASS_$_UIWebView`)"),
                  JudgedInput.option],
        subjects: .none,
        placeholders: ["binary", "bundle", "symbol"],
        reads: [.option("fact")]
    ) { invocation in
        let project = invocation.context.project
        let uses: [Sighting]
        if JudgedInput.isArchive(invocation) {
            uses = ArchiveImportEvidence.imports(of: invocation.options.strings("symbols") ?? [], in: project.archives)
        } else {
            uses = invocation.factNamed(byOption: "fact").flatMap { Sighting.fact($0, in: project, facts: invocation.facts) }.map { [$0] } ?? []
        }
        return uses.map(\.result)
    }
}
