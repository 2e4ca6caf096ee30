import Formats

/// One match of a symbol table entry in source code.
public struct SymbolHit: Sendable, Hashable {
    /// The table entry's fact or signal name (`account.creation`, `api.UserDefaults`).
    public let signal: String
    public let symbol: String
    public let location: SourceLocation
    /// The trimmed line, for the first hits of each signal in a file; empty for the rest (a large tree's hits
    /// stay small), so a finding about one bundle can quote the line it points at.
    public let snippet: String

    public init(signal: String, symbol: String, location: SourceLocation, snippet: String = "") {
        self.signal = signal
        self.symbol = symbol
        self.location = location
        self.snippet = snippet
    }
}
