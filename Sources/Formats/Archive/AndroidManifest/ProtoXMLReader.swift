
/// The manifest of an .aab: aapt2's `XmlNode` protobuf (frameworks/base/tools/aapt2/Resources.proto:
/// XmlNode.element = 1; XmlElement.name = 3, attribute = 4, child = 5; XmlAttribute.name = 2, value = 3,
/// resource_id = 5, compiled_item = 6; Item.prim = 7). Read with a small wire-format walker: every length is
/// checked against its message, depth and element count are bounded.
package enum ProtoXMLReader {
    static let maxElements = 100_000
    package static let maxDepth = 64

    package struct Field {
        package let number: Int
        let varint: UInt64?
        package let bytes: ArraySlice<UInt8>?
    }

    package static func fields(_ data: ArraySlice<UInt8>) throws(DecodeError) -> [Field] {
        var out: [Field] = []
        var i = data.startIndex
        func varint() throws(DecodeError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard i < data.endIndex, shift < 64 else { throw DecodeError("a protobuf varint runs past its message") }
                let byte = data[i]
                i += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }
        while i < data.endIndex {
            let key = try varint()
            let number = Int(key >> 3)
            switch key & 7 {
            case 0: out.append(Field(number: number, varint: try varint(), bytes: nil))
            case 1: i += 8
            case 5: i += 4
            case 2:
                let length = try varint()
                guard length <= UInt64(data.endIndex - i) else { throw DecodeError("a protobuf field of \(length) bytes runs past its message") }
                out.append(Field(number: number, varint: nil, bytes: data[i..<i + Int(length)]))
                i += Int(length)
            default: throw DecodeError("protobuf wire type \(key & 7) is not one aapt2 writes")
            }
            guard i <= data.endIndex else { throw DecodeError("a protobuf field runs past its message") }
        }
        return out
    }

    package static func read(_ bytes: [UInt8], location: SourceLocation) throws(DecodeError) -> ArchivedAndroidManifest {
        var manifest = ArchivedAndroidManifest(location: location)
        var elements = 0
        func node(_ data: ArraySlice<UInt8>, depth: Int) throws(DecodeError) {
            guard depth < maxDepth else { throw DecodeError("elements nest deeper than \(maxDepth)") }
            for field in try fields(data) where field.number == 1 {
                guard let element = field.bytes else { continue }
                elements += 1
                guard elements <= maxElements else { throw DecodeError("more than \(maxElements) elements") }
                var name = ""
                var attributes: [String: String] = [:]
                var children: [ArraySlice<UInt8>] = []
                for part in try fields(element) {
                    switch part.number {
                    case 3: name = part.bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
                    case 4: if let bytes = part.bytes, let (key, value) = try attribute(bytes) { attributes[key] = value }
                    case 5: if let bytes = part.bytes { children.append(bytes) }
                    default: break
                    }
                }
                manifest.add(element: name, depth: depth, attributes: attributes)
                for child in children { try node(child, depth: depth + 1) }
            }
        }
        try node(bytes[...], depth: 0)
        return manifest
    }

    package static func attribute(_ data: ArraySlice<UInt8>) throws(DecodeError) -> (String, String)? {
        var name: String?
        var value: String?
        var resourceID: UInt32?
        var primitive: String?
        for field in try fields(data) {
            switch field.number {
            case 2: name = field.bytes.map { String(decoding: $0, as: UTF8.self) }
            case 3: value = field.bytes.map { String(decoding: $0, as: UTF8.self) }
            case 5: resourceID = field.varint.map { UInt32(truncatingIfNeeded: $0) }
            case 6:
                // compiled_item → prim → its first varint (int_decimal_value, boolean_value…).
                guard let item = field.bytes else { break }
                for prim in try fields(item) where prim.number == 7 {
                    if let bytes = prim.bytes, let first = try fields(bytes).first(where: { $0.varint != nil })?.varint {
                        primitive = String(Int32(truncatingIfNeeded: first))
                    }
                }
            default: break
            }
        }
        let key = resourceID.flatMap { ArchivedAndroidManifest.attributeIDs[$0] } ?? name
        guard let key, let text = (value?.isEmpty == false ? value : nil) ?? primitive else { return nil }
        return (key, text)
    }
}
