import Foundation
import Project
import StoreLocale
import YAML

/// What the policy checks share: the Data safety export, the places a finding can point to when no
/// single file is at fault, and the readers of their small tables.
enum PolicyInputs {
    /// The Data safety form the inspection read (see `DataSafetyLocator`, `DataSafetyInput`); nil when the
    /// export was missing or could not be read (`data_safety.valid` reports why).
    static func dataSafetyForm(_ invocation: CheckInvocation) -> DataSafetyForm? {
        invocation.context.project.dataSafety?.form
    }

    /// The first truthy fact among `names`, its evidence as text for a message, and where it points.
    static func signal(_ names: [String], in project: ProjectModel) -> (text: String, location: SourceLocation)? {
        for name in names {
            guard let fact = project.facts[name], fact.value.isTruthy else { continue }
            if let evidence = fact.evidence.first {
                return ("\(name): \(evidence.location) `\(evidence.snippet)`", evidence.location)
            }
            let file = project.manifest?.file ?? "shipcheck.yml"
            return ("\(name) \(fact.source == .stated ? "stated in \(file)" : "detected")", SourceLocation(path: file))
        }
        return nil
    }

    /// Where a Play-wide finding points when no file is at fault: the evidence that the app ships to
    /// Play, else a Play metadata tree, else the manifest.
    static func playAnchor(_ project: ProjectModel) -> SourceLocation {
        if let evidence = project.facts["store.play"]?.evidence.first { return evidence.location }
        if let tree = project.metadata.first(where: { $0.store == .play }) { return SourceLocation(path: tree.path) }
        return SourceLocation(path: project.manifest?.file ?? "shipcheck.yml")
    }

    static func manifestLocation(_ project: ProjectModel) -> SourceLocation {
        SourceLocation(path: project.manifest?.file ?? "shipcheck.yml")
    }

    // MARK: Table readers (lenient: the built-in tables are checked by tests, a team's own by the loader's shape)

    /// A list of text values.
    static func strings(_ table: Table?) -> [String] {
        table?.value.sequence?.compactMap(\.scalar) ?? []
    }

    /// A mapping of key → list of text values.
    static func stringLists(_ table: Table?) -> [(key: String, values: [String])] {
        table?.value.mapping?.compactMap { pair in
            guard let key = pair.key.scalar else { return nil }
            // A row is a list, a single value, or `{ types: [...], source: "..." }` (the source is data for readers).
            let value = pair.value["types"] ?? pair.value
            return (key, value.sequence?.compactMap(\.scalar) ?? value.scalar.map { [$0] } ?? [])
        } ?? []
    }

    /// The list under `key` of a mapping table.
    static func strings(_ table: Table?, key: String) -> [String] {
        table?.value[key]?.sequence?.compactMap(\.scalar) ?? []
    }
}
