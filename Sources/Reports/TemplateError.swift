/// A problem in a report template, or a variable it names that the report does not provide:
/// the template's name and the line of the offending tag.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let template: String
    public let line: Int
    public let message: String

    public init(template: String, line: Int, message: String) {
        self.template = template
        self.line = line
        self.message = message
    }

    public var description: String { "\(template):\(line): \(message)" }
}
