import Project

/// `android.target_sdk_unknown`: an app module's targetSdk is computed or missing, so the target API
/// level cannot be checked. Says every place looked at; silent once the team states the module's targetSdk
/// (`android.target_sdk` for the release module, `android.module.<name>.target_sdk` for another).
enum AndroidTargetSDKUnknownCheck {
    static let function = CheckFunction(
        name: "android.target_sdk_unknown",
        summary: "an app module's targetSdk could not be read from the build files and is not stated in shipcheck.yml",
        options: [],
        subjects: .none,
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.context.facts
        var results: [CheckResult] = []
        for module in AndroidAppModules(facts).modules {
            guard facts.stated[module.prefix + "target_sdk"] == nil,
                  let unknown = facts[module.prefix + "target_sdk_unknown"], unknown.value.isTruthy else { continue }
            let label = AndroidAppModules.label(module)
            guard let first = unknown.evidence.first(where: { !$0.snippet.isEmpty }) ?? unknown.evidence.first else {
                results.append(CheckResult(location: SourceLocation(path: unknown.source == .stated ? (invocation.context.project.manifest?.file ?? ".") : "."),
                                           values: ["looked_at": "the build files", "expression": "(none)", "module": label]))
                continue
            }
            let lookedAt = unknown.evidence.map { evidence in
                evidence.snippet.isEmpty
                    ? evidence.location.description : "\(evidence.location) (\(evidence.snippet))"
            }
            results.append(CheckResult(location: first.location, evidence: first.snippet,
                                       values: ["looked_at": lookedAt.joined(separator: "; "), "expression": first.snippet, "module": label]))
        }
        return results
    }
}
