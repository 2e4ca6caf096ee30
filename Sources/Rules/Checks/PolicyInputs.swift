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
    static func signal(_ names: [FactName], in project: ProjectModel, facts: CheckFacts) -> (text: String, location: SourceLocation)? {
        for name in names {
            guard let fact = facts[name], fact.value.isTruthy else { continue }
            if let evidence = fact.evidence.first {
                return ("\(name): \(evidence.location) `\(evidence.snippet)`", evidence.location)
            }
            let file = project.manifest?.file ?? "shipcheck.yml"
            return ("\(name) \(fact.source == .stated ? "stated in \(file)" : "detected")", SourceLocation(path: file))
        }
        return nil
    }

    static func manifestLocation(_ project: ProjectModel) -> SourceLocation {
        SourceLocation(path: project.manifest?.file ?? "shipcheck.yml")
    }
}
