import Foundation

/// A property list value as a `Sendable` tree, so that rules can validate a plist (a privacy manifest,
/// an Info.plist) without Foundation's untyped `Any`. Dictionaries keep their keys sorted for stable output.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// What kind of value this is, in plist words, for messages ("expected an array, found a string").
    public var typeName: String {
        switch self {
        case .string: return "a string"
        case .bool: return "a boolean"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var array: [PlistValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionary: [String: PlistValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    public subscript(key: String) -> PlistValue? { dictionary?[key] }

    /// Converts what `PropertyListSerialization` returns. On Linux a `<true/>` is a Swift `Bool` while an
    /// `<integer>` is an `NSNumber` that also casts to `Bool`, so the exact type is tested first.
    package init?(foundation value: Any) {
        if type(of: value) == Bool.self, let flag = value as? Bool {
            self = .bool(flag)
        } else if let text = value as? String {
            self = .string(text)
        } else if type(of: value) == Double.self, let number = value as? Double {
            self = .real(number)
        } else if let number = value as? NSNumber {
            let double = number.doubleValue
            if double == double.rounded(), abs(double) < 9e18 { self = .integer(number.intValue) } else { self = .real(double) }
        } else if let date = value as? Date {
            self = .date(date)
        } else if let data = value as? Data {
            self = .data(data)
        } else if let items = value as? [Any] {
            var converted: [PlistValue] = []
            for item in items {
                guard let value = PlistValue(foundation: item) else { return nil }
                converted.append(value)
            }
            self = .array(converted)
        } else if let entries = value as? [AnyHashable: Any] {
            var converted: [String: PlistValue] = [:]
            for (key, item) in entries {
                guard let key = key.base as? String, let value = PlistValue(foundation: item) else { return nil }
                converted[key] = value
            }
            self = .dictionary(converted)
        } else {
            return nil
        }
    }
}
