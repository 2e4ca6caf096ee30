import Project

/// `android.target_sdk`: each app module's targetSdk against the level Google Play requires for that module's
/// form factor on the day of the run. The modules are the Android part's (`AndroidAppModules`: a value stated in
/// shipcheck.yml wins, `android.target_sdk` for the release module, `android.module.<name>.target_sdk` for a
/// Wear OS or TV app). Levels and dates come from the tables named by `levels` and `existing`; nothing about
/// them is written here.
///
/// Each module's verdict is one of: below the level in force, unknown (computed or missing, and not stated in
/// shipcheck.yml, so it could not be judged), or fine. `report:` selects which verdict a rule reports: `below`
/// (the default) or `unknown`, which says every place the inspector looked.
enum AndroidTargetSDKCheck {
    enum Report: String, CaseIterable {
        case below, unknown
    }

    static let function = CheckFunction(
        name: "android.target_sdk",
        summary: "targetSdk of every app module is known and at least the API level Google Play requires for its form factor on the day of the run",
        options: [
            OptionSpec("levels", .table, required: true, decode: AndroidTargetAPILevels.decoder, doc: "table of {form_factors, api, android, from, applies_to}: new apps and updates"),
            OptionSpec("existing", .table, decode: AndroidTargetAPILevels.decoder, doc: "table of {form_factors, api, android, from}: the level existing apps must keep; gives {{existing_api}}"),
            OptionSpec("report", .oneOf(Report.allCases.map(\.rawValue)),
                       doc: "below (default): a module below the level in force; unknown: a module whose targetSdk could not be read, with where shipcheck looked"),
        ],
        subjects: .none,
        reads: AndroidAppModules.reads,
        run: run)

    /// What a module's targetSdk is, as far as the judgement goes.
    enum Verdict {
        case below([Evidence], target: Int, formFactor: String, level: AndroidTargetAPILevels.Level)
        case unknown(AndroidAppModules.Known<Bool>)
    }

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let levels = invocation.decoded("levels", as: AndroidTargetAPILevels.self) else { return [] }
        let report = invocation.options.string("report").flatMap(Report.init(rawValue:)) ?? .below
        return AndroidAppModules(invocation.context.project, facts: invocation.facts).modules.flatMap { module in
            verdicts(module, levels: levels, today: invocation.context.today).compactMap { verdict -> CheckResult? in
                switch (verdict, report) {
                case (.below(let evidence, let target, let formFactor, let level), .below):
                    return below(evidence, target: target, formFactor: formFactor, level: level, module: module, invocation)
                case (.unknown(let fact), .unknown):
                    return unknown(fact, module: module, invocation)
                default:
                    return nil
                }
            }
        }
    }

    /// A module's verdicts: none when its targetSdk meets the level (or no level applies to its form factor yet).
    static func verdicts(_ module: AndroidAppModules.Module, levels: AndroidTargetAPILevels, today: String) -> [Verdict] {
        var verdicts: [Verdict] = []
        // A lower bound (a Flutter default of the oldest release pinned) below the floor is not decisive: the value is
        // unknown as far as the floor goes, and the note says where it looked (the pin says "at least").
        let atLeast = module.targetSdkIsLowerBound && !module.targetSdkIsStated
        if let target = module.targetSdk {
            if let level = levels.required(formFactor: module.formFactor, on: today), target.value < level.api {
                verdicts.append(atLeast ? .unknown(AndroidAppModules.Known(value: true, evidence: target.evidence, isStated: false))
                                        : .below(target.evidence, target: target.value, formFactor: module.formFactor, level: level))
            }
        }
        // Silent once the team states the module's targetSdk.
        if !module.targetSdkIsStated, let unknown = module.targetSdkUnknown {
            verdicts.append(.unknown(unknown))
        }
        return verdicts
    }

    static func below(_ places: [Evidence], target: Int, formFactor: String, level: AndroidTargetAPILevels.Level,
                      module: AndroidAppModules.Module, _ invocation: CheckInvocation) -> CheckResult {
        let evidence = places.first
        let location = evidence?.location
            ?? invocation.context.project.manifest.map { SourceLocation(path: $0.file) }
            ?? SourceLocation(path: ".")
        let declaredAt = places.map(\.location.description).joined(separator: ", ")
        var values = [
            "target_sdk": String(target) + AndroidAppModules.defaultNote(module),
            "required": String(level.api),
            "android": level.android,
            "from": level.from,
            "form_factor": formFactor,
            "applies_to": level.appliesTo,
            "module": AndroidAppModules.label(module),
            "declared_at": declaredAt.isEmpty ? "stated in \(location.path)" : declaredAt,
        ]
        if let kept = invocation.decoded("existing", as: AndroidTargetAPILevels.self)?.required(formFactor: formFactor, on: invocation.context.today) {
            values["existing_api"] = String(kept.api)
        }
        // An F-Droid-only app is not refused by Play: a warning saying "if uploaded to Google Play".
        let severity: Severity? = AndroidAppModules.isFDroidOnly(module) ? .warning : nil
        return CheckResult(location: location, evidence: evidence?.snippet, values: values, severity: severity,
                           condition: AndroidAppModules.playCondition(module))
    }

    /// Says every place looked at: the expression it could not read first.
    static func unknown(_ unknown: AndroidAppModules.Known<Bool>, module: AndroidAppModules.Module, _ invocation: CheckInvocation) -> CheckResult {
        let label = AndroidAppModules.label(module)
        guard let first = unknown.evidence.first(where: { !$0.snippet.isEmpty }) ?? unknown.evidence.first else {
            return CheckResult(location: SourceLocation(path: unknown.isStated ? (invocation.context.project.manifest?.file ?? ".") : "."),
                               values: ["looked_at": "the build files", "expression": "(none)", "module": label])
        }
        let lookedAt = unknown.evidence.map { evidence in
            evidence.snippet.isEmpty
                ? evidence.location.description : "\(evidence.location) (\(evidence.snippet))"
        }
        return CheckResult(location: first.location, evidence: first.snippet,
                           values: ["looked_at": lookedAt.joined(separator: "; "), "expression": first.snippet, "module": label])
    }
}
