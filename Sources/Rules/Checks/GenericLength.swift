import Foundation
import Project
import YAML

/// `length`: a value's length within `min`/`max`, counted in a stated unit; or the limit of a field
/// (`limit: appstore.subtitle`) looked up in the `field_limits` table, so the limit lives in one place.
/// An empty value is not measured against `min`: that is `present`'s (or the empty-file rule's) job.
enum GenericLength {
    static let function = CheckFunction(
        name: "length", summary: "A value's length is within min/max, counted in graphemes, scalars, UTF-16 units, UTF-8 bytes or non-whitespace",
        options: [
            OptionSpec("max", .int, doc: "Longest allowed length"),
            OptionSpec("min", .int, doc: "Shortest allowed length (empty values are not measured)"),
            OptionSpec("unit", .oneOf(CountUnit.allCases.map(\.rawValue)), doc: "How to count; default utf16, as App Store Connect does"),
            OptionSpec("limit", .string, doc: "A field id (`appstore.subtitle`) whose max/min/unit come from the limits table"),
            OptionSpec("table", .table, doc: "The limits table for `limit`; default `field_limits`"),
            GenericSubjects.fieldsOption,
        ],
        subjects: .optional, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let limit = resolve(invocation) else { return [] }
        return GenericSubjects.subjects(invocation).compactMap { measure($0, limit) }
    }

    /// The limit a rule asks for: its own options win over the table entry they refine.
    static func resolve(_ invocation: CheckInvocation) -> FieldLimitEntry? {
        let options = invocation.options
        var entry = FieldLimitEntry(field: "", max: nil, min: nil, unit: .utf16)
        if let field = options.string("limit") {
            let tableName = options.string("table") ?? "field_limits"
            guard let table = invocation.context.tables[tableName],
                  let found = FieldLimitEntry.parse(table.value).first(where: { $0.field == field }) else { return nil }
            entry = found
        }
        if let max = options.int("max") { entry.max = max }
        if let min = options.int("min") { entry.min = min }
        if let unit = options.string("unit").flatMap(CountUnit.init(rawValue:)) { entry.unit = unit }
        return entry
    }

    static func measure(_ subject: Subject, _ limit: FieldLimitEntry, severity: Severity? = nil,
                        extra: [String: String] = [:]) -> CheckResult? {
        let count = limit.unit.count(subject.value)
        var values = ["count": String(count), "unit": limit.unit.label, "over": "0", "remaining": "", "max": "", "min": ""]
        if let max = limit.max { values["max"] = String(max); values["remaining"] = String(max - count) }
        if let min = limit.min { values["min"] = String(min) }
        if let max = limit.max, count > max {
            values["over"] = String(count - max)
            values["problem"] = "\(count - max) over the limit of \(max)"
        } else if let min = limit.min, count > 0, count < min {
            values["problem"] = "under the minimum of \(min)"
        } else {
            return nil
        }
        return GenericSubjects.result(subject, values: values.merging(extra) { $1 }, severity: severity)
    }
}

/// The units a store may count a field in. App Store Connect counts UTF-16 code units (an emoji outside
/// the BMP counts 2; fastlane#19130), which agrees with per-character counting for CJK.
enum CountUnit: String, CaseIterable, Sendable {
    case graphemes, scalars, utf16, utf8
    case nonWhitespace = "non_whitespace"

    func count(_ text: String) -> Int {
        switch self {
        case .graphemes: return text.count
        case .scalars: return text.unicodeScalars.count
        case .utf16: return text.utf16.count
        case .utf8: return text.utf8.count
        case .nonWhitespace: return text.filter { !$0.isWhitespace }.count
        }
    }

    /// How a message names the unit.
    var label: String {
        switch self {
        case .graphemes: return "characters"
        case .scalars: return "Unicode scalars"
        case .utf16: return "characters (UTF-16 units)"
        case .utf8: return "bytes (UTF-8)"
        case .nonWhitespace: return "non-whitespace characters"
        }
    }
}

/// One row of a `field_limits` table: `{ field: appstore.subtitle, max: 30, min: 2, unit: utf16, source, note }`.
/// (StoreText's `FieldLimit.parseTable` reads the same format for `shipcheck count --field`.)
struct FieldLimitEntry: Sendable, Equatable {
    var field: String
    var max: Int?
    var min: Int?
    var unit: CountUnit

    static func parse(_ node: Node) -> [FieldLimitEntry] {
        (node.sequence ?? []).compactMap { item in
            guard let field = item["field"]?.scalar else { return nil }
            return FieldLimitEntry(field: field, max: item["max"]?.scalar.flatMap { Int($0) },
                                   min: item["min"]?.scalar.flatMap { Int($0) },
                                   unit: item["unit"]?.scalar.flatMap(CountUnit.init(rawValue:)) ?? .utf16)
        }
    }
}
