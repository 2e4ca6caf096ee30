import Formats

/// A Git LFS pointer: the small text file a repository holds in place of a large file that `.gitattributes`
/// gives `filter=lfs` (a screenshot, an icon), until `git lfs pull` (or `actions/checkout` with `lfs: true`)
/// fetches the real bytes. What CI uploads is the fetched file, so a pointer is never read as the file it stands for.
/// Recognised by its first line, which the LFS specification fixes (docs/spec.md of git-lfs/git-lfs).
public enum GitLFSPointer {
    static let firstLine = Array("version https://git-lfs.github.com/spec/v1".utf8)

    /// Whether the file's first bytes are an LFS pointer's first line.
    public static func isPointer(_ head: some Collection<UInt8>) -> Bool {
        head.starts(with: firstLine)
    }

    /// How many bytes `isPointer` needs.
    public static var headLength: Int { firstLine.count }

    /// The problem a reader records for a pointer in place of an image; `separate` gathers these into one fact.
    public static let problemMessage = "a Git LFS pointer, not the file it stands for (its objects were not fetched); "
        + "run git lfs pull, or check out with lfs: true, and check again"

    /// Fact: the image files that are LFS pointers, by path (the metadata inspector's one note for them all).
    public static let factName = "files.lfs_pointers"

    /// Splits the pointer problems from the others: the others, a fact listing the pointers and the same as a
    /// not-checked input (nil when none).
    public static func separate(_ problems: [InputProblem]) -> (problems: [InputProblem], fact: Fact?, gap: CoverageGap?) {
        let pointers = problems.filter { $0.message == problemMessage }
        guard !pointers.isEmpty else { return (problems, nil, nil) }
        let paths = pointers.map(\.location.path).sorted()
        let fact = Fact(name: factName, value: .list(paths), source: .detected,
                        evidence: paths.prefix(SymbolEntry.defaultEvidenceLimit).map {
                            Evidence(location: SourceLocation(path: $0), snippet: String(decoding: firstLine, as: UTF8.self))
                        })
        return (problems.filter { $0.message != problemMessage }, fact, CoverageGap(.lfsPointers, subjects: paths))
    }
}
