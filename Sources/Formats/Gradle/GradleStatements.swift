import Foundation
import Support

/// Splits a Groovy or Kotlin build script into statements, each with its line and the names of the blocks
/// it sits in (`["android", "defaultConfig"]`). Not a parser for either language: it strips comments,
/// skips over string literals, and follows braces and parentheses, which is all the settings need.
package struct GradleStatement: Sendable, Equatable {
    package let text: String
    package let line: Int
    /// Enclosing block names, outermost first; `create("free") {` is named `free`.
    package let blocks: [String]
}

/// A block opening (`free {`), so that empty blocks such as a flavor without overrides are still seen.
package struct GradleBlock: Sendable, Equatable {
    package let name: String
    package let line: Int
    /// Enclosing block names, outermost first.
    package let parents: [String]
}

package enum GradleStatements {
    /// Deeper nesting than this is not a build script; the rest is ignored rather than risking a blow-up.
    package static let maxDepth = 64

    package static func split(_ text: String) -> (statements: [GradleStatement], blocks: [GradleBlock]) {
        var statements: [GradleStatement] = []
        var openings: [GradleBlock] = []
        var blocks: [String] = []
        // The statement so far as UTF-8 (a String grown a scalar at a time was most of reading a build script).
        var buffer: [UInt8] = []
        /// Whether `buffer` holds more than blanks, so that a statement's line is that of its first real character.
        var bufferHasContent = false
        var bufferLine = 1
        var line = 1
        var parenDepth = 0
        let chars = Array(text.unicodeScalars)
        var index = 0

        func flush() {
            let trimmed = String(decoding: buffer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty {
                statements.append(GradleStatement(text: trimmed, line: bufferLine, blocks: blocks))
            }
            buffer.removeAll(keepingCapacity: true)
            bufferHasContent = false
        }
        func append(_ scalar: Unicode.Scalar) {
            if !bufferHasContent && scalar != " " && scalar != "\t" {
                bufferLine = line
                bufferHasContent = true
            }
            if scalar.isASCII { buffer.append(UInt8(scalar.value)) } else { buffer.append(contentsOf: scalar.utf8) }
        }

        /// Where the statement goes on after the line break at `newline`, and whether as a chained call: the line
        /// ends with `=` (ktlint's `targetSdk =` with the value on the next line) or the next line starts a chained
        /// call (`.get()`, `?.let`). Nil when the line break ends the statement.
        func continuation(after newline: Int) -> (resume: Int, chained: Bool)? {
            var ahead = newline + 1
            while ahead < chars.count && (chars[ahead] == " " || chars[ahead] == "\t" || chars[ahead] == "\r") { ahead += 1 }
            if let last = buffer.last(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }),
               last == UInt8(ascii: "="), ahead < chars.count, chars[ahead] != "\n" {
                return (ahead, false)
            }
            guard ahead + 1 < chars.count else { return nil }
            let first = chars[ahead], second = chars[ahead + 1]
            let startsCall = first == "?" ? second == "." :
                first == "." && (second == "_" || (65...90).contains(second.value) || (97...122).contains(second.value))
            return startsCall ? (ahead, true) : nil
        }

        while index < chars.count {
            let c = chars[index]
            let next: Unicode.Scalar? = index + 1 < chars.count ? chars[index + 1] : nil
            if c == "/" && next == "/" {
                while index < chars.count && chars[index] != "\n" { index += 1 }
                continue
            }
            if c == "/" && next == "*" {
                index += 2
                while index < chars.count && !(chars[index] == "*" && index + 1 < chars.count && chars[index + 1] == "/") {
                    if chars[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            if c == "\"" || c == "'" {
                // A string literal, copied as is; triple quotes run to the next triple quote.
                let triple = next == c && index + 2 < chars.count && chars[index + 2] == c
                let quoteLength = triple ? 3 : 1
                for _ in 0..<quoteLength { append(c) }
                index += quoteLength
                while index < chars.count {
                    let s = chars[index]
                    if s == "\\" && !triple, index + 1 < chars.count {
                        append(s); append(chars[index + 1]); index += 2; continue
                    }
                    if s == "\n" {
                        line += 1
                        if !triple { break }
                    }
                    if s == c && (!triple || (index + 2 < chars.count && chars[index + 1] == c && chars[index + 2] == c)) {
                        for _ in 0..<quoteLength { append(c) }
                        index += quoteLength
                        break
                    }
                    append(s)
                    index += 1
                }
                continue
            }
            switch c {
            case "{":
                let header = String(decoding: buffer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                // `versionName = when {` is a setting with a computed value: keep it as a statement too.
                if header.contains("=") {
                    statements.append(GradleStatement(text: header + " { … }", line: bufferLine, blocks: blocks))
                }
                buffer.removeAll(keepingCapacity: true)
                bufferHasContent = false
                parenDepth = 0
                guard blocks.count < maxDepth else { return (statements, openings) }
                let name = blockName(header)
                openings.append(GradleBlock(name: name, line: header.isEmpty ? line : bufferLine, parents: blocks))
                blocks.append(name)
            case "}":
                flush()
                parenDepth = 0
                _ = blocks.popLast()
            case "(":
                parenDepth += 1
                append(c)
            case ")":
                parenDepth = max(0, parenDepth - 1)
                append(c)
            case "\n":
                line += 1
                if parenDepth > 0 {
                    append(" ")
                } else if let next = continuation(after: index) {
                    // The next line's indentation is dropped: `libs.versions.x` + `.get()` reads as one chain.
                    if !next.chained { append(" ") }
                    index = next.resume
                    continue
                } else {
                    flush()
                }
            case ";":
                if parenDepth == 0 { flush() } else { append(c) }
            default:
                append(c)
            }
            index += 1
        }
        flush()
        return (statements, openings)
    }

    /// `android` → `android`; `create("free")` / `register('free')` / `getByName("free")` → `free`;
    /// `free` → `free`; anything else keeps its text, so it matches no known block. A Kotlin scope function
    /// run on a block's receiver is that block (`defaultConfig.apply {`, `with(defaultConfig) {`,
    /// `android.defaultConfig.run {`, `productFlavors.also {` → `defaultConfig`, `productFlavors`): its lambda
    /// configures the same object the block form would.
    static func blockName(_ header: String) -> String {
        if let receiver = scopeFunctionReceiver(header) { return blockName(receiver) }
        var name = header
        // `configure<ApplicationExtension> {` and `extensions.configure<LibraryExtension> {` are the `android` block.
        if let open = name.range(of: "configure<"), name.hasSuffix(">"),
           ["ApplicationExtension", "LibraryExtension", "BaseAppModuleExtension", "LibraryExtension", "CommonExtension"].contains(where: { name[open.upperBound...].hasPrefix($0) }) {
            return "android"
        }
        for call in ["create", "register", "getByName", "named", "maybeCreate"] {
            if name.hasPrefix(call + "(") && name.hasSuffix(")") {
                name = String(name.dropFirst(call.count + 1).dropLast())
                    .trimmingBlanks()
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                return name
            }
        }
        return name
    }

    /// The receiver a Kotlin scope function runs its lambda on: `x.apply`, `x.run`, `x.also`, `x.let`
    /// and `with(x)`, where `x` is a plain chain of names (`defaultConfig`, `android.defaultConfig`,
    /// `target.extensions.configure<LibraryExtension>` is not one and stays as written). A chain's last name
    /// is the block (`android.defaultConfig` → `defaultConfig`); nil when the header is no such call.
    static func scopeFunctionReceiver(_ header: String) -> String? {
        var receiver = Substring(header.trimmingBlanks())
        if receiver.hasPrefix("with("), receiver.hasSuffix(")") {
            receiver = receiver.dropFirst("with(".count).dropLast()
        } else if let suffix = [".apply", ".run", ".also", ".let"].first(where: { receiver.hasSuffix($0) }) {
            receiver = receiver.dropLast(suffix.count)
        } else {
            return nil
        }
        receiver = Substring(receiver.trimmingBlanks())
        let names = receiver.split(separator: ".", omittingEmptySubsequences: false)
        guard let last = names.last, !names.isEmpty, names.allSatisfy(isIdentifier) else { return nil }
        return last == "this" || last == "it" ? nil : String(last)
    }

    private static func isIdentifier(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }
}
