/// Fills `{{name}}` placeholders of a rule's message and help. An unknown name stays visible as
/// `{{name}}`, and the rule-examples test fails on any message that still contains one.
public enum MessageTemplate {
    public static func fill(_ template: String, with values: [String: String]) -> String {
        guard template.contains("{{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            result += values[name] ?? "{{\(name)}}"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
