import Foundation
import Support

/// Decodes a binary property list (`bplist00`) into a `PlistValue` on bytes, without Foundation.
/// Foundation's reader crashes on a set (marker 0xC: bridging `Set` on Linux dereferences a bad
/// conformance, SIGSEGV from a 46-byte file), so no binary plist from a repository or an archive reaches it.
/// `BinaryPlistBounds` has already refused cycles, deep nesting and exponential sharing; this decoder
/// still checks every offset and length itself, so a file that walk could not follow fails here, cleanly.
package enum BinaryPlistDecoder {
    package struct Failure: Error, Sendable { package let message: String }

    package static func decode(_ bytes: [UInt8]) -> Result<PlistValue, Failure> {
        let trailer: BinaryPlistBounds.Trailer
        switch BinaryPlistBounds.Trailer.read(bytes) {
        case .success(let read): trailer = read
        case .failure(let damaged): return .failure(Failure(message: damaged.message))
        }
        var reader = Reader(bytes: bytes, end: trailer.start, offsetSize: trailer.offsetSize, refSize: trailer.refSize,
                            count: trailer.count, table: trailer.tableOffset)
        do {
            return .success(try reader.value(of: trailer.top, depth: 0))
        } catch {
            return .failure(error)
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        /// Objects live between the header and the offset table; nothing is read from the trailer.
        let end: Int
        let offsetSize: Int
        let refSize: Int
        let count: Int
        let table: Int
        /// Objects decoded so far, so a shared reference is decoded once (BinaryPlistBounds bounds the expansion).
        var decoded: [Int: PlistValue] = [:]
        var inProgress: Set<Int> = []

        mutating func value(of object: Int, depth: Int) throws(Failure) -> PlistValue {
            if let known = decoded[object] { return known }
            guard object >= 0, object < count else { throw Failure(message: "refers to object \(object) of \(count)") }
            guard depth < BinaryPlistBounds.maxDepth else { throw Failure(message: "nests deeper than \(BinaryPlistBounds.maxDepth) levels") }
            guard !inProgress.contains(object) else { throw Failure(message: "has an object that contains itself (a reference cycle)") }
            guard let offset = BinaryPlistBounds.integer(bytes, table + object * offsetSize, offsetSize), offset >= 8, offset < end else {
                throw Failure(message: "has an object offset outside the file")
            }
            inProgress.insert(object)
            defer { inProgress.remove(object) }
            let result = try parse(at: offset, depth: depth)
            decoded[object] = result
            return result
        }

        mutating func parse(at offset: Int, depth: Int) throws(Failure) -> PlistValue {
            let marker = bytes[offset]
            let low = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: throw Failure(message: "holds a null or fill object (marker 0x\(hex(marker))), which is not a property list value")
                }
            case 0x1:
                return .integer(try integer(at: offset + 1, widthExponent: low))
            case 0x2:
                let width = 1 << low
                let raw = try unsigned(at: offset + 1, width: width)
                if width == 4 { return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))) }
                guard width == 8 else { throw Failure(message: "has a real number of \(width) bytes") }
                return .real(Double(bitPattern: raw))
            case 0x3:
                guard marker == 0x33 else { throw Failure(message: "has a damaged date (marker 0x\(hex(marker)))") }
                let seconds = Double(bitPattern: try unsigned(at: offset + 1, width: 8))
                guard seconds.isFinite else { throw Failure(message: "has a date that is not a number") }
                return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case 0x4:
                let (length, start) = try lengthAndStart(offset: offset, low: low)
                return .data(Data(try slice(start, length)))
            case 0x5:
                let (length, start) = try lengthAndStart(offset: offset, low: low)
                let chars = try slice(start, length)
                guard chars.allSatisfy({ $0 < 0x80 }) else { throw Failure(message: "has an ASCII string with non-ASCII bytes") }
                return .string(String(decoding: chars, as: UTF8.self))
            case 0x6:
                let (length, start) = try lengthAndStart(offset: offset, low: low)
                guard length <= (end - start) / 2 else { throw Failure(message: "has a string longer than the file") }
                let raw = try slice(start, length * 2)
                var units: [UInt16] = []
                units.reserveCapacity(length)
                var index = raw.startIndex
                while index < raw.endIndex {
                    units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                    index += 2
                }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x7:
                let (length, start) = try lengthAndStart(offset: offset, low: low)
                return .string(String(decoding: try slice(start, length), as: UTF8.self))
            case 0x8:
                throw Failure(message: "holds a keyed-archiver UID, which is not a property list value")
            case 0xA:
                let (items, start) = try lengthAndStart(offset: offset, low: low)
                var values: [PlistValue] = []
                for ref in try references(start, items) { values.append(try value(of: ref, depth: depth + 1)) }
                return .array(values)
            case 0xC:
                throw Failure(message: "holds a set (binary marker 0xC), which is not a property list type")
            case 0xD:
                let (items, start) = try lengthAndStart(offset: offset, low: low)
                let refs = try references(start, items * 2)
                var entries: [String: PlistValue] = [:]
                for index in 0..<items {
                    guard case .string(let key) = try value(of: refs[index], depth: depth + 1) else {
                        throw Failure(message: "has a dictionary key that is not a string")
                    }
                    entries[key] = try value(of: refs[items + index], depth: depth + 1)
                }
                return .dictionary(entries)
            default:
                throw Failure(message: "has an unknown object marker 0x\(hex(marker))")
            }
        }

        /// A length in the marker's low nibble, or (0xF) in the integer object that follows; and where the content starts.
        func lengthAndStart(offset: Int, low: Int) throws(Failure) -> (Int, Int) {
            guard low == 0x0F else { return (low, offset + 1) }
            guard offset + 1 < end, bytes[offset + 1] >> 4 == 0x1 else { throw Failure(message: "has a damaged length") }
            let exponent = Int(bytes[offset + 1] & 0x0F)
            guard exponent <= 3 else { throw Failure(message: "has a damaged length") }
            let value = try integer(at: offset + 2, widthExponent: exponent)
            guard value >= 0, value <= end else { throw Failure(message: "has a length of \(value) in a file of \(bytes.count) bytes") }
            return (value, offset + 2 + (1 << exponent))
        }

        func references(_ start: Int, _ items: Int) throws(Failure) -> [Int] {
            guard items >= 0, items <= end, start + items * refSize <= end else {
                throw Failure(message: "has a collection of \(items) items in a file of \(bytes.count) bytes")
            }
            return try (0..<items).map { index throws(Failure) in try Int(unsigned(at: start + index * refSize, width: refSize)) }
        }

        func slice(_ start: Int, _ length: Int) throws(Failure) -> ArraySlice<UInt8> {
            guard length >= 0, start <= end, length <= end - start else { throw Failure(message: "has a value that runs past the end of the file") }
            return bytes[start..<(start + length)]
        }

        /// Integers of 1, 2 and 4 bytes are unsigned, of 8 bytes signed; 16-byte integers are read when they fit.
        func integer(at offset: Int, widthExponent: Int) throws(Failure) -> Int {
            switch widthExponent {
            case 0, 1, 2: return Int(try unsigned(at: offset, width: 1 << widthExponent))
            case 3: return Int(Int64(bitPattern: try unsigned(at: offset, width: 8)))
            case 4:
                let high = try unsigned(at: offset, width: 8), lowPart = try unsigned(at: offset + 8, width: 8)
                guard high == 0 || (high == UInt64.max && Int64(bitPattern: lowPart) < 0) else {
                    throw Failure(message: "has an integer over 64 bits")
                }
                return Int(Int64(bitPattern: lowPart))
            default: throw Failure(message: "has an integer of \(1 << min(widthExponent, 15)) bytes")
            }
        }

        func unsigned(at offset: Int, width: Int) throws(Failure) -> UInt64 {
            guard offset >= 0, width >= 1, width <= 8, offset <= end - width else {
                throw Failure(message: "has a value that runs past the end of the file")
            }
            var value: UInt64 = 0
            for index in offset..<(offset + width) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        func hex(_ byte: UInt8) -> String { String(byte, radix: 16, uppercase: true) }
    }
}
