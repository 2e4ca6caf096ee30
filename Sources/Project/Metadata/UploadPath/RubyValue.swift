import Support
import Formats

/// The value a Fastfile, Supplyfile or Deliverfile gives an option, as far as it can be read without running
/// Ruby: a string, `ENV["X"]` (with `ENV.fetch("X", "d")` or `ENV["X"] || "d"` as its fallback), a string
/// interpolating either, or something else (a variable, a method call), which only a run of fastlane knows.
enum RubyValue: Sendable, Hashable {
    case literal(String)
    case environment(String, fallback: String?)
    /// A double-quoted string with `#{…}`: each part a literal or an `ENV["X"]`; other interpolations are `nil`
    /// parts (any one folder name: `app/src/#{flavor}/fastlane/metadata/android`).
    case template([Part])
    case unreadable(String)

    enum Part: Sendable, Hashable {
        case text(String)
        case environment(String)
        case unknown
    }

    /// The value after `key` in `text` (`key: v`, `key => v`, `key(v)`, `key v`), read to a top-level `,`, `)` or line end.
    static func option(_ key: String, in text: String) -> RubyValue? {
        var search = text[...]
        while let range = search.range(of: key) {
            defer { search = search[range.upperBound...] }
            // The whole word: not `skip_upload_metadata_path`, not `:metadata_path` used as a symbol value.
            if range.lowerBound > text.startIndex {
                let before = text[text.index(before: range.lowerBound)]
                if before.isLetter || before.isNumber || before == "_" || before == ":" || before == "[" { continue }
            }
            let rest = text[range.upperBound...]
            guard let next = rest.first, next == ":" || next == " " || next == "(" || next == "=" else { continue }
            let value = rest.drop { $0 == " " || $0 == ":" || $0 == "=" || $0 == ">" || $0 == "(" || $0 == "\t" }
            return parse(value)
        }
        return nil
    }

    /// One expression at the start of `text`.
    static func parse(_ text: Substring) -> RubyValue {
        let code = text.drop { $0 == " " || $0 == "\t" }
        guard let first = code.first else { return .unreadable("") }
        if first == "\"" || first == "'" {
            guard let (body, after) = quoted(code) else { return .unreadable(clip(code)) }
            let fallbackFree = String(body)
            if first == "'" || !fallbackFree.contains("#{") { return orFallback(.literal(fallbackFree), after: after) }
            return .template(template(fallbackFree))
        }
        if code.hasPrefix("ENV") {
            let rest = code.dropFirst(3)
            if rest.hasPrefix("["), let (name, after) = quoted(rest.dropFirst()), after.first == "]" {
                let tail = after.dropFirst().drop { $0 == " " }
                if tail.hasPrefix("||") {
                    if case .literal(let fallback) = parse(tail.dropFirst(2)) { return .environment(String(name), fallback: fallback) }
                    return .unreadable(clip(code))
                }
                return .environment(String(name), fallback: nil)
            }
            if rest.hasPrefix(".fetch("), let (name, after) = quoted(rest.dropFirst(7)) {
                let tail = after.drop { $0 == " " || $0 == "," }
                if tail.first == ")" { return .environment(String(name), fallback: nil) }
                if case .literal(let fallback) = parse(tail) { return .environment(String(name), fallback: fallback) }
                return .unreadable(clip(code))
            }
        }
        if code.hasPrefix("true") { return .literal("true") }
        if code.hasPrefix("false") { return .literal("false") }
        return .unreadable(clip(code))
    }

    /// `"…"` or `'…'` at the start: its body and what follows the closing quote.
    static func quoted(_ text: Substring) -> (Substring, Substring)? {
        guard let quote = text.first, quote == "\"" || quote == "'" else { return nil }
        let body = text.dropFirst()
        guard let close = body.firstIndex(of: quote) else { return nil }
        return (body[..<close], body[body.index(after: close)...])
    }

    /// `"x" || …` is `"x"`: a string is never nil.
    private static func orFallback(_ value: RubyValue, after: Substring) -> RubyValue { value }

    static func template(_ body: String) -> [Part] {
        var parts: [Part] = []
        var rest = body[...]
        while let open = rest.range(of: "#{") {
            if open.lowerBound > rest.startIndex { parts.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { parts.append(.unknown); return parts }
            let inner = rest[open.upperBound..<close]
            if case .environment(let name, nil) = parse(inner) { parts.append(.environment(name)) } else { parts.append(.unknown) }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return parts
    }

    static func clip(_ text: Substring) -> String {
        let line = text.prefix { $0 != "\n" && $0 != "," && $0 != ")" }
        return String(line.prefix(80)).trimmingBlanks()
    }

    /// The value in `environment`: resolved (with the variables it came from), unset (an `ENV["X"]` no source
    /// sets: fastlane then falls back to its next source), or unknown (why).
    func evaluate(in environment: RunEnvironment) -> Resolved {
        switch self {
        case .literal(let text):
            return .value(text, [])
        case .environment(let name, let fallback):
            if let set = environment[name] {
                guard let value = set.value else { return .unknown("\(name) is set from something shipcheck cannot read", [set.evidence]) }
                return .value(value, [set.evidence])
            }
            if let fallback { return .value(fallback, []) }
            return .unset(name)
        case .template(let parts):
            var text = ""
            var used: [Evidence] = []
            for part in parts {
                switch part {
                case .text(let piece): text += piece
                case .unknown: text += "*"
                case .environment(let name):
                    guard let set = environment[name], let value = set.value else {
                        return .unknown("ENV[\"\(name)\"] is not set by any file shipcheck reads", environment[name].map { [$0.evidence] } ?? [])
                    }
                    text += value
                    used.append(set.evidence)
                }
            }
            return .value(text, used)
        case .unreadable(let code):
            return .unknown("\(code) is computed when fastlane runs", [])
        }
    }

    enum Resolved {
        case value(String, [Evidence])
        case unset(String)
        case unknown(String, [Evidence])
    }
}
