/// The native code an Android app ships (`AndroidNativeLibraries`, which returns this inspector's output): facts only.
public struct AndroidNativeLibrariesInspector: Inspector {
    public init() {}

    public var name: String { "android-native-libraries" }
    /// The build scripts as the Gradle files inspector read them (Rust built by Gradle), not the Xcode projects:
    /// it runs beside those.
    public var earlierPartsRead: [any ModelPart.Type]? { [GradleFilesPart.self] }
    public var emits: [String] { ["android.native_code", "android.native_libraries_4kb"] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<NoPart> {
        AndroidNativeLibraries.inspect(files: input.files, root: input.root, gradleFiles: input.earlier[GradleFilesPart.self])
    }
}
