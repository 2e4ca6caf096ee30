/// What a template sees: the data a report hands to `Template.render`.
public indirect enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// `nil` becomes `.null`, which a template may test with `{{#x}}`/`{{^x}}` without an error.
    static func optional(_ text: String?) -> TemplateValue {
        text.map { .string($0) } ?? .null
    }

    /// Whether a section over this value renders: false, null, 0, "" and [] do not.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .string(let text): return !text.isEmpty
        case .list(let items): return !items.isEmpty
        case .object: return true
        }
    }
}
