/// How much a finding matters. `off` disables a rule.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case off, info, warning, error

    private var rank: Int {
        switch self {
        case .off: return 0
        case .info: return 1
        case .warning: return 2
        case .error: return 3
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
