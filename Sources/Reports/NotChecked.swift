import Project
import Rules

/// An input shipcheck did not read, so the rules that depend on it could not judge it: no built archive
/// given, a project generator's spec not fully evaluated, an Android module graph or flavour list not
/// followed. Every report says each once, in its summary, so that a clean report is not read as "all checked".
public struct NotCheckedInput: Sendable, Equatable {
    /// A stable name for machines: `archive`, `package-examples`, `unuploaded-apps`, `unarchived-app-targets`, `project-spec`, `local-packages`, `metadata-upload-path`,
    /// `lfs-pointers`, `android-module-graph`, `android-flavors`.
    public let input: String
    /// One line for people: what was not read, what it means, what to do.
    public let message: String
    /// What it is about: the rules that did not run, the modules, the spec parts.
    public let subjects: [String]

    /// Each input once, in a fixed order: the rules that found no archive to read, then the inspectors' gaps.
    public static func inputs(_ result: RunResult) -> [NotCheckedInput] {
        var inputs: [NotCheckedInput] = []
        if !result.notRunWithoutArchive.isEmpty {
            inputs.append(NotCheckedInput(
                input: "archive",
                message: "Not checked without a built archive (give --archive with the .ipa/.aab): " + result.notRunWithoutArchive.joined(separator: ", "),
                subjects: result.notRunWithoutArchive))
        }
        // The inspectors' typed gaps, worded here: several gaps of one input (one per module, per spec) are one item.
        func gaps(_ input: CoverageGap.Input) -> [CoverageGap] { result.coverage.filter { $0.input == input } }
        let examples = gaps(.packageExamples).flatMap(\.subjects)
        if !examples.isEmpty {
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.packageExamples.rawValue,
                message: "Not checked: the example \(examples.count == 1 ? "app" : "apps") of packages in \(examples.joined(separator: ", ")) (a package's example is never uploaded); "
                    + "to check one, run shipcheck in its folder",
                subjects: examples))
        }
        let unuploaded = gaps(.unuploadedApps)
        if !unuploaded.isEmpty {
            let folders = unuploaded.flatMap(\.subjects)
            let builds = unuploaded.flatMap(\.evidence).sorted()
            let shown = builds.prefix(2).map { "\($0.location): \($0.snippet)" }.joined(separator: "; ") + (builds.count > 2 ? "; …" : "")
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.unuploadedApps.rawValue,
                message: "Not checked: the apps of the Xcode \(folders.count == 1 ? "project" : "projects") in \(folders.joined(separator: ", ")), which no App Store upload builds "
                    + "(every upload archives another project's scheme: \(shown)); to check one, run shipcheck in its folder, or name it in an uploading lane",
                subjects: folders))
        }
        let unarchived = gaps(.unarchivedAppTargets)
        if !unarchived.isEmpty {
            let targets = unarchived.flatMap(\.subjects)
            // "App/isowords.xcodeproj: CubeCorePreview" → the targets named once per project.
            let byProject = Dictionary(grouping: targets) { String($0.prefix { $0 != ":" }) }
            let named = byProject.keys.sorted().map { project in
                "\(byProject[project, default: []].map { String($0.dropFirst(project.count + 2)) }.joined(separator: ", ")) of \(project)"
            }.joined(separator: "; ")
            let archives = unarchived.flatMap(\.evidence).sorted()
            let shown = archives.prefix(2).map { "\($0.location): \($0.snippet)" }.joined(separator: "; ") + (archives.count > 2 ? "; …" : "")
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.unarchivedAppTargets.rawValue,
                message: "Not checked: the app \(targets.count == 1 ? "target" : "targets") \(named), which no scheme archives, so no upload carries "
                    + "\(targets.count == 1 ? "it" : "them") (the project's schemes archive its other apps: \(shown)); to check one, share a scheme that archives it",
                subjects: targets))
        }
        let parts = gaps(.projectSpec).flatMap(\.evidence).sorted().map(\.snippet)
        if !parts.isEmpty {
            let shown = parts.prefix(3).joined(separator: "; ") + (parts.count > 3 ? "; …" : "")
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.projectSpec.rawValue,
                message: "Not checked: parts of the project generator's spec that shipcheck does not evaluate (\(shown)); "
                    + "keys set there are unknown to the rules. Generate the Xcode project (xcodegen generate, tuist generate) and check again, or state the facts in shipcheck.yml",
                subjects: parts))
        }
        let outside = gaps(.localPackages)
        if !outside.isEmpty {
            let evidence = outside.flatMap(\.evidence)
            let shown = evidence.prefix(3).map { "\($0.location): \($0.snippet)" }.joined(separator: "; ") + (evidence.count > 3 ? "; …" : "")
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.localPackages.rawValue,
                message: "Not checked: path dependencies outside the folder checked, which shipcheck never reads (\(shown)); "
                    + "their code, privacy manifests and plugin manifests are not judged. Check the folder that holds the app and its packages",
                subjects: outside.flatMap(\.subjects)))
        }
        // Metadata uploads whose folder only a run of fastlane knows (`metadata_path: ENV["X"]` with X set nowhere readable).
        let unresolved = gaps(.metadataUploadPath)
        if !unresolved.isEmpty {
            let trees = Array(Set(unresolved.flatMap(\.subjects))).sorted()
            let why = Array(Set(unresolved.flatMap(\.evidence).map { "\($0.location): \($0.snippet)" })).sorted()
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.metadataUploadPath.rawValue,
                message: "Not checked: which metadata folder \(why.count == 1 ? "an upload sends" : "some uploads send") (\(why.prefix(3).joined(separator: "; "))\(why.count > 3 ? "; …" : "")); "
                    + "findings in \(trees.joined(separator: ", ")) are graded at most as warnings. Set the variable in fastlane/.env or the workflow's env:, or state paths.play_metadata / paths.appstore_metadata in shipcheck.yml",
                subjects: trees))
        }
        // Images that are Git LFS pointers in the checkout: CI uploads the fetched files, which were not here to read.
        let pointers = gaps(.lfsPointers).flatMap(\.subjects).sorted()
        if !pointers.isEmpty {
            let shown = pointers.prefix(3).joined(separator: ", ") + (pointers.count > 3 ? " and \(pointers.count - 3) more" : "")
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.lfsPointers.rawValue,
                message: "Not checked: \(pointers.count == 1 ? "1 image is a Git LFS pointer" : "\(pointers.count) images are Git LFS pointers"), not the \(pointers.count == 1 ? "image" : "images") (\(shown)); "
                    + "their pixel sizes and formats were not read. Fetch them (git lfs pull, or actions/checkout with lfs: true) and check again",
                subjects: pointers))
        }
        let graph = Array(Set(gaps(.androidModuleGraph).flatMap(\.subjects))).sorted()
        if !graph.isEmpty {
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.androidModuleGraph.rawValue,
                message: "Not checked: the dependency graph of Android \(graph.count == 1 ? "module" : "modules") \(graph.joined(separator: ", ")) could not be followed; "
                    + "every non-test library manifest was merged instead, so permissions and components may be over-reported",
                subjects: graph))
        }
        let flavors = Array(Set(gaps(.androidFlavors).flatMap(\.subjects))).sorted()
        if !flavors.isEmpty {
            inputs.append(NotCheckedInput(
                input: CoverageGap.Input.androidFlavors.rawValue,
                message: "Not checked: which flavour of Android \(flavors.count == 1 ? "module" : "modules") \(flavors.joined(separator: ", ")) \(flavors.count == 1 ? "is" : "are") released (their flavour names are computed); "
                    + "every flavour source set was merged instead",
                subjects: flavors))
        }
        return inputs
    }
}
