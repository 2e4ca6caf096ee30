/// The API uses found: every symbol of the `kind: symbols` tables the source scan found, with its place, and,
/// when archives are given, every `kind: binary_symbols` import of their binaries (origin the archive, added by
/// the archive step after inspection).
public struct SourceScanPart: ModelPart {
    public var symbolHits: [SymbolHit] = []

    public init() {}
}

/// The source scan (`SourceScanner`, which returns this part), with the sign-up/login signal weights drawn from
/// its hits. Its facts are the ones the `kind: symbols` tables declare, so it lists none of its own.
public struct SourceScanInspector: Inspector {
    public init() {}

    public var name: String { "source-scan" }
    public var emits: [String] { ["signal.*", "privacy.policy_url"] }
    /// Reads the Xcode projects' shipping scope (which files only tests build), not the Gradle files.
    public var earlierPartsRead: [any ModelPart.Type]? { [XcodeProjectsPart.self] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<SourceScanPart> {
        var output = SourceScanner(tables: input.symbolTables)
            .scan(files: input.files, maxFileBytes: input.options.maxFileBytes, scope: input.earlier[XcodeProjectsPart.self].scope,
                  privacyURLs: true)  // one read per code file: its bytes also go to the privacy link detector
        // `signal.<fact>`: each sign-up/login signal with its weight and where it was found, for `facts`.
        output.facts += SignalWeights.facts(tables: input.symbolTables, hits: output.part?.symbolHits ?? [])
        return output
    }
}
