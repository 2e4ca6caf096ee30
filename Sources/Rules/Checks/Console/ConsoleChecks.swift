import Foundation
import Project

/// Checks over what App Store Connect and Google Play Console say (`--console`, `--console-snapshot`): the
/// manual items the console answers, judged on the snapshot. A run that read no console gives them nothing.
public enum ConsoleChecks {
    public static var all: [CheckFunction] { [ageRating, attachedBuild, playVersionCode,
                                                  ConsoleCrossChecks.appStoreVersion, ConsoleCrossChecks.playReleaseNotes, ConsoleCrossChecks.purchases,
                                                  ConsoleScreenshotChecks.sets, ConsoleScreenshotChecks.states, ConsolePlayGraphicsChecks.graphics] }

    /// Each question the questionnaire must answer (a table: data), null or absent in the declaration.
    static let ageRating = CheckFunction(
        name: "console.age_rating",
        summary: "App Store Connect's age-rating declaration answers every current question (a null answer is unanswered)",
        options: [OptionSpec("questions", .table, required: true, decode: TextList.decoder, doc: "the declaration's attributes that must be answered")],
        subjects: .none,
        placeholders: ["questions", "count"]
    ) { invocation in
        guard let questions = invocation.decoded("questions", as: TextList.self),
              let declaration = invocation.context.project.console.snapshot?.appStoreConnect?.appInfo?.ageRatingDeclaration else { return [] }
        let unanswered = questions.values.filter { (declaration.answers[$0] ?? .unanswered) == .unanswered }
        guard !unanswered.isEmpty else { return [] }
        return [CheckResult(location: ConsoleLocation.at(.appstore, "App Information", "Age Rating"),
                            evidence: unanswered.prefix(8).joined(separator: ", "),
                            values: ["questions": unanswered.joined(separator: ", "), "count": String(unanswered.count)])]
    }

    /// The build attached to the version in flight: none, still processing, or refused by App Store Connect.
    static let attachedBuild = CheckFunction(
        name: "console.attached_build",
        summary: "The App Store version in flight has a build attached that App Store Connect processed as VALID",
        options: [OptionSpec("refused", .stringList, required: true, doc: "processing states App Store Connect gives a build it refused")],
        subjects: .none,
        placeholders: ["version", "build", "state"]
    ) { invocation in
        guard let version = invocation.context.project.console.snapshot?.appStoreConnect?.version,
              let build = version.build, let state = build.processingState else { return [] }
        guard (invocation.options.strings("refused") ?? []).contains(state) else { return [] }
        return [CheckResult(location: ConsoleLocation.at(.appstore, "version \(version.versionString ?? version.id)", "build"),
                            evidence: "processingState: \(state)",
                            values: ["version": version.versionString ?? version.id, "build": build.version ?? build.id ?? "?", "state": state])]
    }

    /// The project's (or archive's) versionCode among the bundles Play already holds: Play refuses the upload.
    static let playVersionCode = CheckFunction(
        name: "console.play_version_code",
        summary: "The versionCode about to be uploaded is not one Google Play already holds among the app's uploaded bundles",
        options: [OptionSpec("version_code", .string, required: true, doc: "the fact holding the versionCode that ships")],
        subjects: .none,
        placeholders: ["version_code", "package", "where"],
        reads: [.option("version_code")]
    ) { invocation in
        guard let play = invocation.context.project.console.snapshot?.googlePlay,
              let name = invocation.factNamed(byOption: "version_code"), let fact = invocation.facts[name],
              case .number(let number) = fact.value, number >= 0, number < 1e15 else { return [] }
        let code = String(Int(number))
        guard play.bundles.contains(where: { $0.versionCode == code }) else { return [] }
        let tracks = play.tracks.filter { track in track.releases.contains { $0.versionCodes.contains(code) } }.map(\.track)
        let place = fact.evidence.first.map { "\($0.location)" } ?? name.name
        return [CheckResult(location: fact.evidence.first?.location ?? ConsoleLocation.at(.play, "bundles", code),
                            evidence: "versionCode \(code)",
                            values: ["version_code": code, "package": play.packageName,
                                     "where": tracks.isEmpty ? "among the uploaded bundles" : "among the uploaded bundles, released on \(tracks.sorted().joined(separator: ", "))",
                                     "path": place])]
    }
}
