import Project

/// An API App Store Connect refuses at upload (UIWebView, ITMS-90809), one policy judged on either input
/// (`from:`): every use in what ships is a finding. `from: source` sees the code's use (the source scan's `fact`, at
/// its first evidence); `from: archive` each binary of a built iOS archive that uses it, the archive inspector's
/// `SymbolHit`s of the same fact (its `kind: binary_symbols` tables name the imports), at that binary. The rules keep
/// their own messages and gates (the source rule steps aside when a built iOS archive answers it).
enum AppleRefusedAPICheck {
    static let function = CheckFunction(
        name: "apple.refused_api",
        summary: "No API App Store Connect refuses is used in the app's code (or, `from: archive`, imported by a binary of a built iOS archive)",
        options: [OptionSpec("fact", .string, required: true, doc: "the fact a use sets: the source scan's (`apple.uiwebview`), and a built binary's through a `kind: binary_symbols` row of the same name"),
                  JudgedInput.option],
        subjects: .none,
        placeholders: ["binary", "bundle", "symbol"],
        reads: [.option("fact")]
    ) { invocation in
        let project = invocation.context.project
        let uses: [Sighting]
        if JudgedInput.isArchive(invocation) {
            let fact = invocation.options.string("fact")
            uses = project.symbolHits(fromArchive: true).filter { $0.signal == fact }.map { hit in
                let bundle = project.archives.bundle(withBinaryAt: hit.location)?.described ?? hit.location.path
                return Sighting(location: hit.location, snippet: hit.symbol, values: ["binary": hit.location.path, "bundle": bundle, "symbol": hit.symbol])
            }
        } else {
            uses = invocation.factNamed(byOption: "fact").flatMap { Sighting.fact($0, in: project, facts: invocation.facts) }.map { [$0] } ?? []
        }
        return uses.map(\.result)
    }
}
