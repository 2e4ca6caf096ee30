import Foundation
import Project
import StoreLocale

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
}
