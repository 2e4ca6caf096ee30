
/// Android's binary XML (the AndroidManifest.xml of an .apk, written by aapt2): a string pool, a resource
/// map of attribute ids, then start and end element chunks. Every chunk's size is checked against its
/// parent before it is read; the depth and the count of elements are bounded.
package enum BinaryXMLReader {
    static let maxElements = 100_000
    package static let maxDepth = 64

    package static func read(_ bytes: [UInt8], location: SourceLocation) throws(DecodeError) -> ArchivedAndroidManifest {
        let c = ByteCursor(bytes)
        guard try c.u16(0, "the binary XML header") == 0x0003 else { throw DecodeError("not Android binary XML (no RES_XML_TYPE header)") }
        let total = min(try c.u32(4, "the binary XML header"), bytes.count)
        var manifest = ArchivedAndroidManifest(location: location)
        var strings: [String] = []
        var resourceIDs: [UInt32] = []
        var offset = try c.u16(2, "the binary XML header")
        var depth = 0
        var elements = 0
        while offset + 8 <= total {
            let type = try c.u16(offset, "chunk at \(offset)")
            let headerSize = try c.u16(offset + 2, "chunk at \(offset)")
            let size = try c.u32(offset + 4, "chunk at \(offset)")
            guard size >= 8, headerSize >= 8, headerSize <= size, offset + size <= total else {
                throw DecodeError("the chunk at offset \(offset) (type 0x\(String(type, radix: 16)), \(size) bytes) runs past the end of the file (\(total) bytes)")
            }
            switch type {
            case 0x0001: strings = try stringPool(c, at: offset, headerSize: headerSize, size: size)
            case 0x0180:
                let count = (size - headerSize) / 4
                resourceIDs = try (0..<count).map { i throws(DecodeError) in UInt32(try c.u32(offset + headerSize + 4 * i)) }
            case 0x0102:
                elements += 1
                guard elements <= maxElements, depth < maxDepth else { throw DecodeError("more than \(maxElements) elements or deeper than \(maxDepth)") }
                let ext = offset + headerSize
                let name = try c.u32(ext + 4, "an element's name")
                let attributeStart = try c.u16(ext + 8)
                let attributeSize = try c.u16(ext + 10)
                let attributeCount = try c.u16(ext + 12)
                guard attributeSize >= 20, ext + attributeStart + attributeCount * attributeSize <= offset + size else {
                    throw DecodeError("the attributes of the element at offset \(offset) run past its chunk")
                }
                var attributes: [String: String] = [:]
                for i in 0..<attributeCount {
                    let at = ext + attributeStart + i * attributeSize
                    let nameIndex = try c.u32(at + 4)
                    let raw = try c.u32(at + 8)
                    let dataType = c.bytes[at + 15]
                    let data = try c.u32(at + 16)
                    let attributeName = nameIndex < resourceIDs.count
                        ? ArchivedAndroidManifest.attributeIDs[resourceIDs[nameIndex]] ?? string(strings, nameIndex)
                        : string(strings, nameIndex)
                    let value: String?
                    switch dataType {
                    case 0x03: value = string(strings, data)
                    case 0x10, 0x11: value = String(Int32(truncatingIfNeeded: data))
                    case 0x12: value = data != 0 ? "true" : "false"
                    default: value = raw != 0xFFFF_FFFF ? string(strings, raw) : nil
                    }
                    if let attributeName, let value { attributes[attributeName] = value }
                }
                if let element = string(strings, name) { manifest.add(element: element, depth: depth, attributes: attributes) }
                depth += 1
            case 0x0103:
                depth = max(0, depth - 1)
            default:
                break
            }
            offset += size
        }
        return manifest
    }

    package static func string(_ pool: [String], _ index: Int) -> String? {
        index >= 0 && index < pool.count ? pool[index] : nil
    }

    /// UTF-16 (length in u16 units, a second unit when the high bit is set) or UTF-8 (UTF-16 length, then
    /// byte length, each one or two bytes). Each distinct offset is decoded once (indices naming the same
    /// offset share the string), and the bytes decoded from distinct offsets may not exceed
    /// `maxDecodedPerPoolByte` times the pool's size: offsets into the middle of one long string would
    /// otherwise decode it again and again (a 7 KB manifest could ask for gigabytes).
    static func stringPool(_ c: ByteCursor, at chunk: Int, headerSize: Int, size: Int) throws(DecodeError) -> [String] {
        let count = try c.u32(chunk + 8, "the string pool")
        let flags = try c.u32(chunk + 16, "the string pool")
        let start = try c.u32(chunk + 20, "the string pool")
        guard count <= (size - headerSize) / 4, start <= size else { throw DecodeError("the string pool declares \(count) strings in \(size) bytes") }
        let utf8 = flags & 0x100 != 0
        var strings: [String] = []
        strings.reserveCapacity(count)
        var decoded: [Int: String] = [:]
        var decodedBytes = 0
        let budget = maxDecodedPerPoolByte * size
        for i in 0..<count {
            var at = chunk + start + (try c.u32(chunk + headerSize + 4 * i, "string offset \(i)"))
            let end = chunk + size
            guard at < end else { throw DecodeError("string \(i) lies past the string pool") }
            if let known = decoded[at] {
                strings.append(known)
                continue
            }
            let offset = at
            let text: String
            if utf8 {
                func length() throws(DecodeError) -> Int {
                    let first = Int(try c.uint(at, 1, "string \(i)"))
                    at += 1
                    guard first & 0x80 != 0 else { return first }
                    defer { at += 1 }
                    return (first & 0x7F) << 8 | Int(try c.uint(at, 1, "string \(i)"))
                }
                _ = try length()
                let bytes = try length()
                guard at + bytes <= end else { throw DecodeError("string \(i) runs past the string pool") }
                decodedBytes += bytes
                guard decodedBytes <= budget else { throw overlapping(size) }
                text = String(decoding: c.bytes[at..<at + bytes], as: UTF8.self)
            } else {
                var units = try c.u16(at, "string \(i)")
                at += 2
                if units & 0x8000 != 0 { units = (units & 0x7FFF) << 16 | (try c.u16(at, "string \(i)")); at += 2 }
                guard at + units * 2 <= end else { throw DecodeError("string \(i) runs past the string pool") }
                decodedBytes += units * 2
                guard decodedBytes <= budget else { throw overlapping(size) }
                let code = (0..<units).map { UInt16(c.bytes[at + 2 * $0]) | UInt16(c.bytes[at + 2 * $0 + 1]) << 8 }
                text = String(decoding: code, as: UTF16.self)
            }
            decoded[offset] = text
            strings.append(text)
        }
        return strings
    }

    /// aapt2 writes each string once, so distinct strings never decode to more than the pool holds; twice
    /// that (plus the headers' slack) is refused as overlapping strings.
    static let maxDecodedPerPoolByte = 2

    static func overlapping(_ size: Int) -> DecodeError {
        DecodeError("the string pool's strings overlap: they decode to more than \(maxDecodedPerPoolByte) times the pool's \(size) bytes (a hostile manifest?)")
    }
}
