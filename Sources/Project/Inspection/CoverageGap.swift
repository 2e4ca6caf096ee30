/// An input an inspector found but could not read to the end, so the rules that depend on it could not
/// judge all of it: a package's example app left out, a generator spec not evaluated, path dependencies
/// outside the root, an upload whose metadata folder only a run of fastlane knows, images that are Git LFS
/// pointers, an Android module graph or flavour list not followed. The inspector that met it says so here,
/// typed; the reports only word and render it ("Not checked: …"), so a clean report is never read as "all checked".
public struct CoverageGap: Sendable, Equatable {
    /// What was not read. The raw value is the stable name reports give machines.
    public enum Input: String, Sendable, CaseIterable {
        case packageExamples = "package-examples"
        case unuploadedApps = "unuploaded-apps"
        case unarchivedAppTargets = "unarchived-app-targets"
        case projectSpec = "project-spec"
        case localPackages = "local-packages"
        case metadataUploadPath = "metadata-upload-path"
        case lfsPointers = "lfs-pointers"
        case androidModuleGraph = "android-module-graph"
        case androidFlavors = "android-flavors"
    }

    public let input: Input
    /// What it is about: the folders, metadata trees, files or modules.
    public let subjects: [String]
    /// Where it was seen (the spec's unread parts, the upload lines, the dependency lines).
    public let evidence: [Evidence]
    /// One line of why, when the input has one (a module graph's summary, a flavour list's reason).
    public let detail: String?

    public init(_ input: Input, subjects: [String], evidence: [Evidence] = [], detail: String? = nil) {
        self.input = input
        self.subjects = subjects
        self.evidence = evidence
        self.detail = detail
    }

    /// The gaps of one run in a fixed order: by input, then by subjects (so reports are the same on every run).
    public static func ordered(_ gaps: [CoverageGap]) -> [CoverageGap] {
        let rank = Dictionary(uniqueKeysWithValues: Input.allCases.enumerated().map { ($1, $0) })
        return gaps.sorted { a, b in
            if a.input != b.input { return rank[a.input, default: 0] < rank[b.input, default: 0] }
            return a.subjects.lexicographicallyPrecedes(b.subjects)
        }
    }
}
