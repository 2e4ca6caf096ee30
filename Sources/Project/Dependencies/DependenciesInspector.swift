/// Every resolved dependency, from lock files, build files and vendored frameworks.
public struct DependenciesPart: ModelPart {
    public var dependencies: [Dependency] = []

    public init() {}
}

/// The dependencies `DependencyInspector` resolves (it returns this part), with the facts drawn from them and
/// from the monorepo's local packages.
public struct DependenciesInspector: Inspector {
    public init() {}

    public var name: String { "dependencies" }
    /// Reads the Gradle files' part (GradleFilesInspector), not the Xcode projects.
    public var earlierPartsRead: [any ModelPart.Type]? { [GradleFilesPart.self] }
    public var emits: [String] { ["sdk.*", "android.native_dependencies", "android.native_dependencies_pre_16kb", "packages.local.*", "packages.outside_root", "apple.podfile.preprocessor_definitions"] }
    public var rootMarkers: [RootMarker] { [.name("pubspec.yaml"), .name("package.json")] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<DependenciesPart> {
        var output = DependencyInspector.inspect(files: input.files, root: input.root, gradleFiles: input.earlier[GradleFilesPart.self])
        // Native code that arrives inside AARs: the 16 KB reminder from the declared coordinates.
        output.facts += AndroidNativeDependencies.facts(output.part?.dependencies ?? [], tables: input.options.nativeDependencyTables)
        // A monorepo's path dependencies: which app depends on which sibling package (LocalPackages).
        let local = LocalPackages.facts(files: input.files)
        output.facts += local
        output.coverage += LocalPackages.coverage(local)
        return output
    }
}
