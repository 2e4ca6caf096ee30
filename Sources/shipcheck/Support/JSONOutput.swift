import Foundation
import Reports

/// The commands' JSON on the terminal, through the reports' one writer (`JSONValue`): keys sorted, slashes
/// not escaped, the same escaping as `check --format json`.
enum JSONOutput {
    static func serialize(_ value: Any) -> String {
        convert(value).serialized()
    }

    /// Dictionaries, arrays, strings, numbers, booleans and NSNull, as Foundation's JSON writer took them.
    static func convert(_ value: Any) -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .int(number)
        case let number as Double: return number == number.rounded() && abs(number) < 1e15 ? .int(Int(number)) : .double(number)
        case let list as [Any]: return .array(list.map(convert))
        case let object as [String: Any]: return .object(object.keys.sorted().map { ($0, convert(object[$0] as Any)) })
        case let optional as Any? where optional == nil: return .null
        default: return .null
        }
    }
}
