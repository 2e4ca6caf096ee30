import Project
import StoreLocale

/// What the checks over subjects share: the result for a subject, its labels copied into the message values.
/// (`with: { fields: [...] }`, which any of them accepts, is the loader's: `Selector.metadataField`.)
enum GenericSubjects {
    /// The trees a rule looks at: those its stores judge, by consumer (all trees when it names none). A Play
    /// rule sees Play trees and supply trees nobody is known to upload, never an F-Droid-only tree.
    static func trees(stores: Set<Store>, project: ProjectModel) -> [MetadataTree] {
        project.metadata.filter { stores.isEmpty || $0.judgingStore(among: stores) != nil }
    }

    /// A result for `subject`, its labels copied into the message values (a result at another place than its
    /// subject's has no subject for the engine to take them from).
    static func result(_ subject: Subject, at location: SourceLocation? = nil, evidence: String? = nil,
                       values: [String: String] = [:], severity: Severity? = nil) -> CheckResult {
        CheckResult(location: location ?? subject.location, evidence: evidence ?? TextPosition.snippet(subject.value),
                    values: subject.labels.merging(["value": subject.value]) { $1 }.merging(values) { $1 },
                    severity: severity)
    }
}

/// Where a match inside a value is, as a file location, and a short quote of it.
enum TextPosition {
    static func location(of range: Range<String.Index>, in text: String, base: SourceLocation) -> SourceLocation {
        // A live console text (`App Store Connect › fr-FR › description`) is a place, not a file with lines.
        if ConsoleLocation.isConsolePlace(base.path) { return base }
        var line = base.line ?? 1
        var column = 1
        for character in text[..<range.lowerBound] {
            if character.isNewline { line += 1; column = 1 } else { column += 1 }
        }
        return SourceLocation(path: base.path, line: line, column: column)
    }

    /// At most `limit` characters of `text`, on one line.
    static func snippet(_ text: String, limit: Int = 80) -> String {
        // Only the head can show, so only the head is flattened (texts run to 4,000 characters).
        let head = text.prefix(limit + 1)
        let flat = head.split(whereSeparator: \.isNewline).joined(separator: " ")
        return head.count <= limit ? flat : String(flat.prefix(limit)) + "…"
    }
}

/// Joins project-relative paths the way `SourceLocation` writes them (forward slashes, no leading `./`).
enum RelativePath {
    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : "\(folder)/\(name)"
    }
}
