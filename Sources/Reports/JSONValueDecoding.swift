import Foundation

/// Reads a JSON document back into a `JSONValue` (the MCP server reads its requests so): `true` stays a
/// boolean and `1` an integer, which Foundation's `JSONSerialization` (NSNumber for both) cannot promise.
/// Object keys come out sorted, since a dictionary has no order to keep.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let flag = try? container.decode(Bool.self) { self = .bool(flag); return }
        if let number = try? container.decode(Int.self) { self = .int(number); return }
        if let number = try? container.decode(Double.self) { self = .double(number); return }
        if let text = try? container.decode(String.self) { self = .string(text); return }
        if let items = try? container.decode([JSONValue].self) { self = .array(items); return }
        let object = try container.decode([String: JSONValue].self)
        self = .object(object.keys.sorted().map { ($0, object[$0]!) })
    }

    /// The document in `data`, or nil when it is not JSON.
    public static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value under `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
