/// The native code an Android app ships (`AndroidNativeLibraries`, which returns this inspector's output): facts only.
public struct AndroidNativeLibrariesInspector: Inspector {
    public init() {}

    public var name: String { "android-native-libraries" }
    public var readsEarlierParts: Bool { false }  // runs beside the Xcode projects' stage
    public var emits: [String] { ["android.native_code", "android.native_libraries_4kb"] }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<NoPart> {
        AndroidNativeLibraries.inspect(files: input.files, root: input.root)
    }
}
