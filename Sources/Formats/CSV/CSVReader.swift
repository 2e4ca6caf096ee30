import Support

/// A minimal RFC 4180 reader: comma-separated fields, `"`-quoted fields with `""` for a quote and
/// line breaks inside quotes, LF or CRLF record ends. It works on bytes (every delimiter is ASCII,
/// so UTF-8 text passes through untouched) and remembers the line each record starts on, so that
/// an error in a Data safety export can point at the line a user sees in an editor.
public enum CSVReader {
    /// One record and the 1-based line it starts on.
    public struct Record: Sendable, Equatable {
        public let fields: [String]
        public let line: Int
    }

    /// A syntax error: an unterminated quoted field, or text after a closing quote.
    public struct SyntaxError: Error, Sendable, Equatable {
        public let line: Int
        public let message: String
    }

    /// The records of `bytes` (without a UTF-8 BOM). Blank lines between records are skipped.
    public static func records(_ bytes: [UInt8]) throws(SyntaxError) -> [Record] {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = bytes.startIndex
        var atFieldStart = true
        var recordIsEmpty = true

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            if !(recordIsEmpty && fields.isEmpty) { records.append(Record(fields: fields, line: recordLine)) }
            fields.removeAll()
        }

        while index < bytes.endIndex {
            let byte = bytes[index]
            if atFieldStart && byte == quote {
                // A quoted field: runs to the next quote that is not doubled.
                let startLine = line
                index += 1
                var closed = false
                while index < bytes.endIndex {
                    let b = bytes[index]
                    if b == quote {
                        if index + 1 < bytes.endIndex && bytes[index + 1] == quote {
                            field.append(quote)
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    if b == lf { line += 1 }
                    field.append(b)
                    index += 1
                }
                guard closed else {
                    throw SyntaxError(line: startLine, message: "a quoted field starting on this line is never closed")
                }
                recordIsEmpty = false
                atFieldStart = false
                // Only a delimiter or the end of the record may follow a closing quote.
                if index < bytes.endIndex, ![comma, cr, lf].contains(bytes[index]) {
                    throw SyntaxError(line: line, message: "unexpected text after a closing quote (write a quote inside a quoted field as \"\")")
                }
                continue
            }
            switch byte {
            case comma:
                endField()
                recordIsEmpty = false
                atFieldStart = true
                index += 1
            case cr, lf:
                if !recordIsEmpty || !field.isEmpty { endField() }
                endRecord()
                if byte == cr, index + 1 < bytes.endIndex, bytes[index + 1] == lf { index += 1 }
                index += 1
                line += 1
                recordLine = line
                recordIsEmpty = true
                atFieldStart = true
            default:
                field.append(byte)
                recordIsEmpty = false
                atFieldStart = false
                index += 1
            }
        }
        if !recordIsEmpty || !field.isEmpty { endField() }
        endRecord()
        return records
    }
}
