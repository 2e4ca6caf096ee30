import Project
import Rules

/// An input shipcheck did not read, so the rules that depend on it could not judge it: no built archive
/// given, a project generator's spec not fully evaluated, an Android module graph or flavour list not
/// followed. Every report says each once, in its summary, so that a clean report is not read as "all checked".
public struct NotCheckedInput: Sendable, Equatable {
    /// A stable name for machines: `archive`, `package-examples`, `project-spec`, `local-packages`, `metadata-upload-path`,
    /// `lfs-pointers`, `android-module-graph`, `android-flavors`.
    public let input: String
    /// One line for people: what was not read, what it means, what to do.
    public let message: String
    /// What it is about: the rules that did not run, the modules, the spec parts.
    public let subjects: [String]

    /// Each input once, in a fixed order, from the run's facts and the rules that found no archive to read.
    public static func inputs(_ result: RunResult) -> [NotCheckedInput] {
        var inputs: [NotCheckedInput] = []
        if !result.notRunWithoutArchive.isEmpty {
            inputs.append(NotCheckedInput(
                input: "archive",
                message: "Not checked without a built archive (give --archive with the .ipa/.aab): " + result.notRunWithoutArchive.joined(separator: ", "),
                subjects: result.notRunWithoutArchive))
        }
        let facts = result.facts
        if let examples = facts.first(where: { $0.name == "project.package_examples" }), case .list(let folders) = examples.value, !folders.isEmpty {
            inputs.append(NotCheckedInput(
                input: "package-examples",
                message: "Not checked: the example \(folders.count == 1 ? "app" : "apps") of packages in \(folders.joined(separator: ", ")) (a package's example is never uploaded); "
                    + "to check one, run shipcheck in its folder",
                subjects: folders))
        }
        if let spec = facts.first(where: { $0.name == "apple.project_spec.unevaluated" }), spec.value.isTruthy {
            let parts = spec.evidence.map(\.snippet)
            let shown = parts.prefix(3).joined(separator: "; ") + (parts.count > 3 ? "; …" : "")
            inputs.append(NotCheckedInput(
                input: "project-spec",
                message: "Not checked: parts of the project generator's spec that shipcheck does not evaluate (\(shown)); "
                    + "keys set there are unknown to the rules. Generate the Xcode project (xcodegen generate, tuist generate) and check again, or state the facts in shipcheck.yml",
                subjects: parts))
        }
        if let outside = facts.first(where: { $0.name == "packages.outside_root" }), case .list(let paths) = outside.value, !paths.isEmpty {
            let shown = outside.evidence.prefix(3).map { "\($0.location): \($0.snippet)" }.joined(separator: "; ") + (outside.evidence.count > 3 ? "; …" : "")
            inputs.append(NotCheckedInput(
                input: "local-packages",
                message: "Not checked: path dependencies outside the folder checked, which shipcheck never reads (\(shown)); "
                    + "their code, privacy manifests and plugin manifests are not judged. Check the folder that holds the app and its packages",
                subjects: paths))
        }
        // Metadata uploads whose folder only a run of fastlane knows (`metadata_path: ENV["X"]` with X set nowhere readable).
        let unresolved = facts.filter { $0.name.hasPrefix("metadata.") && $0.name.hasSuffix(".upload_unresolved") }
        if !unresolved.isEmpty {
            let trees = unresolved.map { String($0.name.dropFirst("metadata.".count).dropLast(".upload_unresolved".count)) }.sorted()
            let why = Array(Set(unresolved.flatMap(\.evidence).map { "\($0.location): \($0.snippet)" })).sorted()
            inputs.append(NotCheckedInput(
                input: "metadata-upload-path",
                message: "Not checked: which metadata folder \(why.count == 1 ? "an upload sends" : "some uploads send") (\(why.prefix(3).joined(separator: "; "))\(why.count > 3 ? "; …" : "")); "
                    + "findings in \(trees.joined(separator: ", ")) are graded at most as warnings. Set the variable in fastlane/.env or the workflow's env:, or state paths.play_metadata / paths.appstore_metadata in shipcheck.yml",
                subjects: trees))
        }
        // Images that are Git LFS pointers in the checkout: CI uploads the fetched files, which were not here to read.
        if let pointers = facts.first(where: { $0.name == GitLFSPointer.factName }), case .list(let paths) = pointers.value, !paths.isEmpty {
            let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
            inputs.append(NotCheckedInput(
                input: "lfs-pointers",
                message: "Not checked: \(paths.count == 1 ? "1 image is a Git LFS pointer" : "\(paths.count) images are Git LFS pointers"), not the \(paths.count == 1 ? "image" : "images") (\(shown)); "
                    + "their pixel sizes and formats were not read. Fetch them (git lfs pull, or actions/checkout with lfs: true) and check again",
                subjects: paths))
        }
        func modules(_ suffix: String) -> [String] {
            facts.filter { $0.name.hasPrefix("android.module.") && $0.name.hasSuffix(suffix) && $0.value.isTruthy }
                .map { String($0.name.dropFirst("android.module.".count).dropLast(suffix.count)) }.sorted()
        }
        let graph = modules(".module_graph_unresolved")
        if !graph.isEmpty {
            inputs.append(NotCheckedInput(
                input: "android-module-graph",
                message: "Not checked: the dependency graph of Android \(graph.count == 1 ? "module" : "modules") \(graph.joined(separator: ", ")) could not be followed; "
                    + "every non-test library manifest was merged instead, so permissions and components may be over-reported",
                subjects: graph))
        }
        let flavors = modules(".flavors_unresolved")
        if !flavors.isEmpty {
            inputs.append(NotCheckedInput(
                input: "android-flavors",
                message: "Not checked: which flavour of Android \(flavors.count == 1 ? "module" : "modules") \(flavors.joined(separator: ", ")) \(flavors.count == 1 ? "is" : "are") released (their flavour names are computed); "
                    + "every flavour source set was merged instead",
                subjects: flavors))
        }
        return inputs
    }
}
