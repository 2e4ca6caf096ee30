/// Check functions for store metadata that a generic text check cannot express: keyword hygiene, Play image
/// sizes, changelog lengths with the file that will ship. (Categories are `one-of`, empty files `present`.)
public enum MetadataChecks {
    public static var all: [CheckFunction] {
        MetadataKeywords.functions + [MetadataImages.function, MetadataChangelogLength.function] + MetadataScreenshots.functions
    }
}
