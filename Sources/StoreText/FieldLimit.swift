import YAML

/// A store's length limit for one metadata field, in the unit that store counts, with where the
/// figure comes from. Read from the `field_limits` table in rules/metadata.yml.
public struct FieldLimit: Sendable, Hashable {
    /// `appstore.subtitle`, `play.title`, …
    public let field: String
    public let min: Int?
    public let max: Int
    public let unit: CountUnit
    public let source: String
    public let note: String?

    public init(field: String, min: Int? = nil, max: Int, unit: CountUnit, source: String, note: String? = nil) {
        self.field = field
        self.min = min
        self.max = max
        self.unit = unit
        self.source = source
        self.note = note
    }

    /// Measures `text` as given; callers trim first where the store trims (deliver does, supply does not).
    public func evaluate(_ text: String) -> LimitCheck {
        let count = TextCounter.count(text, in: unit)
        var cutIndex: String.Index?
        if count > max {
            cutIndex = Self.cut(text, at: max, in: unit)
        }
        return LimitCheck(limit: self, count: count, cutIndex: cutIndex)
    }
}

extension FieldLimit {
    /// The last grapheme boundary at which the text's prefix is at most `max` units. Code units and
    /// scalars are counted scalar by scalar (cheap); grapheme breaking then only looks around the cut,
    /// not at every character before it.
    static func cut(_ text: String, at max: Int, in unit: CountUnit) -> String.Index {
        switch unit {
        case .graphemes:
            return text.index(text.startIndex, offsetBy: max, limitedBy: text.endIndex) ?? text.endIndex
        case .nonWhitespace:
            var used = 0
            var index = text.startIndex
            while index < text.endIndex {
                let weight = TextCounter.weight(of: text[index], in: unit)
                if used + weight > max { break }
                used += weight
                index = text.index(after: index)
            }
            return index
        case .utf16, .utf8, .scalars:
            let scalars = text.unicodeScalars
            var used = 0
            var position = scalars.startIndex
            while position < scalars.endIndex {
                let scalar = scalars[position]
                let weight = unit == .utf16 ? scalar.utf16.count : unit == .utf8 ? scalar.utf8.count : 1
                if used + weight > max { break }
                used += weight
                position = scalars.index(after: position)
            }
            while String.Index(position, within: text) == nil {
                position = scalars.index(before: position)
            }
            return position
        }
    }
}

/// The outcome of measuring one text against a `FieldLimit`.
public struct LimitCheck: Sendable {
    public let limit: FieldLimit
    public let count: Int
    /// Where the text must be cut to fit: always on a grapheme boundary; nil when it fits.
    public let cutIndex: String.Index?

    public var remaining: Int { limit.max - count }
    public var over: Int { Swift.max(0, count - limit.max) }
    /// How many units are missing to reach the minimum (0 when there is none or it is met).
    public var under: Int { limit.min.map { Swift.max(0, $0 - count) } ?? 0 }
    public var fits: Bool { over == 0 && under == 0 }
}

extension FieldLimit {
    static let tableKeys = ["field", "min", "max", "unit", "source", "note"]

    /// Reads the `value:` of a `field_limits` table: a list of
    /// `{ field, max, min?, unit, source, note? }`. Bad entries are recorded in the reader's
    /// diagnostics and left out.
    public static func parseTable(_ reader: NodeReader) -> [FieldLimit] {
        guard let entries = reader.sequence() else { return [] }
        var limits: [FieldLimit] = []
        var seen: [String: Int] = [:]
        for entry in entries {
            guard let map = entry.mapping(allowed: tableKeys, required: ["field", "max", "unit", "source"]) else { continue }
            let field = map["field"]?.string()
            let max = map["max"]?.int()
            let min = map["min"]?.int()
            let unit = map["unit"]?.oneOf(CountUnit.allCases.map(\.rawValue)).flatMap(CountUnit.init(rawValue:))
            let source = map["source"]?.string()
            let note = map["note"]?.string()
            if map["min"] != nil, min == nil { continue }
            if map["note"] != nil, note == nil { continue }
            guard let field, let max, let unit, let source else { continue }
            if max < 1 {
                map["max"]?.error("expected a positive limit, got \(max)")
                continue
            }
            if let min, min < 0 || min > max {
                map["min"]?.error("expected a minimum between 0 and max (\(max)), got \(min)")
                continue
            }
            if let first = seen[field] {
                map["field"]?.error("duplicate field \"\(field)\" (first listed at line \(first))")
                continue
            }
            seen[field] = map["field"]?.mark.line ?? 0
            limits.append(FieldLimit(field: field, min: min, max: max, unit: unit, source: source, note: note))
        }
        return limits
    }
}
