/// Every built-in check function, by name. Each domain keeps its own list in its own file.
public enum CheckRegistry {
    public static var builtin: [CheckFunction] {
        GenericChecks.all + MetadataChecks.all + LocaleChecks.all + AppleChecks.all + AndroidChecks.all + PolicyChecks.all
            + PlayPublishingChecks.all + AppleReviewChecks.all + ArchiveChecks.all + ConsoleChecks.all
    }

    public static func byName(_ functions: [CheckFunction]) -> [String: CheckFunction] {
        Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
