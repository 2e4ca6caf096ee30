/// AndroidManifest.xml, Gradle files and version catalogs. STUB: replaced by its owner.
public enum AndroidInspector {
    public static func inspect(files: [ProjectFile], root: String) -> PartialInspection { PartialInspection() }
}
