/// Lock files, build-file dependency declarations and vendored frameworks. STUB: replaced by its owner.
public enum DependencyInspector {
    public static func inspect(files: [ProjectFile], root: String) -> PartialInspection { PartialInspection() }
}
