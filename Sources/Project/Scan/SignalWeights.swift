import Formats

/// What each weighted code signal rests on: for every fact a `kind: symbols` entry grades (`weight:`), one
/// `signal.<fact>` fact saying its weight and the symbols that were found, with one evidence line per symbol
/// (the first place it was seen). `shipcheck facts` then shows why a login or a sign-up was believed, and how
/// much that belief is worth: an auth SDK's account-creation call is strong, a new-password field or a
/// registration screen medium, a password field weak.
public enum SignalWeights {
    /// Evidence lines kept per signal at most.
    static let evidenceLimit = 8

    public static func facts(tables: [SymbolTable], hits: [SymbolHit]) -> [Fact] {
        // The strongest weight any entry of the fact gives.
        var weights: [String: String] = [:]
        for entry in tables.flatMap(\.entries) {
            guard let weight = entry.weight else { continue }
            if let old = weights[entry.fact], rank(old) <= rank(weight) { continue }
            weights[entry.fact] = weight
        }
        guard !weights.isEmpty else { return [] }
        var firstHits: [String: [SymbolHit]] = [:]
        for hit in hits.sorted(by: { ($0.location, $0.symbol) < ($1.location, $1.symbol) }) where weights[hit.signal] != nil {
            var list = firstHits[hit.signal, default: []]
            guard !list.contains(where: { $0.symbol == hit.symbol }) else { continue }
            list.append(hit)
            firstHits[hit.signal] = list
        }
        return firstHits.keys.sorted().compactMap { fact in
            guard let weight = weights[fact], let list = firstHits[fact] else { return nil }
            let symbols = list.map(\.symbol)
            let evidence = list.prefix(evidenceLimit).map {
                Evidence(location: $0.location, snippet: $0.snippet.isEmpty ? $0.symbol : "\($0.symbol): \($0.snippet)")
            }
            return Fact(name: "signal.\(fact)", value: .string("\(weight): \(symbols.joined(separator: ", "))"),
                        source: .detected, evidence: Array(evidence))
        }
    }

    static func rank(_ weight: String) -> Int { SymbolEntry.weights.firstIndex(of: weight) ?? SymbolEntry.weights.count }
}
