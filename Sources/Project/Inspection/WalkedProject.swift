import Foundation

/// What an inspection knows from the walk alone, before any inspector runs: the files the inspectors are
/// given (packages' example apps and Xcode projects no upload builds left out, and said so), the walk's
/// problems, and the facts and coverage items saying what was left out. It needs no checklist, so a session
/// can have it ready while the checklists load (`InspectionAhead`).
public struct WalkedProject: Sendable {
    /// Absolute, resolved.
    public let root: String
    public let files: [ProjectFile]
    let problems: [InputProblem]
    let facts: [Fact]
    let coverage: [CoverageGap]

    /// The walk of `root` (as given: relative or unresolved is fine) with what no inspector reads left out.
    public init(root: String, walk: FileWalker.Result) {
        self.root = FileWalker.realPath(root) ?? root
        // Packages' example apps are never uploaded: left out of every inspector, and said so in a fact.
        let examples = PackageExamples.folders(walk.files)
        let notExamples = examples.isEmpty ? walk.files : walk.files.filter { !PackageExamples.contains(examples, $0.path) }
        // So are Xcode projects with apps of their own that no App Store upload builds (sample apps, a macOS app shipped outside the store).
        let unuploaded = UnuploadedXcodeProjects.find(notExamples)
        files = unuploaded.map { result in notExamples.filter { !PackageExamples.contains(result.folders, $0.path) } } ?? notExamples
        problems = walk.problems
        facts = PackageExamples.fact(examples).map { [$0] } ?? []
        var coverage: [CoverageGap] = examples.isEmpty ? [] : [CoverageGap(.packageExamples, subjects: examples)]
        if let unuploaded { coverage.append(UnuploadedXcodeProjects.coverage(unuploaded)) }
        self.coverage = coverage
    }
}
