import Project

/// The screenshot sets of the App Store version in flight, as App Store Connect holds them (read per
/// localization with `--console`): the set a submission needs for each device the app runs on, and screenshots
/// whose upload App Store Connect could not process.
enum ConsoleScreenshotChecks {
    /// The required set (`set: iphone|ipad` of the sets table, or `also_accepted`) with at least one usable
    /// screenshot, in the primary language's localization: App Store Connect shows the primary language's
    /// screenshots in a locale that has none, so only the primary one must hold the set. With no primary locale
    /// known, the set must be in some localization. `when_fact`/`unless_fact` gate it on the device, as the
    /// repository's `metadata-screenshots.*-set` rules do.
    static let sets = CheckFunction(
        name: "console.appstore_screenshot_sets",
        summary: "The App Store version in flight holds, in its primary language, a screenshot set of each display type App Store Connect requires for the devices the app runs on",
        options: [
            MetadataScreenshots.sizesOption, OptionSpec("sets", .table, required: true, decode: ScreenshotSets.decoder, doc: "The set table (appstore_screenshot_sets)"),
            OptionSpec("set", .oneOf(["iphone", "ipad"]), required: true, doc: "Which required set to look for"),
            OptionSpec("also_accepted", .stringList, doc: "Display types accepted in place of the table's"),
            OptionSpec("unusable_states", .stringList, doc: "assetDeliveryState values of a screenshot that does not count"),
            OptionSpec("when_fact", .string, doc: "Only when this fact is true (apple.runs_on_ipad)"),
            OptionSpec("unless_fact", .string, doc: "Not when this fact is true (apple.ipad_only)"),
        ],
        subjects: .none,
        placeholders: ["locale", "version", "required", "found", "device_evidence"],
        reads: [.option("when_fact"), .option("unless_fact")]
    ) { invocation in
        let project = invocation.context.project
        let facts = invocation.facts
        if let fact = invocation.factNamed(byOption: "when_fact"), facts[fact]?.value.isTruthy != true { return [] }
        if let fact = invocation.factNamed(byOption: "unless_fact"), facts[fact]?.value.isTruthy == true { return [] }
        guard let asc = project.console.snapshot?.appStoreConnect, let version = asc.version,
              version.platform == nil || version.platform == "IOS",
              let set = invocation.options.string("set"),
              let table = invocation.decoded("sets", as: ScreenshotSets.self)?.required[set] else { return [] }
        let required = table + (invocation.options.strings("also_accepted") ?? [])
        guard !required.isEmpty else { return [] }
        let unusable = Set(invocation.options.strings("unusable_states") ?? [])
        let types = MetadataScreenshots.displayTypes(invocation)
        func name(_ id: String) -> String { types.first { $0.id == id }?.name ?? ConsoleLocation.sanitized(id) }
        // Only localizations whose sets were read: an unread one says nothing.
        let read = version.localizations.filter { $0.screenshotSets != nil }.sorted { $0.locale < $1.locale }
        func holds(_ localization: AppStoreConnectSnapshot.VersionLocalization) -> Bool {
            (localization.screenshotSets ?? []).contains { set in
                required.contains(set.displayType) && set.screenshots.contains { !unusable.contains($0.state ?? "") }
            }
        }
        let judged: AppStoreConnectSnapshot.VersionLocalization
        if let primary = asc.app.primaryLocale, let localization = read.first(where: { $0.locale == primary }) {
            judged = localization
        } else if asc.app.primaryLocale == nil, let first = read.first, !read.contains(where: holds) {
            judged = first
        } else {
            return []
        }
        guard !holds(judged) else { return [] }
        let found = Set((judged.screenshotSets ?? []).filter { set in set.screenshots.contains { !unusable.contains($0.state ?? "") } }
            .map(\.displayType)).map(name).sorted()
        let device = invocation.factNamed(byOption: "when_fact").flatMap { facts[$0]?.evidence.first.map { "\($0.location)" } } ?? "the app's targets"
        return [CheckResult(
            location: ConsoleLocation.at(.appstore, judged.locale, "screenshots"),
            evidence: found.isEmpty ? "no screenshot sets" : found.joined(separator: ", "),
            values: ["locale": ConsoleLocation.sanitized(judged.locale), "version": ConsoleLocation.sanitized(version.versionString ?? version.id),
                     "required": distinct(required.map(name)).joined(separator: " or "),
                     "found": found.isEmpty ? "none" : found.joined(separator: ", "), "device_evidence": device])]
    }

    /// Screenshots of the version in flight whose `assetDeliveryState` is one of `states` (FAILED): the upload
    /// reached App Store Connect but the image was not processed, so it is not shown.
    static let states = CheckFunction(
        name: "console.appstore_screenshot_states",
        summary: "No screenshot of the App Store version in flight is in an assetDeliveryState that keeps it off the listing (FAILED)",
        options: [MetadataScreenshots.sizesOption, OptionSpec("states", .stringList, required: true, doc: "assetDeliveryState values to report")],
        subjects: .none,
        placeholders: ["locale", "display", "file", "state", "version"]
    ) { invocation in
        guard let version = invocation.context.project.console.snapshot?.appStoreConnect?.version,
              let states = invocation.options.strings("states") else { return [] }
        let types = MetadataScreenshots.displayTypes(invocation)
        var results: [CheckResult] = []
        for localization in version.localizations.sorted(by: { $0.locale < $1.locale }) {
            for set in localization.screenshotSets ?? [] {
                let display = types.first { $0.id == set.displayType }?.name ?? ConsoleLocation.sanitized(set.displayType)
                for (index, shot) in set.screenshots.enumerated() where states.contains(shot.state ?? "") {
                    let file = ConsoleLocation.sanitized(shot.fileName ?? "screenshot \(index + 1)")
                    results.append(CheckResult(
                        location: ConsoleLocation.at(.appstore, localization.locale, "screenshots", display, file),
                        evidence: "assetDeliveryState: \(ConsoleLocation.sanitized(shot.state ?? ""))",
                        values: ["locale": ConsoleLocation.sanitized(localization.locale), "display": display, "file": file,
                                 "state": ConsoleLocation.sanitized(shot.state ?? ""),
                                 "version": ConsoleLocation.sanitized(version.versionString ?? version.id)]))
                }
            }
        }
        return results
    }
}

/// The distinct elements of a sequence in their first order.
private func distinct(_ items: [String]) -> [String] {
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
}
