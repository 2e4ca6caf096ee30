import Formats

/// One use of an API a symbol table names, with where it was found: a line of source code (the source scan's
/// `kind: symbols` tables), or a binary of a built archive that imports it (the archive inspector's
/// `kind: binary_symbols` tables, `origin` the archive). Both inputs fill the same list
/// (`ProjectModel.symbolHits`); a check that judges one input reads `symbolHits(from:)`.
public struct SymbolHit: Sendable, Hashable {
    /// The table entry's fact or signal name (`account.creation`, `api.UserDefaults`).
    public let signal: String
    public let symbol: String
    public let location: SourceLocation
    /// The trimmed line, for the first hits of each signal in a file; empty for the rest (a large tree's hits
    /// stay small), so a finding about one bundle can quote the line it points at.
    public let snippet: String
    /// The source tree, or the built archive whose binary (`location`, `app.ipa!/Payload/App.app/App`) imports it.
    public let origin: InputOrigin

    public init(signal: String, symbol: String, location: SourceLocation, snippet: String = "", origin: InputOrigin = .source) {
        self.signal = signal
        self.symbol = symbol
        self.location = location
        self.snippet = snippet
        self.origin = origin
    }
}
