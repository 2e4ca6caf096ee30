/// The local copy of the privacy policy (`paths.privacy_policy` when it is a path, not a URL), read whole.
public struct PrivacyPolicyPart: ModelPart {
    public var document: LoadedDocument?

    public init() {}
}

/// The privacy policy link found in what ships (`PrivacyURLDetector`, in `check`) and the local policy
/// document the manifest names (in every scope).
public struct PrivacyPolicyInspector: Inspector {
    public init() {}

    public var name: String { "privacy-policy" }
    public var scopes: Set<InspectionOptions.Scope> { [.everything, .metadata] }
    public var emits: [String] { ["privacy.policy_url"] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<PrivacyPolicyPart> {
        var output = InspectorOutput<PrivacyPolicyPart>(part: nil)
        if input.options.scope == .everything {
            let result = PrivacyURLDetector.inspect(files: input.files)
            output.facts = result.facts
            output.problems = result.problems
        }
        if let path = input.manifest?.paths.privacyPolicy, !PrivacyPolicyText.isURL(path) {
            var part = PrivacyPolicyPart()
            part.document = LoadedDocument.load(root: input.root, path: path, maxBytes: PrivacyPolicyText.maxBytes)
            output.part = part
        }
        return output
    }
}
