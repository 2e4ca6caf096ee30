/// The local copy of the privacy policy (`paths.privacy_policy` when it is a path, not a URL), read whole.
public struct PrivacyPolicyPart: ModelPart {
    public var document: LoadedDocument?

    public init() {}
}

/// The local policy document the manifest names (in every scope). The privacy policy link found in what
/// ships comes from the source scan, which hands each code file's bytes to `PrivacyURLDetector`.
public struct PrivacyPolicyInspector: Inspector {
    public init() {}

    public var name: String { "privacy-policy" }
    public var readsEarlierParts: Bool { false }  // runs beside the Xcode projects' stage
    public var scopes: Set<InspectionOptions.Scope> { [.everything, .metadata] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<PrivacyPolicyPart> {
        var output = InspectorOutput<PrivacyPolicyPart>(part: nil)
        if let path = input.manifest?.paths.privacyPolicy, !PrivacyPolicyText.isURL(path) {
            var part = PrivacyPolicyPart()
            part.document = LoadedDocument.load(root: input.root, path: path, maxBytes: PrivacyPolicyText.maxBytes)
            output.part = part
        }
        return output
    }
}
