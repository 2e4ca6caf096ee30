import Project

/// App Store screenshots in fastlane deliver's screenshots folder, judged against two tables:
/// `appstore_screenshot_sizes` (display type → accepted pixel sizes, as deliver and App Store Connect read them;
/// portrait rows, landscape accepted as the transpose) and `appstore_screenshot_sets` (the sets a submission needs
/// and how many screenshots a set takes). deliver decides a screenshot's display type from its pixel size alone,
/// and from its path only for sizes two display types share (`name_contains`).
enum MetadataScreenshots {
    static var functions: [CheckFunction] { [screenshots, sets] }

    typealias DisplayType = ScreenshotDisplayTypes.DisplayType

    /// The display types of the `sizes` table, decoded at load (`ScreenshotDisplayTypes`).
    static func displayTypes(_ invocation: CheckInvocation) -> [DisplayType] {
        invocation.decoded("sizes", as: ScreenshotDisplayTypes.self)?.types ?? []
    }

    /// The display type deliver files the screenshot under: the first row (in table order) that accepts it.
    static func displayType(of shot: AppStoreScreenshot, in types: [DisplayType]) -> DisplayType? {
        types.first { $0.accepts(shot) }
    }

    static let sizesOption = OptionSpec("sizes", .table, required: true, decode: ScreenshotDisplayTypes.decoder, doc: "The display type table (appstore_screenshot_sizes)")

    static func values(_ folder: AppStoreScreenshotFolder, _ shot: AppStoreScreenshot) -> [String: String] {
        ["folder": folder.path, "locale": shot.locale, "file": shot.fileName,
         "width": shot.width.map(String.init) ?? "?", "height": shot.height.map(String.init) ?? "?"]
    }

    /// What a rule requires of each screenshot deliver would upload (`require:`, one requirement a rule, each
    /// with its own message and grade).
    enum Requirement: String, CaseIterable {
        /// A pixel size some display type accepts: deliver's validator refuses any other ("Invalid screen size")
        /// and cancels the whole screenshot upload.
        case acceptedSize = "accepted_size"
        /// No alpha channel (a PNG whose colour type carries one).
        case opaque
        /// Within the set's maximum: deliver uploads the first ones of a locale's set (in file-name order) and
        /// skips the rest. One result per set, at the first file skipped.
        case withinSet = "within_set"
    }

    /// Each App Store screenshot meets what `require` names, judged against the display type table.
    static let screenshots = CheckFunction(
        name: "appstore-screenshots",
        summary: "Each App Store screenshot meets `require`: a pixel size of a display type App Store Connect accepts, no alpha channel, or a place within its set's maximum",
        options: [sizesOption,
                  OptionSpec("require", .oneOf(Requirement.allCases.map(\.rawValue)), required: true, doc: "accepted_size, opaque or within_set"),
                  OptionSpec("sets", .table, requiredWhen: ("require", "within_set"), decode: ScreenshotSets.decoder, doc: "with `require: within_set`: the set table (appstore_screenshot_sets), per_set max")],
        subjects: .none
    ) { invocation in
        let types = displayTypes(invocation)
        let folders = invocation.context.project.appStoreScreenshots
        switch invocation.options.string("require").flatMap(Requirement.init) {
        case .acceptedSize?:
            let phone = types.filter { $0.id.hasPrefix("APP_IPHONE") }.flatMap(\.sizes).map { "\($0[0])×\($0[1])" }
            return folders.flatMap { folder in
                folder.screenshots.compactMap { shot -> CheckResult? in
                    guard let w = shot.width, let h = shot.height, displayType(of: shot, in: types) == nil else { return nil }
                    var found = values(folder, shot)
                    found["iphone_sizes"] = phone.prefix(3).joined(separator: ", ")
                    return CheckResult(location: shot.location, evidence: "\(w)×\(h)", values: found)
                }
            }
        case .opaque?:
            return folders.flatMap { folder in
                folder.screenshots.filter { $0.hasAlpha == true }.map { shot in
                    CheckResult(location: shot.location, evidence: "PNG with alpha", values: values(folder, shot))
                }
            }
        case .withinSet?:
            guard let max = invocation.decoded("sets", as: ScreenshotSets.self)?.perSetMax else { return [] }
            var results: [CheckResult] = []
            for folder in folders {
                var bySet: [String: [AppStoreScreenshot]] = [:]
                var names: [String: String] = [:]
                for shot in folder.screenshots.sorted(by: { $0.location.path < $1.location.path }) {
                    guard let type = displayType(of: shot, in: types) else { continue }
                    bySet["\(shot.locale)\u{0}\(type.id)", default: []].append(shot)
                    names["\(shot.locale)\u{0}\(type.id)"] = type.name
                }
                for (key, shots) in bySet.sorted(by: { $0.key < $1.key }) where shots.count > max {
                    var found = values(folder, shots[max])
                    found["count"] = String(shots.count)
                    found["max"] = String(max)
                    found["display"] = names[key] ?? ""
                    results.append(CheckResult(location: shots[max].location, evidence: "\(shots.count) screenshots", values: found))
                }
            }
            return results
        case nil:
            return []
        }
    }

    /// A screenshots folder with no set of a display type the submission needs (`set: iphone` or `ipad` of the
    /// sets table), in any locale (App Store Connect falls back to the primary language's screenshots, so one
    /// locale's set is enough). `when_fact` gates the rule on the device (apple.runs_on_ipad); `unless_fact` skips
    /// it (apple.ipad_only for the iPhone set).
    static let sets = CheckFunction(
        name: "appstore-screenshot-sets", summary: "The screenshots folder holds the screenshot set App Store Connect requires for each device the app runs on",
        options: [
            sizesOption, OptionSpec("sets", .table, required: true, decode: ScreenshotSets.decoder, doc: "The set table (appstore_screenshot_sets)"),
            OptionSpec("set", .oneOf(["iphone", "ipad"]), required: true, doc: "Which required set to look for"),
            OptionSpec("when_fact", .string, doc: "Only when this fact is true (apple.runs_on_ipad)"),
            OptionSpec("unless_fact", .string, doc: "Not when this fact is true (apple.ipad_only)"),
        ],
        subjects: .none,
        reads: [.option("when_fact"), .option("unless_fact")]
    ) { invocation in
        let project = invocation.context.project
        if let fact = invocation.factNamed(byOption: "when_fact"), invocation.facts[fact]?.value.isTruthy != true { return [] }
        if let fact = invocation.factNamed(byOption: "unless_fact"), invocation.facts[fact]?.value.isTruthy == true { return [] }
        let types = displayTypes(invocation)
        guard let set = invocation.options.string("set"),
              let required = invocation.decoded("sets", as: ScreenshotSets.self)?.required[set], !required.isEmpty else { return [] }
        let names = required.map { id in types.first { $0.id == id }?.name ?? id }
        return project.appStoreScreenshots.compactMap { folder -> CheckResult? in
            let present = Set(folder.screenshots.compactMap { displayType(of: $0, in: types)?.id })
            guard present.isDisjoint(with: required) else { return nil }
            let found = present.compactMap { id in types.first { $0.id == id }?.name }.sorted()
            var values = ["folder": folder.path, "required": names.joined(separator: " or "),
                          "found": found.isEmpty ? "none" : found.joined(separator: ", ")]
            if let fact = invocation.factNamed(byOption: "when_fact"), let evidence = invocation.facts[fact]?.evidence.first {
                values["device_evidence"] = "\(evidence.location)"
            } else {
                values["device_evidence"] = "the app's targets"
            }
            return CheckResult(location: folder.location, evidence: found.joined(separator: ", "), values: values)
        }
    }
}
