import Project

/// Where one input shows something a policy judges (an API used, a login offered, an entitlement signed), at its
/// origin: a line of the app's code, or a place inside a built archive (`app.ipa!/…`). A function that judges one
/// policy on either input (`from:`) reads each input's sightings and decides the same way; `values` are what a
/// rule's message may say of this one.
struct Sighting {
    let location: SourceLocation
    let snippet: String?
    let values: [String: String]

    var result: CheckResult { CheckResult(location: location, evidence: snippet, values: values) }

    /// The source scan's sighting of a fact: its first evidence, or, for a fact stated without evidence, the
    /// manifest (as an `expect` finding sits). None when the fact is not true.
    static func fact(_ name: FactName, in project: ProjectModel, facts: CheckFacts) -> Sighting? {
        guard let fact = facts[name], fact.value.isTruthy else { return nil }
        guard let evidence = fact.evidence.first else {
            return Sighting(location: project.manifest.map { SourceLocation(path: $0.file) } ?? SourceLocation(path: "."), snippet: nil, values: [:])
        }
        return Sighting(location: evidence.location, snippet: evidence.snippet, values: [:])
    }
}
