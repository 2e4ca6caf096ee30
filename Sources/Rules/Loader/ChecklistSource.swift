import YAML

/// The text of one checklist file and the name to report it by.
public struct ChecklistSource: Sendable {
    public let file: String
    public let text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }
}

/// Every problem found in the loaded checklists, each with file:line:column.
public struct ChecklistLoadError: Error, Sendable, CustomStringConvertible {
    public let errors: [YAMLError]

    public init(errors: [YAMLError]) { self.errors = errors }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
