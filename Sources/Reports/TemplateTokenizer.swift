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

    /// One pass over the UTF-8 bytes (a `range(of:)` per tag bridged the rest of the text each time: 40,000
    /// tags took 24 s). Sections deeper than `TemplateTreeBuilder.maximumDepth` stop the scan at once.
    func tokens() throws(TemplateError) -> [Token] {
        let bytes = Array(text.utf8)
        let brace = UInt8(ascii: "{"), closing = UInt8(ascii: "}"), newline = UInt8(ascii: "\n")
        var tokens: [Token] = []
        var line = 1
        var depth = 0
        var k = 0
        var textStart = 0
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count <= bytes.count else { return nil }
            var m = start
            while m + needle.count <= bytes.count {
                if bytes[m] == needle[0], bytes[m..<(m + needle.count)].elementsEqual(needle) { return m }
                m += 1
            }
            return nil
        }
        while k + 1 < bytes.count {
            guard bytes[k] == brace, bytes[k + 1] == brace else {
                if bytes[k] == newline { line += 1 }
                k += 1
                continue
            }
            if textStart < k { tokens.append(.text(string(textStart..<k))) }
            let tagLine = line
            var bodyStart = k + 2
            let isTriple = bodyStart < bytes.count && bytes[bodyStart] == brace
            if isTriple { bodyStart += 1 }
            // `{{!-- … --}}` (as in Handlebars) is a comment that may itself contain `}}`.
            let isLongComment = !isTriple && bytes[bodyStart...].starts(with: Array("!--".utf8))
            let closer: [UInt8] = isTriple ? [closing, closing, closing] : isLongComment ? Array("--}}".utf8) : [closing, closing]
            guard let close = find(closer, from: bodyStart) else {
                throw TemplateError(template: name, line: tagLine, message: "'{{' is never closed with '\(String(decoding: closer, as: UTF8.self))'")
            }
            let content = Substring(string(bodyStart..<close))
            line += bytes[bodyStart..<close].count(where: { $0 == newline })
            let token = try tag(content, triple: isTriple, line: tagLine)
            if case .tag(let kind, _, _) = token {
                if kind == .open || kind == .inverted { depth += 1 } else if kind == .close { depth -= 1 }
                if depth > TemplateTreeBuilder.maximumDepth {
                    throw TemplateError(template: name, line: tagLine, message: "sections nest deeper than \(TemplateTreeBuilder.maximumDepth) levels")
                }
            }
            tokens.append(token)
            k = close + closer.count
            textStart = k
        }
        if textStart < bytes.count { tokens.append(.text(string(textStart..<bytes.count))) }
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
