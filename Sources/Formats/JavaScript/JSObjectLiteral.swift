import Foundation
import Support

/// Reads the literal object an `app.config.js` / `app.config.ts` exports, without running it: `export default
/// { … }`, `module.exports = { … }`, `export default ({ config }) => ({ … })` or `defineConfig({ … })`. Keys are
/// names or strings; values are strings (quotes or a template without `${`), numbers, booleans, null, arrays
/// and objects. Anything else (a variable, a call, `process.env.X`, a spread, a template with `${…}`) is not
/// evaluated: its key is left out and listed in `unread` with its line, so a reader never concludes from it.
/// Bounded: at most `maxDepth` levels and `maxValues` values; comments are skipped. Every loop moves `i`
/// forward on every pass (a byte it cannot place, such as a stray `)`, is stepped over), and `i` never passes
/// `b.count`, so any text ends in linear time.
package struct JSObjectLiteral {
    package struct Unread: Sendable {
        package let line: Int
        package let what: String
    }

    package static let maxDepth = 32
    static let maxValues = 20_000

    private let b: [UInt8]
    private var i = 0
    private var line = 1
    private var values = 0
    private(set) var unread: [Unread] = []
    /// The line each key was first written on (any depth), as `InspectedText.keyLines` gives for JSON.
    private(set) var keyLines: [String: Int] = [:]

    /// The exported object and what was not read; nil when no exported object literal was found.
    package static func read(_ text: String) -> (object: [String: Any], unread: [Unread], keyLines: [String: Int])? {
        var reader = JSObjectLiteral(b: Array(text.utf8))
        guard reader.seekExport() else { return nil }
        guard let object = reader.value(depth: 0) as? [String: Any] else { return nil }
        return (object, reader.unread, reader.keyLines)
    }

    private init(b: [UInt8]) { self.b = b }

    private func at(_ k: Int) -> UInt8 { k < b.count ? b[k] : 0 }

    /// Moves to the `{` of the exported object.
    private mutating func seekExport() -> Bool {
        let markers = ["export default", "module.exports", "defineConfig("].map { Array($0.utf8) }
        var lookedUpName = false
        while i < b.count {
            skipTrivia()
            guard i < b.count else { return false }
            if let marker = markers.first(where: matches) {
                // `module.exports = config` / `export default config` (no semicolon needed): the object that
                // `const config = {…}` declares. Looked up once, so that many such lines stay linear.
                if !lookedUpName, marker.last != UInt8(ascii: "("), let name = exportedName(after: i + marker.count) {
                    lookedUpName = true
                    if let start = declaration(of: name) {
                        line = 1 + b[..<start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                        i = start
                        return true
                    }
                }
                // The first `{` after the marker that opens an object (past `({ config }) => (`).
                while i < b.count {
                    skipTrivia()
                    // `module.exports = config` at the very end: no object follows.
                    guard i < b.count else { return false }
                    if b[i] == UInt8(ascii: "{") {
                        // `({ config }) =>`: a parameter list, not the object; the object follows the arrow.
                        if let arrow = arrowAfterParameters() {
                            while i < arrow { advance() }
                            continue
                        }
                        return true
                    }
                    if b[i] == UInt8(ascii: ";") { break }
                    advance()
                }
            }
            advance()
        }
        return false
    }

    /// The name a marker exports when it is a bare identifier ending its statement (`= config`, `default config;`).
    private func exportedName(after start: Int) -> [UInt8]? {
        var k = start
        while k < b.count, b[k] == 0x20 || b[k] == 0x09 || b[k] == UInt8(ascii: "=") { k += 1 }
        let nameStart = k
        while k < b.count, Tokenish.isWord(b[k]) { k += 1 }
        guard k > nameStart, !(b[nameStart] >= 0x30 && b[nameStart] <= 0x39) else { return nil }
        let name = Array(b[nameStart..<k])
        guard !["function", "class", "async", "new", "await", "typeof"].contains(where: { Array($0.utf8) == name }) else { return nil }
        while k < b.count, b[k] == 0x20 || b[k] == 0x09 || b[k] == 0x0D { k += 1 }
        guard k == b.count || b[k] == 0x0A || b[k] == UInt8(ascii: ";") || b[k] == UInt8(ascii: "/") else { return nil }
        return name
    }

    /// Where the object `const|let|var <name> = {` (a type annotation allowed before `=`) opens; nil when none does.
    private func declaration(of name: [UInt8]) -> Int? {
        let keywords = ["const", "let", "var"].map { Array($0.utf8) }
        var k = 0
        while k < b.count {
            guard k == 0 || !Tokenish.isWord(b[k - 1]), let keyword = keywords.first(where: { word in
                k + word.count < b.count && b[k..<k + word.count].elementsEqual(word) && Self.isSpace(b[k + word.count])
            }) else { k += 1; continue }
            var m = k + keyword.count
            while m < b.count, Self.isSpace(b[m]) { m += 1 }
            guard m + name.count <= b.count, b[m..<m + name.count].elementsEqual(name), !Tokenish.isWord(at(m + name.count)) else { k += 1; continue }
            m += name.count
            // `: ExpoConfig` or `: Partial<ExpoConfig>` before the `=` (not `=>` or `==`).
            let limit = min(b.count, m + 200)
            while m < limit, !(b[m] == UInt8(ascii: "=") && at(m + 1) != UInt8(ascii: ">") && at(m + 1) != UInt8(ascii: "=")), b[m] != 0x0A || at(m - 1) == UInt8(ascii: ":") { m += 1 }
            guard m < limit, b[m] == UInt8(ascii: "=") else { k += 1; continue }
            m += 1
            while m < b.count, Self.isSpace(b[m]) { m += 1 }
            if m < b.count, b[m] == UInt8(ascii: "{") { return m }
            k += 1
        }
        return nil
    }

    /// When `{` at `i` opens a destructured parameter list followed by `) =>`, the index after the arrow.
    private func arrowAfterParameters() -> Int? {
        var k = i, depth = 0
        while k < b.count {
            if b[k] == UInt8(ascii: "{") { depth += 1 }
            if b[k] == UInt8(ascii: "}") { depth -= 1; if depth == 0 { break } }
            k += 1
        }
        k += 1
        // `) =>`, `}: ConfigContext): ExpoConfig =>`: closing parentheses, type annotations, then the arrow.
        let limit = min(b.count, k + 200)
        while k < limit, Self.isSpace(b[k]) || b[k] == UInt8(ascii: ")") || b[k] == UInt8(ascii: ":") || b[k] == UInt8(ascii: ".")
            || b[k] == UInt8(ascii: "<") || b[k] == UInt8(ascii: ">") && at(k - 1) != UInt8(ascii: "=") || Tokenish.isWord(b[k]) { k += 1 }
        guard at(k) == UInt8(ascii: "="), at(k + 1) == UInt8(ascii: ">") else { return nil }
        return k + 2
    }

    private func matches(_ word: [UInt8]) -> Bool {
        guard i + word.count <= b.count else { return false }
        for (n, c) in word.enumerated() where b[i + n] != c { return false }
        return i == 0 || !Tokenish.isWord(b[i - 1])
    }

    private mutating func advance() {
        guard i < b.count else { return }
        if b[i] == 0x0A { line += 1 }
        i += 1
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private mutating func skipTrivia() {
        while i < b.count {
            if Self.isSpace(b[i]) { advance(); continue }
            if b[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "/") {
                while i < b.count, b[i] != 0x0A { i += 1 }
                continue
            }
            if b[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                i += 2
                while i < b.count, !(b[i] == UInt8(ascii: "*") && at(i + 1) == UInt8(ascii: "/")) { advance() }
                // An unterminated comment ends at the end of the text.
                i = min(i + 2, b.count)
                continue
            }
            return
        }
    }

    /// A value at `i`; nil (after noting it) when it is not a literal. Always moves past the value.
    private mutating func value(depth: Int) -> Any? {
        skipTrivia()
        values += 1
        guard i < b.count, depth < Self.maxDepth, values < Self.maxValues else { skipExpression(); return nil }
        let c = b[i]
        switch c {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
            let start = line
            guard let text = string() else { unread.append(Unread(line: start, what: "a template string with ${…}")); skipExpression(); return nil }
            return literalEnd() ? text : nil
        default:
            let start = i, startLine = line
            while i < b.count, Tokenish.isWord(b[i]) || b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: "-") { i += 1 }
            let word = String(decoding: b[start..<i], as: UTF8.self)
            let literal: Any?
            switch word {
            case "true": literal = true
            case "false": literal = false
            case "null", "undefined": literal = NSNull()
            // A number starts with a digit, `-` or `.` (`inf`, `nan` and `Infinity` are names to Swift's parser too).
            default: literal = word.first.map { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == ".") } == true ? Double(word).map { NSNumber(value: $0) } : nil
            }
            if let literal, literalEnd() { return literal }
            i = start
            skipExpression()
            let shown = String(decoding: b[start..<min(i, start + 60)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            unread.append(Unread(line: startLine, what: "\(shown.isEmpty ? "an expression" : shown) (code, not run)"))
            return nil
        }
    }

    /// Whether the value just read ends here (`,` `}` `]`), not inside an expression (`"a" + b`).
    private mutating func literalEnd() -> Bool {
        skipTrivia()
        let c = at(i)
        if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || i >= b.count { return true }
        // `as const` / `satisfies T` after a literal are types.
        return false
    }

    private mutating func object(depth: Int) -> [String: Any]? {
        var result: [String: Any] = [:]
        i += 1
        while true {
            skipTrivia()
            guard i < b.count else { return result }
            if b[i] == UInt8(ascii: "}") { i += 1; return result }
            // A closing bracket that closes nothing here (`{)}`, `{ a: ] }`): stepped over, so the loop moves on.
            if b[i] == UInt8(ascii: ")") || b[i] == UInt8(ascii: "]") { i += 1; continue }
            let passStart = i
            defer { if i == passStart { advance() } }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "."), at(i + 1) == UInt8(ascii: "."), at(i + 2) == UInt8(ascii: ".") {
                let startLine = line
                i += 3
                let start = i
                skipExpression()
                let shown = String(decoding: b[start..<min(i, start + 40)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                unread.append(Unread(line: startLine, what: "the spread ...\(shown) (code, not run)"))
                continue
            }
            let keyLine = line
            let key: String
            if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
                guard let text = string() else { skipExpression(); continue }
                key = text
            } else if Tokenish.isWord(b[i]) {
                let start = i
                while i < b.count, Tokenish.isWord(b[i]) { i += 1 }
                key = String(decoding: b[start..<i], as: UTF8.self)
            } else {
                // A computed key `[x]: …` or a method: not read.
                unread.append(Unread(line: line, what: "a computed key or method (code, not run)"))
                skipExpression()
                continue
            }
            skipTrivia()
            guard at(i) == UInt8(ascii: ":") else {
                // Shorthand `{ name }`: a variable.
                unread.append(Unread(line: keyLine, what: "\(key) (a variable, not run)"))
                skipExpression()
                continue
            }
            i += 1
            if keyLines[key] == nil { keyLines[key] = keyLine }
            if let value = value(depth: depth + 1) { result[key] = value }
        }
    }

    private mutating func array(depth: Int) -> [Any]? {
        var result: [Any] = []
        i += 1
        while true {
            skipTrivia()
            guard i < b.count else { return result }
            if b[i] == UInt8(ascii: "]") { i += 1; return result }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            // A closing bracket that closes nothing here (`[)]`, `[}`): stepped over, so the loop moves on.
            if b[i] == UInt8(ascii: ")") || b[i] == UInt8(ascii: "}") { i += 1; continue }
            let passStart = i
            if let value = value(depth: depth + 1) { result.append(value) }
            if i == passStart { advance() }
        }
    }

    /// A quoted string at `i` with its escapes; nil for a template with `${`.
    private mutating func string() -> String? {
        let quote = b[i]
        i += 1
        var bytes: [UInt8] = []
        var interpolated = false
        while i < b.count, b[i] != quote {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count {
                let next = b[i + 1]
                switch next {
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "t"): bytes.append(0x09)
                default: bytes.append(next)
                }
                i += 2
                continue
            }
            if quote == UInt8(ascii: "`"), b[i] == UInt8(ascii: "$"), at(i + 1) == UInt8(ascii: "{") { interpolated = true }
            if b[i] == 0x0A {
                // An unterminated quote ends at the line's end (the newline is read by the caller).
                if quote != UInt8(ascii: "`") { return interpolated ? nil : String(decoding: bytes, as: UTF8.self) }
                line += 1
            }
            bytes.append(b[i])
            i += 1
        }
        // Past the closing quote; an unterminated one ends at the end of the text, never past it.
        i = min(i + 1, b.count)
        return interpolated ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Moves past an expression: to the `,`, `}` or `]` that ends it at its own bracket depth.
    private mutating func skipExpression() {
        var depth = 0
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") { _ = string(); continue }
            if c == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "/") || at(i + 1) == UInt8(ascii: "*") { skipTrivia(); continue }
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") || c == UInt8(ascii: "(") { depth += 1 }
            if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == UInt8(ascii: ")") {
                if depth == 0 { return }
                depth -= 1
            }
            if c == UInt8(ascii: ","), depth == 0 { return }
            advance()
        }
    }
}

/// ASCII word bytes of JavaScript names (`$` included).
enum Tokenish {
    static func isWord(_ c: UInt8) -> Bool {
        (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 || c == 0x5F || c == UInt8(ascii: "$")
    }
}
