import Project

/// `android.target_sdk`: the app's targetSdk (fact `android.target_sdk`, the lowest over app modules and
/// flavors, or as stated in shipcheck.yml) against the level Google Play requires for its form factor
/// (`android.form_factor`, phone by default) on the day of the run. Levels and dates come from the table
/// named by `levels`; nothing about them is written here.
enum AndroidTargetSDKCheck {
    static let function = CheckFunction(
        name: "android.target_sdk",
        summary: "targetSdk is at least the API level Google Play requires for the app's form factor on the day of the run",
        options: [
            OptionSpec("levels", .table, required: true, doc: "table of {form_factors, api, android, from, applies_to}"),
            OptionSpec("existing", .table, doc: "table {api, android, from, note}: the level existing apps must keep; gives {{existing_api}}"),
        ],
        subjects: .none,
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.context.facts
        guard let fact = facts["android.target_sdk"], case .number(let number) = fact.value,
              let table = invocation.table("levels"), let levels = try? AndroidTargetAPILevels(table.value) else { return [] }
        let formFactor = facts["android.form_factor"].map(\.value.description) ?? "phone"
        guard let level = levels.required(formFactor: formFactor, on: invocation.context.today) else { return [] }
        let target = Int(number)
        guard target < level.api else { return [] }
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
            "declared_at": declaredAt.isEmpty ? "stated in \(location.path)" : declaredAt,
        ]
        if let existing = invocation.table("existing")?.value, let api = existing["api"]?.scalar {
            values["existing_api"] = api
        }
        return [CheckResult(location: location, evidence: evidence?.snippet, values: values)]
    }
}
