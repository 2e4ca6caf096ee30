/// Check functions for store metadata (keywords, locale folders, copyright, categories, images, changelogs). STUB: replaced by its owner.
public enum MetadataChecks {
    public static var all: [CheckFunction] { [] }
}
