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
        // On the UTF-8 bytes: every character the split looks for is ASCII, and a non-ASCII scalar's bytes (none of
        // them ASCII) are copied into the statement as they are, so this splits as the scalars did, without an
        // array of the script's scalars.
        var text = text
        return text.withUTF8 { split(bytes: $0) }
    }

    private static func split(bytes chars: UnsafeBufferPointer<UInt8>) -> (statements: [GradleStatement], blocks: [GradleBlock]) {
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
        var index = 0
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")

        func flush() {
            let trimmed = trimmedText(buffer)
            if !trimmed.isEmpty {
                statements.append(GradleStatement(text: trimmed, line: bufferLine, blocks: blocks))
            }
            buffer.removeAll(keepingCapacity: true)
            bufferHasContent = false
        }
        func append(_ byte: UInt8) {
            if !bufferHasContent && byte != space && byte != tab {
                bufferLine = line
                bufferHasContent = true
            }
            buffer.append(byte)
        }

        /// Where the statement goes on after the line break at `newline`, and whether as a chained call: the line
        /// ends with `=` (ktlint's `targetSdk =` with the value on the next line) or the next line starts a chained
        /// call (`.get()`, `?.let`). Nil when the line break ends the statement.
        func continuation(after newlineIndex: Int) -> (resume: Int, chained: Bool)? {
            var ahead = newlineIndex + 1
            while ahead < chars.count && (chars[ahead] == space || chars[ahead] == tab || chars[ahead] == carriageReturn) { ahead += 1 }
            if let last = buffer.last(where: { $0 != space && $0 != tab && $0 != carriageReturn }),
               last == UInt8(ascii: "="), ahead < chars.count, chars[ahead] != newline {
                return (ahead, false)
            }
            guard ahead + 1 < chars.count else { return nil }
            let first = chars[ahead], second = chars[ahead + 1]
            let startsCall = first == UInt8(ascii: "?") ? second == UInt8(ascii: ".") :
                first == UInt8(ascii: ".") && (second == UInt8(ascii: "_") || (65...90).contains(second) || (97...122).contains(second))
            return startsCall ? (ahead, true) : nil
        }

        while index < chars.count {
            let c = chars[index]
            let next: UInt8? = index + 1 < chars.count ? chars[index + 1] : nil
            if c == slash && next == slash {
                while index < chars.count && chars[index] != newline { index += 1 }
                continue
            }
            if c == slash && next == star {
                index += 2
                while index < chars.count && !(chars[index] == star && index + 1 < chars.count && chars[index + 1] == slash) {
                    if chars[index] == newline { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                // A string literal, copied as is; triple quotes run to the next triple quote.
                let triple = next == c && index + 2 < chars.count && chars[index + 2] == c
                let quoteLength = triple ? 3 : 1
                for _ in 0..<quoteLength { append(c) }
                index += quoteLength
                while index < chars.count {
                    let s = chars[index]
                    if s == backslash && !triple, index + 1 < chars.count {
                        append(s); append(chars[index + 1]); index += 2; continue
                    }
                    if s == newline {
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
            case UInt8(ascii: "{"):
                let header = trimmedText(buffer)
                // `versionName = when {` is a setting with a computed value: keep it as a statement too.
                if buffer.contains(UInt8(ascii: "=")) {
                    statements.append(GradleStatement(text: header + " { … }", line: bufferLine, blocks: blocks))
                }
                buffer.removeAll(keepingCapacity: true)
                bufferHasContent = false
                parenDepth = 0
                guard blocks.count < maxDepth else { return (statements, openings) }
                let name = blockName(header)
                openings.append(GradleBlock(name: name, line: header.isEmpty ? line : bufferLine, parents: blocks))
                blocks.append(name)
            case UInt8(ascii: "}"):
                flush()
                parenDepth = 0
                _ = blocks.popLast()
            case UInt8(ascii: "("):
                parenDepth += 1
                append(c)
            case UInt8(ascii: ")"):
                parenDepth = max(0, parenDepth - 1)
                append(c)
            case newline:
                line += 1
                if parenDepth > 0 {
                    append(space)
                } else if let next = continuation(after: index) {
                    // The next line's indentation is dropped: `libs.versions.x` + `.get()` reads as one chain.
                    if !next.chained { append(space) }
                    index = next.resume
                    continue
                } else {
                    flush()
                }
            case UInt8(ascii: ";"):
                if parenDepth == 0 { flush() } else { append(c) }
            default:
                append(c)
            }
            index += 1
        }
        flush()
        return (statements, openings)
    }

    /// `buffer` as text without its leading and trailing whitespace and newlines: `trimmingCharacters(in:
    /// .whitespacesAndNewlines)`, on the bytes when both trimmed ends are ASCII (that set's ASCII members are tab,
    /// line feed, vertical tab, form feed, carriage return and space); else through that trim (a no-break space).
    static func trimmedText(_ buffer: [UInt8]) -> String {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var start = 0, end = buffer.count
        while start < end, isBlank(buffer[start]) { start += 1 }
        while end > start, isBlank(buffer[end - 1]) { end -= 1 }
        if start < end, buffer[start] >= 0x80 || buffer[end - 1] >= 0x80 {
            return String(decoding: buffer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return String(decoding: buffer[start..<end], as: UTF8.self)
    }

    /// `android` → `android`; `create("free")` / `register('free')` / `getByName("free")` → `free`;
    /// `free` → `free`; anything else keeps its text, so it matches no known block. A Kotlin scope function
    /// run on a block's receiver is that block (`defaultConfig.apply {`, `with(defaultConfig) {`,
    /// `android.defaultConfig.run {`, `productFlavors.also {` → `defaultConfig`, `productFlavors`): its lambda
    /// configures the same object the block form would.
    static func blockName(_ header: String) -> String {
        // A plain name (`android`, `defaultConfig`, `release`): no scope function (`(` or `.`), no `configure<`
        // and no `create(` call, so it is its own name (most headers; the tests below cost a lookup each).
        if !header.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "<") }) { return header }
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
