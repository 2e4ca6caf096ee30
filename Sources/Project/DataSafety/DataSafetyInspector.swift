/// The Play Data safety export, read and parsed once: the form, or why it could not be read.
public struct DataSafetyPart: ModelPart {
    public var input: DataSafetyInput?

    public init() {}
}

/// The Data safety export: its fact (`DataSafetyExportDetector`, in `check`) and the form, parsed against the
/// checklists' `kind: data_safety_questions` table (in every scope).
public struct DataSafetyInspector: Inspector {
    public init() {}

    public var name: String { "data-safety" }
    public var readsEarlierParts: Bool { false }  // runs beside the Xcode projects' stage
    public var scopes: Set<InspectionOptions.Scope> { [.everything, .metadata] }
    public var emits: [String] { ["play.data_safety_export"] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<DataSafetyPart> {
        var output = InspectorOutput<DataSafetyPart>(part: nil)
        if input.options.scope == .everything, let fact = DataSafetyExportDetector.fact(files: input.files, manifest: input.manifest) {
            output.facts = [fact]
        }
        if let path = DataSafetyLocator.locate(files: input.files, manifest: input.manifest) {
            var part = DataSafetyPart()
            part.input = DataSafetyInput.read(LoadedDocument.load(root: input.root, path: path, maxBytes: DataSafetyReader.maxBytes),
                                              schema: input.options.dataSafetySchema)
            output.part = part
        }
        return output
    }
}
