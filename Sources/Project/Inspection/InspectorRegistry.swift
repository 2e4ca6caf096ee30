/// Every built-in inspector, in the order their facts and problems are merged (so the model is the same on
/// every run). A new input is one line here.
public enum InspectorRegistry {
    public static let builtin: [any Inspector] = [
        XcodeProjectsInspector(),
        GradleFilesInspector(),
        MetadataInspector(),
        AppleProjectInspector(),
        AndroidProjectInspector(),
        AndroidNativeLibrariesInspector(),
        DependenciesInspector(),
        PrivacyPolicyInspector(),
        DataSafetyInspector(),
        SourceScanInspector(),
        ConsoleInspector(),
    ]

    /// Names that mark a project root whatever it holds: a repository, shipcheck's own manifest.
    public static let coreRootMarkers: [RootMarker] = [.name(".git"), .name("shipcheck.yml")]

    /// Whether `names` (a folder's entries) hold a marker of any of `inspectors`.
    public static func marksProjectRoot(_ names: [String], inspectors: [any Inspector] = builtin) -> Bool {
        let markers = coreRootMarkers + inspectors.flatMap(\.rootMarkers)
        return names.contains { name in markers.contains { $0.matches(name) } }
    }

    /// The `given:` selectors the inspectors provide, by their text.
    public static func selectors(of inspectors: [any Inspector] = builtin) -> [String: SelectorDeclaration] {
        Dictionary(inspectors.flatMap(\.selectors).map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
