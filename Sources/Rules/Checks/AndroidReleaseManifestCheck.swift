import Project

/// `android.release_manifest`: a problem the inspector found in an app module's merged release manifest
/// (`AndroidAppModules.Module.problems`: `exported_missing`, `debuggable`, `cleartext_traffic`), one result
/// per module at the first place that shows it. With `min_target_sdk`, only modules whose targetSdk is
/// known and at least that level are judged (the platform enforces some rules from a target level on).
enum AndroidReleaseManifestCheck {
    static let problems = ["exported_missing", "debuggable", "cleartext_traffic"]

    static let function = CheckFunction(
        name: "android.release_manifest",
        summary: "an app module's merged release manifest has the named problem",
        options: [
            OptionSpec("problem", .oneOf(problems), required: true, doc: "which fact of the merged release manifest to report"),
            OptionSpec("min_target_sdk", .int, doc: "judge only modules whose targetSdk is known and at least this"),
        ],
        subjects: .none,
        reads: AndroidAppModules.reads,
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let problem = invocation.options.string("problem") else { return [] }
        let minimum = invocation.options.int("min_target_sdk")
        var results: [CheckResult] = []
        for module in AndroidAppModules(invocation.context.project, facts: invocation.facts).modules {
            guard let found = module.problems[problem] else { continue }
            let target = module.targetSdk?.value
            if let minimum {
                guard let target, target >= minimum else { continue }
            }
            // A gate judged on a lower bound (a Flutter default) says "at least"; it warns when the Flutter release
            // itself is only a lower bound (no exact pin): a signal, not what ships.
            let lowerBound = minimum != nil && module.targetSdkIsLowerBound && !module.targetSdkIsStated
            var severity: Severity? = AndroidAppModules.isFDroidOnly(module) && invocation.rule.severity == .error ? .warning : nil
            if lowerBound && module.targetSdkPinIsLowerBound { severity = min(severity ?? invocation.rule.severity, .warning) }
            let first = found.evidence.first
            let location = first?.location ?? SourceLocation(path: ".")
            let places = found.evidence.map(\.location.description)
            results.append(CheckResult(location: location, evidence: first?.snippet, values: [
                "module": AndroidAppModules.label(module),
                "items": found.value,
                "count": String(found.evidence.count),
                "places": places.joined(separator: ", "),
                "target_sdk": target.map { (lowerBound ? "at least " : "") + String($0) + AndroidAppModules.defaultNote(module) } ?? "unknown",
            ], severity: severity, condition: AndroidAppModules.playCondition(module)))
        }
        return results
    }
}
