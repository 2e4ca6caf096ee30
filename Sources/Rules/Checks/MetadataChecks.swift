/// Check functions for store metadata that a generic text check cannot express: keyword hygiene,
/// App Store categories, Play image sizes, changelog lengths with the file that will ship, empty files.
public enum MetadataChecks {
    public static var all: [CheckFunction] {
        MetadataKeywords.functions + [MetadataImages.function,
                                      MetadataChangelogLength.function, MetadataEmptyFiles.function]
    }
}
