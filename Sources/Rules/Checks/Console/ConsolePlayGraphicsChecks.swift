import Project
import StoreLocale

/// Google Play's listing graphics, read per image type in the default language (the one other languages fall back
/// to) with `edits.images.list`. The API gives ids and hashes, no pixel size, so only what is there is judged: an
/// image type that must hold one (`required`) and the screenshots counted across their types (`screenshot_types`,
/// at least `screenshots_min`). A graphic the repository's images folder for that language holds is uploaded by
/// the next supply run: a note.
enum ConsolePlayGraphicsChecks {
    static let graphics = CheckFunction(
        name: "console.play_graphics",
        summary: "Google Play's default-language listing holds each required graphic and enough screenshots (counted per image type; the API gives no sizes)",
        options: [
            OptionSpec("required", .stringList, required: true, doc: "image types of which Play needs at least one (icon, featureGraphic)"),
            OptionSpec("screenshot_types", .stringList, required: true, doc: "the screenshot image types counted together"),
            OptionSpec("screenshots_min", .int, required: true, doc: "fewest screenshots across screenshot_types"),
        ],
        subjects: .none,
        placeholders: ["language", "problem", "counts"]
    ) { invocation in
        let project = invocation.context.project
        guard let play = project.console.snapshot?.googlePlay, let images = play.images, let language = play.defaultLanguage,
              let required = invocation.options.strings("required"), let shotTypes = invocation.options.strings("screenshot_types"),
              let minimum = invocation.options.int("screenshots_min") else { return [] }
        let counts = images.sorted { $0.key < $1.key }.map { "\(ConsoleLocation.sanitized($0.key)) \($0.value)" }.joined(separator: ", ")
        var results: [CheckResult] = []
        func report(_ place: String, _ problem: String, held: [MetadataImage], enough: Bool) {
            let file = enough ? held.first?.location.path : nil
            results.append(CheckResult(
                location: ConsoleLocation.at(.play, language, place), evidence: counts,
                values: ["language": ConsoleLocation.sanitized(language), "problem": problem, "counts": counts],
                severity: file == nil ? nil : .info,
                condition: file.map { .replacedAtNextUpload(uploader: "supply", file: $0) }))
        }
        for type in required where (images[type] ?? 0) == 0 {
            let held = repositoryImages(project, language: language, types: [type])
            report(type, "no \(type) image", held: held, enough: !held.isEmpty)
        }
        let shots = shotTypes.reduce(0) { $0 + max(0, images[$1] ?? 0) }
        if shots < minimum {
            let held = repositoryImages(project, language: language, types: shotTypes)
            report("screenshots", "\(shots) screenshot\(shots == 1 ? "" : "s") (\(shotTypes.joined(separator: ", ")) together), fewer than \(minimum)",
                   held: held, enough: held.count >= minimum)
        }
        return results
    }

    /// The images of `types` that a Play tree supply uploads holds for `language`.
    static func repositoryImages(_ project: ProjectModel, language: String, types: [String]) -> [MetadataImage] {
        project.metadata.filter { tree in
            tree.store == .play && tree.judgingStore(among: [.play]) != nil
        }.flatMap { tree in
            tree.locales.filter { $0.code.lowercased() == language.lowercased() }.flatMap { locale in
                locale.images.filter { types.contains($0.type) && tree.uploads(field: $0.type, to: .play) }
            }
        }
    }
}
