import Formats

/// A value the inspectors detected or the manifest stated.
public enum FactValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    case string(String)
    case list([String])

    public var description: String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let value): return value
        case .list(let values): return values.joined(separator: ", ")
        }
    }

    /// Truth as an expression reads a bare fact name: true, non-zero, non-empty.
    public var isTruthy: Bool {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .list(let values): return !values.isEmpty
        }
    }
}

/// Where a fact came from. A stated fact wins over a detected one; both are kept for `shipcheck facts`.
public enum FactSource: String, Sendable, Hashable, Codable {
    case stated
    case detected
}

/// One thing known about the project (`account.creation`, `android.target_sdk`, `sdk.Alamofire`).
public struct Fact: Sendable, Hashable, Codable {
    public let name: String
    public let value: FactValue
    public let source: FactSource
    public let evidence: [Evidence]

    public init(name: String, value: FactValue, source: FactSource, evidence: [Evidence] = []) {
        self.name = name
        self.value = value
        self.source = source
        self.evidence = evidence
    }
}

/// The facts about a project: detected ones, overridden by stated ones.
public struct FactStore: Sendable {
    public private(set) var detected: [String: Fact] = [:]
    public private(set) var stated: [String: Fact] = [:]

    public init() {}

    public init(_ facts: [Fact]) {
        for fact in facts { add(fact) }
    }

    /// Adds a fact; a second detection of the same name merges evidence, and a bool `true` wins over `false`.
    /// Number facts are minimums (the lowest deployment target, target SDK or CI Xcode of the projects that
    /// ship): the lower detection wins and keeps only its own evidence, so a finding points at the project
    /// that has that value, never at another one with a higher value.
    public mutating func add(_ fact: Fact) {
        switch fact.source {
        case .stated:
            stated[fact.name] = fact
        case .detected:
            if let old = detected[fact.name] {
                if case .number(let a) = old.value, case .number(let b) = fact.value, a != b {
                    if b < a { detected[fact.name] = fact }
                    return
                }
                let value: FactValue
                if case .bool(let a) = old.value, case .bool(let b) = fact.value { value = .bool(a || b) } else { value = fact.value }
                detected[fact.name] = Fact(name: fact.name, value: value, source: .detected,
                                           evidence: (old.evidence + fact.evidence).sorted())
            } else {
                detected[fact.name] = fact
            }
        }
    }

    /// Sets a detected fact outright (no merge): a built archive's value replaces the source scan's guess.
    public mutating func replaceDetected(_ fact: Fact) {
        detected[fact.name] = fact
    }

    /// Adds a fact as the inspector that made it declares (`FactMergePolicy`).
    public mutating func add(_ fact: Fact, policy: FactMergePolicy) {
        switch policy {
        case .merged:
            add(fact)
        case .shippedWins(let isShipped):
            // What ships wins. When the source scan guessed another value, the fact keeps the shipped value and
            // evidence first, then the source's evidence marked as replaced, so that `facts` shows both ("bundle:
            // 36 at app.aab!/…; source: targetSdk 35 at app/build.gradle.kts:45") and no rule reports the
            // source's guess a second time.
            guard let source = detected[fact.name], !source.evidence.allSatisfy({ isShipped($0.location) }), source.value != fact.value else {
                add(fact)
                return
            }
            let replaced = source.evidence.filter { !isShipped($0.location) }.map { evidence in
                Evidence(location: evidence.location, snippet: "source: \(source.value) (\(evidence.snippet)); the built archive's \(fact.value) ships")
            }
            replaceDetected(Fact(name: fact.name, value: fact.value, source: .detected, evidence: fact.evidence + replaced))
        }
    }

    /// The effective fact: the stated one when there is one, else the detected one.
    public subscript(name: String) -> Fact? {
        stated[name] ?? detected[name]
    }

    /// Every effective fact, sorted by name.
    public var all: [Fact] {
        Set(stated.keys).union(detected.keys).sorted().compactMap { self[$0] }
    }

    /// Effective facts whose names start with `prefix` (e.g. `sdk.`).
    public func facts(withPrefix prefix: String) -> [Fact] {
        all.filter { $0.name.hasPrefix(prefix) }
    }
}

/// How an inspector's facts join the facts already found, declared by the inspector (a source inspector's
/// facts merge; a built archive's replace the source scan's guesses, `ArchiveInspector.factMerge`).
public enum FactMergePolicy: Sendable {
    /// `FactStore.add(_:)`: evidence merges, `true` wins over `false`, the lower number wins.
    case merged
    /// The value of what ships replaces a differing value whose evidence is (partly) outside what ships;
    /// `isShipped` says whether a place is inside the shipped artefact.
    case shippedWins(isShipped: @Sendable (SourceLocation) -> Bool)
}
