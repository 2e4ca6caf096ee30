import Project

/// Where a fact about code was seen first: its evidence, else the scanner's hits for it, else the manifest
/// that stated it. Findings about API use point there.
struct FirstUse: Sendable {
    let location: SourceLocation
    let snippet: String

    init?(of fact: FactName, in project: ProjectModel, facts: CheckFacts) {
        let name = fact.name
        guard let fact = facts[fact], fact.value.isTruthy else { return nil }
        if let evidence = fact.evidence.min() {
            location = evidence.location
            snippet = evidence.snippet
        } else if let hit = project.symbolHits(fromArchive: false).filter({ $0.signal == name }).min(by: { $0.location < $1.location }) {
            location = hit.location
            snippet = hit.symbol
        } else {
            let manifest = project.manifest?.file ?? "shipcheck.yml"
            location = SourceLocation(path: manifest)
            snippet = fact.source == .stated ? "\(name) stated in \(manifest)" : name
        }
    }

    /// `App/Store.swift:12:5`, as the engine shows the evidence of `expect` rules; the snippet goes in the finding's evidence.
    var described: String { "\(location)" }
}
