/// One match of a symbol table entry in source code.
public struct SymbolHit: Sendable, Hashable {
    /// The table entry's fact or signal name (`account.creation`, `api.UserDefaults`).
    public let signal: String
    public let symbol: String
    public let location: SourceLocation

    public init(signal: String, symbol: String, location: SourceLocation) {
        self.signal = signal
        self.symbol = symbol
        self.location = location
    }
}
