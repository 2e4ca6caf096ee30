/// Where shipcheck's own documentation lives: the rule pages (SARIF `helpUri`), the JSON Schemas (the
/// `$schema` comment `init` writes) and the GitHub Action (`uses:` in the workflow `init --github` writes).
/// One place, so that moving the repository is a one-line change.
public enum ProjectLinks {
    /// The action's `uses:` name (`owner/repo`), and the repository on GitHub.
    public static let actionRepository = "shipcheck/shipcheck"
    public static let repository = "https://github.com/" + actionRepository
    /// The ref a workflow names (`uses: shipcheck/shipcheck@main`): no release tag exists yet, so the
    /// default branch; docs/ci.md says how to pin a commit instead.
    public static let actionVersion = "main"
    /// Files of the default branch as served raw (what editors fetch a schema from).
    public static let rawFiles = "https://raw.githubusercontent.com/" + actionRepository + "/main"

    /// The JSON Schema of shipcheck.yml.
    public static let manifestSchema = rawFiles + "/schemas/shipcheck.schema.json"
    /// The JSON Schema of checklist files.
    public static let checklistSchema = rawFiles + "/schemas/checklist.schema.json"

    /// The page of a built-in checklist's rule: docs/rules/<checklist>.md, at the rule's heading.
    public static func rulePage(checklist: String, rule: String) -> String {
        repository + "/blob/main/docs/rules/\(checklist).md#" + headingAnchor(rule)
    }

    /// The anchor GitHub gives a Markdown heading: lower-cased; letters, digits, `-` and `_` kept; spaces
    /// become `-`; everything else (the dots of a rule id) dropped. `metadata.keywords-length` →
    /// `metadatakeywords-length`.
    public static func headingAnchor(_ heading: String) -> String {
        var anchor = ""
        for scalar in heading.lowercased().unicodeScalars {
            if scalar == " " {
                anchor += "-"
            } else if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                anchor.unicodeScalars.append(scalar)
            }
        }
        return anchor
    }
}
