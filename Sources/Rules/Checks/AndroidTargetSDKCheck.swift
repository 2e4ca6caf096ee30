import Project

/// `android.target_sdk`: each app module's targetSdk against the level Google Play requires for that
/// module's form factor on the day of the run. The release module is read through `android.target_sdk` and
/// `android.form_factor` (so a value stated in shipcheck.yml wins); other modules (a Wear OS or TV app)
/// through `android.module.<name>.target_sdk` and `.form_factor`. Levels and dates come from the tables
/// named by `levels` and `existing`; nothing about them is written here.
enum AndroidTargetSDKCheck {
    static let function = CheckFunction(
        name: "android.target_sdk",
        summary: "targetSdk of every app module is at least the API level Google Play requires for its form factor on the day of the run",
        options: [
            OptionSpec("levels", .table, required: true, decode: AndroidTargetAPILevels.decoder, doc: "table of {form_factors, api, android, from, applies_to}: new apps and updates"),
            OptionSpec("existing", .table, decode: AndroidTargetAPILevels.decoder, doc: "table of {form_factors, api, android, from}: the level existing apps must keep; gives {{existing_api}}"),
        ],
        subjects: .none,
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.context.facts
        guard let levels = invocation.decoded("levels", as: AndroidTargetAPILevels.self) else { return [] }
        let existing = invocation.decoded("existing", as: AndroidTargetAPILevels.self)
        var results: [CheckResult] = []
        for module in AndroidAppModules(facts).modules {
            guard let fact = facts[module.prefix + "target_sdk"], case .number(let number) = fact.value else { continue }
            let formFactor = facts[module.prefix + "form_factor"].map(\.value.description) ?? "phone"
            guard let level = levels.required(formFactor: formFactor, on: invocation.context.today) else { continue }
            let target = Int(number)
            guard target < level.api else { continue }
            let evidence = fact.evidence.first
            let location = evidence?.location
                ?? invocation.context.project.manifest.map { SourceLocation(path: $0.file) }
                ?? SourceLocation(path: ".")
            let declaredAt = fact.evidence.map(\.location.description).joined(separator: ", ")
            var values = [
                "target_sdk": String(target),
                "required": String(level.api),
                "android": level.android,
                "from": level.from,
                "form_factor": formFactor,
                "applies_to": level.appliesTo,
                "module": AndroidAppModules.label(module),
                "declared_at": declaredAt.isEmpty ? "stated in \(location.path)" : declaredAt,
            ]
            if let kept = existing?.required(formFactor: formFactor, on: invocation.context.today) {
                values["existing_api"] = String(kept.api)
            }
            // An F-Droid-only app is not refused by Play: a warning saying "if uploaded to Google Play".
            let severity: Severity? = AndroidAppModules.isFDroidOnly(facts, module) ? .warning : nil
            results.append(CheckResult(location: location, evidence: evidence?.snippet, values: values, severity: severity,
                                       condition: AndroidAppModules.playCondition(facts, module)))
        }
        return results
    }
}
