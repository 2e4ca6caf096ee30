import Foundation

/// Splits a template into text and tags, each tag with its 1-based line.
struct TemplateTokenizer {
    enum Token: Equatable {
        case text(String)
        case tag(Kind, name: String, line: Int)
    }

    enum Kind: Equatable {
        case variable, raw, open, inverted, close, comment

        /// Tags that vanish with their line when they stand alone on it.
        var canStandAlone: Bool { self == .open || self == .inverted || self == .close || self == .comment }
    }

    let text: String
    let name: String

    func tokens() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        var line = 1
        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            if !before.isEmpty { tokens.append(.text(String(before))) }
            line += before.count(where: \.isNewline)
            let tagLine = line
            var body = rest[open.upperBound...]
            let isTriple = body.hasPrefix("{")
            if isTriple { body = body.dropFirst() }
            // `{{!-- … --}}` (as in Handlebars) is a comment that may itself contain `}}`.
            let closer = isTriple ? "}}}" : body.hasPrefix("!--") ? "--}}" : "}}"
            guard let close = body.range(of: closer) else {
                throw TemplateError(template: name, line: tagLine, message: "'{{' is never closed with '\(closer)'")
            }
            let content = body[..<close.lowerBound]
            line += content.count(where: \.isNewline)
            rest = body[close.upperBound...]
            tokens.append(try tag(content, triple: isTriple, line: tagLine))
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    private func tag(_ content: Substring, triple: Bool, line: Int) throws(TemplateError) -> Token {
        if triple { return .tag(.raw, name: try tagName(content, line: line), line: line) }
        let sigils: [Character: Kind] = ["#": .open, "^": .inverted, "/": .close, "!": .comment, "&": .raw]
        if let first = content.first, let kind = sigils[first] {
            if kind == .comment { return .tag(.comment, name: "", line: line) }
            return .tag(kind, name: try tagName(content.dropFirst(), line: line), line: line)
        }
        return .tag(.variable, name: try tagName(content, line: line), line: line)
    }

    private func tagName(_ raw: Substring, line: Int) throws(TemplateError) -> String {
        let trimmed = raw.trimmingWhitespace()
        let allowed = trimmed == "." || (!trimmed.isEmpty && trimmed.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" })
        guard allowed else {
            throw TemplateError(template: name, line: line, message: "'\(raw)' is not a variable name")
        }
        return trimmed
    }

    /// Drops lines that hold nothing but one section or comment tag (and whitespace), as Mustache does.
    static func removingStandaloneLines(_ tokens: [Token]) -> [Token] {
        var result = tokens
        var standalone: [Int] = []
        for (index, token) in tokens.enumerated() {
            guard case .tag(let kind, _, _) = token, kind.canStandAlone else { continue }
            if startsLine(tokens, before: index) && endsLine(tokens, after: index) { standalone.append(index) }
        }
        for index in standalone {
            if index > 0, case .text(let text) = result[index - 1] {
                result[index - 1] = .text(String(text.dropLast(text.reversed().prefix { $0 == " " || $0 == "\t" }.count)))
            }
            if index + 1 < result.count, case .text(let text) = result[index + 1] {
                if let newline = text.firstIndex(where: \.isNewline) {
                    result[index + 1] = .text(String(text[text.index(after: newline)...]))
                } else {
                    result[index + 1] = .text("")
                }
            }
        }
        return result.filter { $0 != .text("") }
    }

    private static func startsLine(_ tokens: [Token], before index: Int) -> Bool {
        if index == 0 { return true }
        guard case .text(let text) = tokens[index - 1] else { return false }
        if let newline = text.lastIndex(where: \.isNewline) {
            return text[text.index(after: newline)...].allSatisfy { $0 == " " || $0 == "\t" }
        }
        return index == 1 && text.allSatisfy { $0 == " " || $0 == "\t" }
    }

    private static func endsLine(_ tokens: [Token], after index: Int) -> Bool {
        if index == tokens.count - 1 { return true }
        guard case .text(let text) = tokens[index + 1] else { return false }
        let head = text.prefix { !$0.isNewline }
        guard head.allSatisfy({ $0 == " " || $0 == "\t" }) else { return false }
        return head.count < text.count || index + 1 == tokens.count - 1
    }
}

/// Nests sections, checking that each `{{/name}}` closes the innermost open `{{#name}}`.
enum TemplateTreeBuilder {
    /// Rendering recurses per level; a bound keeps a hostile template from exhausting the stack.
    static let maximumDepth = 64

    static func build(_ tokens: [TemplateTokenizer.Token], name: String) throws(TemplateError) -> [TemplateNode] {
        var stack: [(name: String, inverted: Bool, line: Int, children: [TemplateNode])] = [("", false, 0, [])]
        for token in tokens {
            switch token {
            case .text(let text):
                stack[stack.count - 1].children.append(.text(text))
            case .tag(let kind, let tagName, let line):
                switch kind {
                case .variable, .raw:
                    stack[stack.count - 1].children.append(.variable(tagName, escaped: kind == .variable, line: line))
                case .open, .inverted:
                    guard stack.count <= maximumDepth else {
                        throw TemplateError(template: name, line: line, message: "sections nest deeper than \(maximumDepth) levels")
                    }
                    stack.append((tagName, kind == .inverted, line, []))
                case .close:
                    guard stack.count > 1 else {
                        throw TemplateError(template: name, line: line, message: "{{/\(tagName)}} closes no open section")
                    }
                    let open = stack.removeLast()
                    guard open.name == tagName else {
                        throw TemplateError(template: name, line: line,
                                            message: "{{/\(tagName)}} does not match {{\(open.inverted ? "^" : "#")\(open.name)}} opened on line \(open.line)")
                    }
                    stack[stack.count - 1].children.append(.section(open.name, inverted: open.inverted, children: open.children, line: open.line))
                case .comment:
                    break
                }
            }
        }
        if stack.count > 1, let open = stack.last {
            throw TemplateError(template: name, line: open.line, message: "{{\(open.inverted ? "^" : "#")\(open.name)}} is never closed")
        }
        return stack[0].children
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
