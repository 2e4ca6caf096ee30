import Project

/// `android.target_sdk_unknown`: an app module's targetSdk is computed or missing, so the target API
/// level cannot be checked. Says every place looked at; silent once the team states `android.target_sdk`.
enum AndroidTargetSDKUnknownCheck {
    static let function = CheckFunction(
        name: "android.target_sdk_unknown",
        summary: "the app's targetSdk could not be read from the build files and is not stated in shipcheck.yml",
        options: [],
        subjects: .none,
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.context.facts
        guard facts.stated["android.target_sdk"] == nil,
              let unknown = facts["android.target_sdk_unknown"], unknown.value.isTruthy else { return [] }
        guard let first = unknown.evidence.first(where: { !$0.snippet.isEmpty }) ?? unknown.evidence.first else {
            return [CheckResult(location: SourceLocation(path: unknown.source == .stated ? (invocation.context.project.manifest?.file ?? ".") : "."),
                                values: ["looked_at": "the build files", "expression": "(none)"])]
        }
        let lookedAt = unknown.evidence.map { evidence in
            evidence.snippet.isEmpty
                ? evidence.location.description : "\(evidence.location) (\(evidence.snippet))"
        }
        return [CheckResult(location: first.location, evidence: first.snippet,
                            values: ["looked_at": lookedAt.joined(separator: "; "), "expression": first.snippet])]
    }
}
