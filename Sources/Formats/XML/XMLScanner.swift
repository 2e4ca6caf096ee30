import Support

/// A small, strict XML reader over UTF-8 bytes, enough for AndroidManifest.xml: start and end tags with
/// attributes (names as written, `android:name`: prefixes must be declared but are not resolved), self-closing tags, comments,
/// CDATA, processing instructions (the XML declaration included, anywhere) and a skipped DOCTYPE.
/// Only the five predefined entities and character references are known: no DTD is read, so nothing
/// the document declares is ever expanded (no entity bombs, no external entities). Every loop only moves
/// forward through the bytes and nothing recurses, so any input ends in linear time; the first
/// well-formedness error stops the scan.
package struct XMLScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var lines = LineCounter()
    /// Whether a DOCTYPE declared an internal subset (its entities are not read), for the message.
    private var skippedInternalSubset = false
    /// Namespace prefixes declared (`xmlns:android`) by the open elements, innermost last, and how often each is in scope.
    private var declaredPrefixes: [[String]] = []
    private var prefixesInScope: [String: Int] = [:]

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Calls `start` for every start tag and `end` for every end tag, in document order (a self-closing
    /// tag gives both). Text and everything but tags is checked and skipped.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, start: (XMLStartTag) -> Void, end: () -> Void) throws(XMLSyntaxError) {
        var scanner = XMLScanner(bytes)
        try scanner.document(start: start, end: end)
    }

    private mutating func document(start: (XMLStartTag) -> Void, end: () -> Void) throws(XMLSyntaxError) {
        if matches(Token.byteOrderMark, at: 0) { index = Token.byteOrderMark.count }
        // The open elements: where each name lies in the bytes, and where its `<` is.
        var open: [(name: Range<Int>, offset: Int)] = []
        var sawRoot = false
        while index < bytes.count {
            guard bytes[index] == Byte.lessThan else {
                try text(insideRoot: !open.isEmpty)
                continue
            }
            let markup = index
            if matches(Token.processingInstruction, at: index) {
                try skip(past: Token.processingInstructionEnd, from: index + 2, else: .unclosedProcessingInstruction)
            } else if matches(Token.comment, at: index) {
                try comment()
            } else if matches(Token.cdata, at: index) {
                guard !open.isEmpty else { throw failure(.textOutsideRoot, at: markup) }
                try skip(past: Token.cdataEnd, from: index + Token.cdata.count, else: .unclosedCDATA)
            } else if matches(Token.doctype, at: index) {
                guard !sawRoot else { throw failure(.misplacedDoctype, at: markup) }
                try doctype()
            } else if matches(Token.endTag, at: index) {
                index += 2
                guard let name = name() else { throw failure(.nameExpected, at: index) }
                skipWhitespace()
                guard index < bytes.count else { throw failure(.unclosedTag, at: index) }
                guard bytes[index] == Byte.greaterThan else { throw failure(.missingGreaterThan, at: index) }
                index += 1
                guard let innermost = open.last else { throw failure(.contentAfterRoot, at: markup) }
                guard same(innermost.name, name) else { throw failure(.mismatchedTag, at: markup) }
                open.removeLast()
                unbindPrefixes()
                end()
            } else {
                guard !open.isEmpty || !sawRoot else { throw failure(.contentAfterRoot, at: markup) }
                // Asked before the attributes' lines: the line counter only moves forward.
                let line = lines.position(of: markup, in: bytes).line
                index += 1
                guard let name = name() else { throw failure(.nameExpected, at: index) }
                let (attributes, selfClosing) = try attributes()
                let tag = XMLStartTag(name: string(name), attributes: attributes, line: line)
                try bindPrefixes(of: tag)
                sawRoot = true
                start(tag)
                if selfClosing {
                    unbindPrefixes()
                    end()
                } else {
                    open.append((name, markup))
                }
            }
        }
        if let innermost = open.last {
            let line = lines.position(of: innermost.offset, in: bytes).line
            throw failure(.unclosedElement(name: string(innermost.name), line: line), at: bytes.count)
        }
        guard sawRoot else { throw failure(.empty, at: bytes.count) }
    }

    /// Namespaces in XML: the prefixes `tag` declares come into scope, and every prefix its name and
    /// attributes use must be in scope, as libxml2 and Android's manifest merger require (`tools:node` needs `xmlns:tools`).
    private mutating func bindPrefixes(of tag: XMLStartTag) throws(XMLSyntaxError) {
        var declared: [String] = []
        for attribute in tag.attributes where attribute.name.utf8.starts(with: Token.namespaceDeclaration) {
            let prefix = String(attribute.name.dropFirst(Token.namespaceDeclaration.count))
            declared.append(prefix)
            prefixesInScope[prefix, default: 0] += 1
        }
        declaredPrefixes.append(declared)
        for (name, line) in [(tag.name, tag.line)] + tag.attributes.map({ ($0.name, $0.line) }) {
            guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let prefix = String(name[..<colon])
            if prefix == "xml" || prefix == "xmlns" || prefixesInScope[prefix, default: 0] > 0 { continue }
            throw XMLSyntaxError(reason: .unboundPrefix(name: name), line: line, column: nil)
        }
    }

    /// The prefixes the innermost element declared go out of scope.
    private mutating func unbindPrefixes() {
        for prefix in declaredPrefixes.popLast() ?? [] { prefixesInScope[prefix, default: 1] -= 1 }
    }

    /// Character data up to the next `<`: references must be known, and outside the root only whitespace may stand.
    private mutating func text(insideRoot: Bool) throws(XMLSyntaxError) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.lessThan { return }
            if !insideRoot && !Byte.isWhitespace(byte) { throw failure(.textOutsideRoot, at: index) }
            if byte == Byte.ampersand {
                _ = try reference()
                continue
            }
            if Byte.isForbiddenControl(byte) { throw failure(.forbiddenCharacter, at: index) }
            if byte == Byte.closeBracket, matches(Token.cdataEnd, at: index) { throw failure(.cdataEndInText, at: index) }
            index += 1
        }
    }

    /// The attributes after a tag's name, up to and past its `>` or `/>`.
    private mutating func attributes() throws(XMLSyntaxError) -> ([XMLAttribute], selfClosing: Bool) {
        var attributes: [XMLAttribute] = []
        // Names seen, once a tag has many attributes (a few are compared one by one).
        var names: Set<String> = []
        while true {
            let spaced = skipWhitespace()
            guard index < bytes.count else { throw failure(.unclosedTag, at: index) }
            if bytes[index] == Byte.greaterThan {
                index += 1
                return (attributes, false)
            }
            if bytes[index] == Byte.slash {
                index += 1
                guard index < bytes.count else { throw failure(.unclosedTag, at: index) }
                guard bytes[index] == Byte.greaterThan else { throw failure(.missingGreaterThan, at: index) }
                index += 1
                return (attributes, true)
            }
            let nameStart = index
            guard let name = name() else { throw failure(.nameExpected, at: index) }
            guard spaced else { throw failure(.missingSpace, at: nameStart) }
            let line = lines.position(of: nameStart, in: bytes).line
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unclosedTag, at: index) }
            guard bytes[index] == Byte.equals else { throw failure(.attributeWithoutValue, at: index) }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unclosedTag, at: index) }
            let quote = bytes[index]
            guard quote == Byte.doubleQuote || quote == Byte.singleQuote else { throw failure(.attributeNotQuoted, at: index) }
            index += 1
            let attribute = XMLAttribute(name: string(name), value: try attributeValue(until: quote), line: line)
            let repeated: Bool
            if attributes.count < 8 {
                repeated = attributes.contains { $0.name == attribute.name }
            } else {
                if names.isEmpty { names = Set(attributes.map(\.name)) }
                repeated = !names.insert(attribute.name).inserted
            }
            if repeated { throw failure(.attributeGivenTwice(name: attribute.name), at: nameStart) }
            attributes.append(attribute)
        }
    }

    /// The value up to its closing `quote` (moved past): references replaced, and tab, CR, LF and CRLF as
    /// one space each, as XML normalises attribute values.
    private mutating func attributeValue(until quote: UInt8) throws(XMLSyntaxError) -> String {
        let start = index
        // Built only once a reference or a whitespace character changes the value.
        var changed: [UInt8]?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return changed.map { String(decoding: $0, as: UTF8.self) } ?? string(start..<(index - 1))
            }
            switch byte {
            case Byte.lessThan:
                throw failure(.lessThanInAttributeValue, at: index)
            case Byte.ampersand:
                var value = changed ?? Array(bytes[start..<index])
                UTF8.encode(try reference()) { value.append($0) }
                changed = value
                continue
            case Byte.tab, Byte.lineFeed, Byte.carriageReturn:
                if changed == nil { changed = Array(bytes[start..<index]) }
                if byte == Byte.carriageReturn, index + 1 < bytes.count, bytes[index + 1] == Byte.lineFeed { index += 1 }
                changed?.append(Byte.space)
            default:
                if Byte.isForbiddenControl(byte) { throw failure(.forbiddenCharacter, at: index) }
                changed?.append(byte)
            }
            index += 1
        }
        throw failure(.unclosedAttributeValue, at: start - 1)
    }

    /// `&name;` (one of the five predefined entities) or `&#…;` / `&#x…;` at `index`, moved past; the character it stands for.
    private mutating func reference() throws(XMLSyntaxError) -> Unicode.Scalar {
        let ampersand = index
        index += 1
        if index < bytes.count, bytes[index] == Byte.hash {
            index += 1
            var radix = 10
            if index < bytes.count, bytes[index] == Byte.x {
                radix = 16
                index += 1
            }
            var value = 0
            var digits = 0
            while index < bytes.count, let digit = Byte.digit(bytes[index], radix: radix) {
                // Capped just past the last code point: a thousand digits neither overflow nor pass.
                value = min(value * radix + digit, 0x110000)
                digits += 1
                index += 1
            }
            guard digits > 0, index < bytes.count, bytes[index] == Byte.semicolon else { throw failure(.badReference, at: ampersand) }
            index += 1
            guard Byte.isXMLCharacter(value), let scalar = Unicode.Scalar(UInt32(value)) else {
                throw failure(.badCharacterReference, at: ampersand)
            }
            return scalar
        }
        guard let name = name(), index < bytes.count, bytes[index] == Byte.semicolon else { throw failure(.badReference, at: ampersand) }
        index += 1
        for (entity, scalar) in Token.predefinedEntities where same(name, entity) { return scalar }
        throw failure(.undeclaredEntity(name: string(name), afterInternalSubset: skippedInternalSubset), at: ampersand)
    }

    /// `<!-- … -->` at `index`, moved past; `--` may only end it.
    private mutating func comment() throws(XMLSyntaxError) {
        let open = index
        var cursor = index + Token.comment.count
        while cursor + 2 < bytes.count {
            if bytes[cursor] == Byte.hyphen && bytes[cursor + 1] == Byte.hyphen {
                guard bytes[cursor + 2] == Byte.greaterThan else { throw failure(.doubleHyphenInComment, at: cursor) }
                index = cursor + 3
                return
            }
            cursor += 1
        }
        throw failure(.unclosedComment, at: open)
    }

    /// `<!DOCTYPE …>` at `index`, moved past unread. Quoted strings and comments in the internal subset
    /// (`[…]`) may hold `>`, so they are stepped over whole.
    private mutating func doctype() throws(XMLSyntaxError) {
        let open = index
        var cursor = index + Token.doctype.count
        var inSubset = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == Byte.doubleQuote || byte == Byte.singleQuote {
                var close = cursor + 1
                while close < bytes.count, bytes[close] != byte { close += 1 }
                cursor = close + 1
                continue
            }
            if inSubset, matches(Token.comment, at: cursor) {
                var close = cursor + Token.comment.count
                while close < bytes.count, !matches(Token.commentEnd, at: close) { close += 1 }
                cursor = close + Token.commentEnd.count
                continue
            }
            if byte == Byte.openBracket {
                inSubset = true
                skippedInternalSubset = true
            } else if byte == Byte.closeBracket {
                inSubset = false
            } else if byte == Byte.greaterThan && !inSubset {
                index = cursor + 1
                return
            }
            cursor += 1
        }
        throw failure(.unclosedDoctype, at: open)
    }

    /// Moves past the first `terminator` at or after `from`.
    private mutating func skip(past terminator: [UInt8], from: Int, else reason: XMLSyntaxError.Reason) throws(XMLSyntaxError) {
        var cursor = from
        while cursor + terminator.count <= bytes.count {
            if matches(terminator, at: cursor) {
                index = cursor + terminator.count
                return
            }
            cursor += 1
        }
        throw failure(reason, at: index)
    }

    /// An XML name at `index` (a prefix and its colon included), moved past; nil when none starts there.
    private mutating func name() -> Range<Int>? {
        guard index < bytes.count, Byte.isNameStart(bytes[index]) else { return nil }
        let start = index
        index += 1
        while index < bytes.count, Byte.isName(bytes[index]) { index += 1 }
        return start..<index
    }

    /// Whether any whitespace was skipped.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, Byte.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    private func matches(_ token: [UInt8], at offset: Int) -> Bool {
        guard offset + token.count <= bytes.count else { return false }
        for (position, byte) in token.enumerated() where bytes[offset + position] != byte { return false }
        return true
    }

    private func same(_ range: Range<Int>, _ other: Range<Int>) -> Bool {
        guard range.count == other.count else { return false }
        for position in 0..<range.count where bytes[range.lowerBound + position] != bytes[other.lowerBound + position] { return false }
        return true
    }

    private func same(_ range: Range<Int>, _ token: [UInt8]) -> Bool {
        range.count == token.count && matches(token, at: range.lowerBound)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private mutating func failure(_ reason: XMLSyntaxError.Reason, at offset: Int) -> XMLSyntaxError {
        let position = lines.position(of: min(offset, bytes.count), in: bytes)
        return XMLSyntaxError(reason: reason, line: position.line, column: position.column)
    }
}

/// Line and byte column of offsets asked for in increasing order: each newline is counted once.
private struct LineCounter {
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    mutating func position(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if target < offset { self = LineCounter() }
        while offset < target {
            if bytes[offset] == Byte.lineFeed {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
        return (line, target - lineStart + 1)
    }
}

/// The markup the scanner recognises, as bytes.
private enum Token {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let processingInstruction = Array("<?".utf8)
    static let processingInstructionEnd = Array("?>".utf8)
    static let comment = Array("<!--".utf8)
    static let commentEnd = Array("-->".utf8)
    static let cdata = Array("<![CDATA[".utf8)
    static let cdataEnd = Array("]]>".utf8)
    static let doctype = Array("<!DOCTYPE".utf8)
    static let endTag = Array("</".utf8)
    static let namespaceDeclaration = Array("xmlns:".utf8)
    static let predefinedEntities: [([UInt8], Unicode.Scalar)] = [
        (Array("lt".utf8), "<"), (Array("gt".utf8), ">"), (Array("amp".utf8), "&"), (Array("quot".utf8), "\""), (Array("apos".utf8), "'"),
    ]
}

/// Byte classes of XML 1.0 over UTF-8: every byte of a multi-byte character counts as a name character.
private enum Byte {
    static let tab = UInt8(ascii: "\t"), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
    static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/"), equals = UInt8(ascii: "=")
    static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'"), ampersand = UInt8(ascii: "&")
    static let hash = UInt8(ascii: "#"), x = UInt8(ascii: "x"), semicolon = UInt8(ascii: ";"), hyphen = UInt8(ascii: "-")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == lineFeed || byte == tab || byte == carriageReturn
    }

    /// Control characters XML 1.0 forbids everywhere (all below space but tab, LF and CR).
    static func isForbiddenControl(_ byte: UInt8) -> Bool {
        byte < space && byte != tab && byte != lineFeed && byte != carriageReturn
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    static func isName(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == hyphen || byte == UInt8(ascii: ".")
    }

    static func digit(_ byte: UInt8, radix: Int) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// XML 1.0's `Char` production, for character references.
    static func isXMLCharacter(_ value: Int) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
            || (0x10000...0x10FFFF).contains(value)
    }
}
