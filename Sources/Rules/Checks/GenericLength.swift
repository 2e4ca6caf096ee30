import Foundation
import Project
import StoreText

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
            OptionSpec("limit", .tableKey(tableOption: "table", defaultTable: "field_limits"), doc: "A field id (`appstore.subtitle`) whose max/min/unit come from the limits table"),
            OptionSpec("table", .table, decode: FieldLimitTable.decoder, doc: "The limits table for `limit`; default `field_limits`"),
        ],
        subjects: .required,
        placeholders: ["count", "unit", "over", "remaining", "max", "min", "problem", "value", "store", "tree", "field", "locale", "version"],
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let limit = resolve(invocation) else { return [] }
        return invocation.subjects.compactMap { measure($0, limit) }
    }

    /// The limit a rule asks for: its own options win over the table entry they refine.
    /// The table (named, or `field_limits`) is decoded at load, and a `limit:` it lacks is a load error, so
    /// neither is missing here.
    static func resolve(_ invocation: CheckInvocation) -> LengthLimit? {
        let options = invocation.options
        var entry = LengthLimit(max: nil, min: nil, unit: .utf16)
        if let field = options.string("limit") {
            guard let found = invocation.decoded("table", as: FieldLimitTable.self)?.limit(of: field) else { return nil }
            entry = LengthLimit(max: found.max, min: found.min, unit: found.unit)
        }
        if let max = options.int("max") { entry.max = max }
        if let min = options.int("min") { entry.min = min }
        if let unit = options.string("unit").flatMap(CountUnit.init(rawValue:)) { entry.unit = unit }
        return entry
    }

    static func measure(_ subject: Subject, _ limit: LengthLimit, severity: Severity? = nil,
                        extra: [String: String] = [:]) -> CheckResult? {
        let count = TextCounter.count(subject.value, in: limit.unit)
        var values = ["count": String(count), "unit": limit.unitLabel, "over": "0", "remaining": "", "max": "", "min": ""]
        if let max = limit.max { values["max"] = String(max); values["remaining"] = String(max - count) }
        if let min = limit.min { values["min"] = String(min) }
        var evidence: String?
        if let max = limit.max, count > max {
            values["over"] = String(count - max)
            values["problem"] = "\(count - max) over the limit of \(max)"
            // Quote what does not fit (cut on a grapheme boundary), so the finding shows the text to move or drop.
            let check = FieldLimit(field: "", max: max, unit: limit.unit, source: "").evaluate(subject.value)
            if let cut = check.cutIndex { evidence = "…" + TextPosition.snippet(String(subject.value[cut...]), limit: 60) }
        } else if let min = limit.min, count > 0, count < min {
            values["problem"] = "under the minimum of \(min)"
        } else {
            return nil
        }
        return GenericSubjects.result(subject, evidence: evidence, values: values.merging(extra) { $1 }, severity: severity)
    }
}

/// The limit a `length` rule applies: a `field_limits` row, refined by the rule's own options.
struct LengthLimit: Sendable, Equatable {
    var max: Int?
    var min: Int?
    var unit: CountUnit

    /// How a message names the unit: "characters (UTF-16 units)" says both what Apple says and what is counted.
    var unitLabel: String { unit == .utf16 ? "characters (UTF-16 units)" : unit.noun }
}
