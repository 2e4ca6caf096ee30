import Support

/// A necessary condition for a checklist's regular expression to match, read from the pattern when it is a plain
/// alternation of literal text (`terms of use|EULA|\bIAP\b`, `\x{F8FF}`, `^android\.permission\.health\.`): a text
/// holding none of the alternatives cannot match, and is ruled out by a byte search instead of an ICU run
/// (NSRegularExpression on Linux converts every text and matches case-insensitively code point by code point:
/// 13M instructions for three `metadata.mentions` rules on simplenote-ios's descriptions). Any other construct
/// (groups, classes, quantifiers, `.`, `\s`…) gives no prefilter, and the regex decides as before.
struct RegexPrefilter: Sendable {
    /// Each alternative's literal text as UTF-8 (lower-cased when case-insensitive, then ASCII only).
    let alternatives: [[UInt8]]
    let caseInsensitive: Bool

    /// Code points that match an ASCII letter case-insensitively though they are not one (`K` KELVIN SIGN, `ſ`,
    /// `ß` ~ "ss", the `ﬁ` ligatures…: Unicode's case folding, full and simple). A text holding one is left to ICU.
    static let foldsToASCII: Set<UInt32> = [0x00DF, 0x0130, 0x0131, 0x0149, 0x017F, 0x01F0, 0x1E96, 0x1E97, 0x1E98, 0x1E99,
                                            0x1E9A, 0x1E9E, 0x212A, 0xFB00, 0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06]

    /// Nil when the pattern is anything but literal alternatives (with zero-width `^`, `$`, `\A`, `\z`, `\Z`, `\b`, `\B`).
    init?(pattern: String, caseInsensitive: Bool) {
        var alternatives: [[UInt8]] = []
        var current: [UInt8] = []
        var scalars = pattern.unicodeScalars.makeIterator()

        func append(_ scalar: Unicode.Scalar) -> Bool {
            if caseInsensitive {
                guard scalar.isASCII else { return false }
                let byte = UInt8(scalar.value)
                current.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            } else {
                current += Array(String(scalar).utf8)
            }
            return true
        }

        while let scalar = scalars.next() {
            switch scalar {
            case "|":
                guard !current.isEmpty else { return nil }
                alternatives.append(current)
                current = []
            case "^", "$":
                continue
            case "(", ")", "[", "]", "{", "}", "*", "+", "?", ".":
                return nil
            case "\\":
                guard let escaped = scalars.next() else { return nil }
                switch escaped {
                case "A", "z", "Z", "b", "B":
                    continue
                case "x":
                    // `\x{HHHH}` only (the two-digit form is rare in checklists).
                    guard scalars.next() == "{" else { return nil }
                    var hex = ""
                    while let digit = scalars.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                    guard hex.count <= 6, let value = UInt32(hex, radix: 16), let literal = Unicode.Scalar(value),
                          append(literal) else { return nil }
                default:
                    // An escaped ASCII punctuation mark is itself; a letter or digit is a class or a back-reference.
                    guard escaped.isASCII, !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped),
                          append(escaped) else { return nil }
                }
            default:
                guard append(scalar) else { return nil }
            }
        }
        guard !current.isEmpty else { return nil }
        alternatives.append(current)
        self.alternatives = alternatives
        self.caseInsensitive = caseInsensitive
    }

    /// False only when `text` cannot match the pattern.
    func mayMatch(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            if caseInsensitive {
                if bytes.contains(where: { $0 >= 0x80 }),
                   text.unicodeScalars.contains(where: { !$0.isASCII && Self.foldsToASCII.contains($0.value) }) { return true }
                return alternatives.contains { StringSearch.occursIgnoringASCIICase($0, in: bytes) }
            }
            return alternatives.contains { alternative in alternative.withUnsafeBufferPointer { StringSearch.occurs($0, in: bytes) } }
        }
    }
}
