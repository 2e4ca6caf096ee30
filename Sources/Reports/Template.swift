/// A small Mustache dialect for Markdown reports.
///
/// Tags: `{{name}}` and `{{a.b}}` (escaped), `{{{name}}}` or `{{&name}}` (raw), `{{.}}` (the current
/// item), `{{#name}}…{{/name}}` (repeat over a list, or render once for a true, non-empty value),
/// `{{^name}}…{{/name}}` (render when false, null or empty), `{{! comment }}` (`{{!-- comment --}}` may contain braces). A line holding only a
/// section or comment tag disappears whole, as in Mustache, so templates can be laid out readably.
///
/// Unlike Mustache, a name that is found nowhere is an error with the template's line, so a typo in
/// a team's template fails loudly instead of printing nothing. Values the report leaves unknown
/// exist as null and are simply falsy.
///
/// Escaping (`{{name}}`) targets Markdown that is rendered to HTML: `&`, `<`, `>` become entities so
/// that text is never read as HTML; `|` becomes `&#124;` so that it cannot split a table cell; line
/// breaks become `<br>` so that they cannot end a table row or a list item. Entities are not decoded
/// inside backtick code spans, so templates wrap escaped values in `<code>…</code>` instead.
/// `@` and `#` before a digit become entities so that quoted text cannot mention people or link issues.
public struct Template: Sendable {
    public let name: String
    let nodes: [TemplateNode]

    public init(_ text: String, name: String) throws(TemplateError) {
        self.name = name
        let tokens = try TemplateTokenizer(text: text, name: name).tokens()
        nodes = try TemplateTreeBuilder.build(TemplateTokenizer.removingStandaloneLines(tokens), name: name)
    }

    /// Bounds on one rendering: nested sections over lists multiply (12 nested `{{#findings}}` never end).
    static let maxOutputBytes = 64 << 20
    static let maxSteps = 2_000_000

    public func render(_ context: TemplateValue) throws(TemplateError) -> String {
        var out = ""
        var steps = 0
        try render(nodes, stack: [context], into: &out, steps: &steps)
        return out
    }

    private func render(_ nodes: [TemplateNode], stack: [TemplateValue], into out: inout String, steps: inout Int) throws(TemplateError) {
        for node in nodes {
            steps += 1
            if steps > Template.maxSteps || out.utf8.count > Template.maxOutputBytes {
                throw TemplateError(template: name, line: node.line,
                                    message: "the report grows past \(Template.maxOutputBytes >> 20) MB or \(Template.maxSteps) steps; are sections over lists nested inside each other?")
            }
            switch node {
            case .text(let text):
                out += text
            case .variable(let path, let escaped, let line):
                let value = try lookup(path, in: stack, line: line)
                let text: String
                switch value {
                case .null: text = ""
                case .bool(let flag): text = flag ? "true" : "false"
                case .int(let number): text = String(number)
                case .string(let string): text = string
                case .list, .object:
                    throw TemplateError(template: name, line: line, message: "'\(path)' is a list or an object, not text; use {{#\(path)}}…{{/\(path)}}")
                }
                out += escaped ? Template.escape(text) : text
            case .section(let path, let inverted, let children, let line):
                let value = try lookup(path, in: stack, line: line)
                if inverted {
                    if !value.isTruthy { try render(children, stack: stack, into: &out, steps: &steps) }
                } else if case .list(let items) = value {
                    for item in items { try render(children, stack: stack + [item], into: &out, steps: &steps) }
                } else if value.isTruthy {
                    try render(children, stack: stack + [value], into: &out, steps: &steps)
                }
            }
        }
    }

    /// The first segment is searched from the innermost context outwards; the rest descend into it.
    private func lookup(_ path: String, in stack: [TemplateValue], line: Int) throws(TemplateError) -> TemplateValue {
        if path == "." { return stack.last ?? .null }
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var found: TemplateValue?
        for frame in stack.reversed() {
            if case .object(let fields) = frame, let value = fields[segments[0]] {
                found = value
                break
            }
        }
        guard var value = found else {
            throw TemplateError(template: name, line: line, message: "unknown variable '\(segments[0])'")
        }
        for segment in segments.dropFirst() {
            guard case .object(let fields) = value, let next = fields[segment] else {
                throw TemplateError(template: name, line: line, message: "unknown variable '\(path)': no '\(segment)'")
            }
            value = next
        }
        return value
    }

    /// The escaping of `{{name}}`; see the type's documentation.
    public static func escape(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        let scalars = Array(text.unicodeScalars)
        for (index, character) in scalars.enumerated() {
            defer { previousWasCR = character == "\r" }
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "&#124;"
            case "\r": out += "<br>"
            case "\n": if !previousWasCR { out += "<br>" }
            // Markdown syntax from a file name or a listing cannot become a link, code span or emphasis.
            case "[": out += "&#91;"
            case "]": out += "&#93;"
            case "`": out += "&#96;"
            case "*": out += "&#42;"
            // `@user`, `@org/team` and `#123` from a listing or a file name would ping people and link issues
            // in a PR comment; as entities they read the same and do neither.
            case "@": out += "&#64;"
            case "#" where index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1]): out += "&#35;"
            default:
                if VisibleText.isControl(character) {
                    out += VisibleText.escape(String(character))
                } else {
                    out.unicodeScalars.append(character)
                }
            }
        }
        return out
    }
}

/// A parsed template: text, variables and sections with the line each tag is on.
indirect enum TemplateNode: Sendable {
    case text(String)
    case variable(String, escaped: Bool, line: Int)
    case section(String, inverted: Bool, children: [TemplateNode], line: Int)

    /// The line of the tag, or 1 for text (which the bound's message never needs more precisely).
    var line: Int {
        switch self {
        case .text: 1
        case .variable(_, _, let line), .section(_, _, _, let line): line
        }
    }
}
