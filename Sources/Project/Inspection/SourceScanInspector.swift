/// What the source scan found: every symbol of the `kind: symbols` tables, with its place.
public struct SourceScanPart: ModelPart {
    public var symbolHits: [SymbolHit] = []

    public init() {}
}

/// `SourceScanner` as an `Inspector` (its internals unchanged). Its facts are the ones the `kind: symbols`
/// tables declare, so it lists none of its own.
public struct SourceScanInspector: Inspector {
    public init() {}

    public var name: String { "source-scan" }
    public var emits: [String] { ["signal.*", "privacy.policy_url"] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<SourceScanPart> {
        let result = SourceScanner(tables: input.symbolTables)
            .scan(files: input.files, maxFileBytes: input.options.maxFileBytes, scope: input.earlier[XcodeProjectsPart.self].scope,
                  privacyURLs: true)  // one read per code file: its bytes also go to the privacy link detector
        var part = SourceScanPart()
        part.symbolHits = result.symbolHits
        // `signal.<fact>`: each sign-up/login signal with its weight and where it was found, for `facts`.
        let signals = SignalWeights.facts(tables: input.symbolTables, hits: result.symbolHits)
        return InspectorOutput(part: part, facts: result.facts + signals, problems: result.problems)
    }
}
