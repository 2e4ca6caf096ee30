/// The rules whose findings shipcheck makes itself rather than a check function (`kind: reported`), all in
/// the `shipcheck` checklist (rules/shipcheck.yml), which gives them their title, severity, help and pages.
public enum ShipcheckRules {
    public static let checklist = "shipcheck"
    /// A file that could not be read or parsed (`InputProblem`).
    public static let unreadableInput = "shipcheck.unreadable-input"
    /// A `shipcheck:disable` comment or `ignore:` entry naming no loaded rule or checklist.
    public static let unknownSuppression = "shipcheck.unknown-suppression"

    public static let all: Set<String> = [unreadableInput, unknownSuppression]
}
