import Foundation

/// Parses an old-style (OpenStep) property list such as a project.pbxproj straight from its bytes into a
/// `PlistValue`: dictionaries `{ key = value; }`, arrays `( a, b, )`, quoted and unquoted strings, `<hex>`
/// data, `//` and `/* */` comments. Foundation's parser builds an untyped object graph first and takes
/// ~150 ms on a 450 KB project file; this takes a few. Binary and XML property lists still go through
/// `PlistReader` (Foundation).
package struct OpenStepParser {
    package struct Failure: Error, Sendable {
        package let line: Int
        package let message: String
    }

    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0
    /// Nesting deeper than this is refused rather than followed (no real project comes near it).
    private static let maxDepth = 256

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
    }

    package static func parse(_ bytes: [UInt8]) -> Result<PlistValue, Failure> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = OpenStepParser(buffer)
            do {
                let value = try parser.value(depth: 0)
                parser.skipSpace()
                if parser.i < buffer.count { throw parser.failure("unexpected text after the top-level value") }
                return .success(value)
            } catch let error as Failure {
                return .failure(error)
            } catch {
                return .failure(Failure(line: 1, message: "\(error)"))
            }
        }
    }

    private func failure(_ message: String) -> Failure {
        var line = 1
        for k in 0..<min(i, b.count) where b[k] == 0x0A { line += 1 }
        return Failure(line: line, message: message)
    }

    private mutating func skipSpace() {
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C || c == 0x0B {
                i += 1
            } else if c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "/") {
                while i < b.count, b[i] != 0x0A { i += 1 }
            } else if c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < b.count, !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(i + 2, b.count)
            } else {
                return
            }
        }
    }

    private mutating func value(depth: Int) throws -> PlistValue {
        guard depth < Self.maxDepth else { throw failure("nested more than \(Self.maxDepth) levels deep") }
        skipSpace()
        guard i < b.count else { throw failure("unexpected end of file, expected a value") }
        switch b[i] {
        case UInt8(ascii: "{"):
            i += 1
            var entries: [String: PlistValue] = [:]
            while true {
                skipSpace()
                guard i < b.count else { throw failure("unexpected end of file inside a dictionary") }
                if b[i] == UInt8(ascii: "}") {
                    i += 1
                    return .dictionary(entries)
                }
                let key = try string()
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "=") else { throw failure("expected `=` after the key \"\(key)\"") }
                i += 1
                let item = try value(depth: depth + 1)
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ";") else { throw failure("expected `;` after the value of \"\(key)\"") }
                i += 1
                entries[key] = item
            }
        case UInt8(ascii: "("):
            i += 1
            var items: [PlistValue] = []
            while true {
                skipSpace()
                guard i < b.count else { throw failure("unexpected end of file inside an array") }
                if b[i] == UInt8(ascii: ")") {
                    i += 1
                    return .array(items)
                }
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < b.count else { throw failure("unexpected end of file inside an array") }
                if b[i] == UInt8(ascii: ",") {
                    i += 1
                } else if b[i] != UInt8(ascii: ")") {
                    throw failure("expected `,` or `)` in an array")
                }
            }
        case UInt8(ascii: "<"):
            return .data(try data())
        default:
            return .string(try string())
        }
    }

    private static func isUnquoted(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
             UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private mutating func string() throws -> String {
        guard i < b.count else { throw failure("unexpected end of file, expected a string") }
        if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") { return try quoted(b[i]) }
        let start = i
        while i < b.count, Self.isUnquoted(b[i]) { i += 1 }
        guard i > start else { throw failure("unexpected character `\(Character(UnicodeScalar(b[i])))`") }
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
    }

    private mutating func quoted(_ delimiter: UInt8) throws -> String {
        let opening = i
        i += 1
        let start = i
        // The common case has no escapes: one slice, decoded once.
        while i < b.count, b[i] != delimiter, b[i] != UInt8(ascii: "\\") { i += 1 }
        guard i < b.count else {
            i = opening
            throw failure("unterminated quoted string")
        }
        if b[i] == delimiter {
            i += 1
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<(i - 1)]), as: UTF8.self)
        }
        var bytes = Array(b[start..<i])
        while i < b.count, b[i] != delimiter {
            guard b[i] == UInt8(ascii: "\\") else {
                bytes.append(b[i])
                i += 1
                continue
            }
            i += 1
            guard i < b.count else { break }
            let c = b[i]
            i += 1
            switch c {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                var digits = 0
                while digits < 4, i < b.count, let digit = Self.hexValue(b[i]) {
                    scalar = scalar << 4 | UInt32(digit)
                    digits += 1
                    i += 1
                }
                bytes += Array(String(UnicodeScalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var code = UInt32(c - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, i < b.count, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "7") {
                    code = code << 3 | UInt32(b[i] - UInt8(ascii: "0"))
                    digits += 1
                    i += 1
                }
                bytes += Array(String(UnicodeScalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
            default:
                bytes.append(c)
            }
        }
        guard i < b.count else {
            i = opening
            throw failure("unterminated quoted string")
        }
        i += 1
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `<0fbd 7771>`: hex digits, spaces ignored.
    private mutating func data() throws -> Data {
        i += 1
        var bytes: [UInt8] = []
        var high: UInt8?
        while i < b.count, b[i] != UInt8(ascii: ">") {
            if let digit = Self.hexValue(b[i]) {
                if let h = high {
                    bytes.append(h << 4 | digit)
                    high = nil
                } else {
                    high = digit
                }
            } else if !(b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D) {
                throw failure("unexpected character in <data>")
            }
            i += 1
        }
        guard i < b.count, high == nil else { throw failure("unterminated or odd-length <data>") }
        i += 1
        return Data(bytes)
    }
}
