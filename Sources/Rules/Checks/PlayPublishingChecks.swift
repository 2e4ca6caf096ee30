import Project

/// Google Play publishing gates that depend on a dependency's version and the date of the run
/// (rules/play-publishing.yml). Domain checks: they read the project's dependencies directly.
public enum PlayPublishingChecks {
    public static var all: [CheckFunction] { [billingLibrary, nativeDependencies] }

    /// A `kind: native_dependencies` table (AndroidNativeDependencies): each Gradle dependency it lists, declared at
    /// a version older than the row's first 16 KB release, is a result at its declaration. Values: `dependency`,
    /// `version`, `first_16kb`, `source`.
    static let nativeDependencies = CheckFunction(
        name: "play.native_dependencies_16kb",
        summary: "Dependencies that ship native code are at a version built for 16 KB pages, where the table names one",
        options: [OptionSpec("table", .table, required: true, decode: NativeDependencyTable.decoder,
                             doc: "the native_dependencies table: coordinate, first_16kb, source")],
        subjects: .none
    ) { invocation in
        guard let table = invocation.decoded("table", as: AndroidNativeDependencies.Rows.self) else { return [] }
        return AndroidNativeDependencies.outdated(invocation.context.project.dependencies, rows: table).map { item in
            CheckResult(location: item.dependency.location, evidence: "\(item.dependency.name):\(item.version)", values: [
                "dependency": item.dependency.name, "version": item.version, "first_16kb": item.first16KB, "source": item.source,
            ])
        }
    }

    /// A table of `{ dependencies: [names], versions: [{ major, deadline, extension }] }`: a release built with a
    /// major version whose extension date has passed is refused (the rule's severity); one between the deadline
    /// and the extension date needs Play's extension (a warning).
    static let billingLibrary = CheckFunction(
        name: "play.billing_library",
        summary: "The Play Billing Library the app depends on is a version Play still accepts for new releases on the date of the run",
        options: [OptionSpec("versions", .table, required: true, decode: TableError.decoder(BillingLadder.init),
                             doc: "dependency names and each major version's deadline and extension date")],
        subjects: .none
    ) { invocation in
        guard let table = invocation.decoded("versions", as: BillingLadder.self) else { return [] }
        let names = table.dependencies
        let ladder = table.steps
        let today = invocation.context.today
        let wanted = Set(names.map { $0.lowercased() })
        var results: [CheckResult] = []
        var seen: Set<String> = []
        for dependency in invocation.context.project.dependencies.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) })
        where wanted.contains(dependency.name.lowercased()) {
            // A version shipcheck cannot read (refreshVersions' `_`, a variable, none): the gate could not run,
            // and the report says so rather than passing in silence (a note: nothing is known to be wrong).
            if dependency.version.flatMap(majorVersion) == nil, seen.insert("\(dependency.location.path)\u{0}?").inserted {
                let written = dependency.version.map { $0 == "_" ? "`_` (a refreshVersions placeholder, resolved from versions.properties at build time)" : "`\($0)`" }
                    ?? "not written in the declaration (a variable, a BOM or a constraint)"
                results.append(CheckResult(location: dependency.location, evidence: "\(dependency.name) \(dependency.version ?? "")", values: [:],
                    severity: .info,
                    message: "The version of \(dependency.name) is \(written), so the Play Billing Library deadline gate "
                        + "(\(invocation.rule.id)) could not run; state the version in the declaration or the version catalog "
                        + "so shipcheck can check it against Play's deadlines, or check it by hand"))
                continue
            }
            guard let version = dependency.version, let major = majorVersion(version),
                  let step = ladder.first(where: { $0.major == major }), today > step.deadline,
                  seen.insert("\(dependency.location.path)\u{0}\(version)").inserted else { continue }
            let minimum = ladder.filter { today <= $0.deadline }.map(\.major).min().map(String.init) ?? "the latest"
            let pastExtension = today > step.extension
            results.append(CheckResult(location: dependency.location, evidence: "\(dependency.name) \(version)", values: [
                "dependency": dependency.name, "version": version, "major": String(major), "minimum": minimum,
                "deadline": step.deadline, "extension": step.extension,
                "state": pastExtension
                    ? "its last extension ended on \(step.extension), so Play Console refuses new apps and updates built with it"
                    : "new apps and updates need Play's extension, which ends on \(step.extension)",
            ], severity: pastExtension ? nil : .warning))
        }
        return results
    }

    /// The leading number of a version such as `7.1.1`, `8.0.0-rc01`; nil for a variable or a range.
    static func majorVersion(_ version: String) -> Int? {
        let digits = version.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }
}
