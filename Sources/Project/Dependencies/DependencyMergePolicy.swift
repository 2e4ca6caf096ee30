/// How an inspector's dependencies join those already found, declared by the inspector beside its
/// `FactMergePolicy` (a source inspector's are appended; a built archive's packaged versions replace the build
/// files' entries of the same library, `ArchiveInspector.dependencyMerge`).
public enum DependencyMergePolicy: Sendable {
    /// Every dependency is kept, in order.
    case appended
    /// What ships replaces the entries of `ecosystem` that name the same library (case-insensitively): the
    /// version the build packaged wins over the one the build files ask for.
    case shippedWins(Dependency.Ecosystem)
}

extension Array where Element == Dependency {
    /// Adds `added` as the inspector that found them declares (`DependencyMergePolicy`).
    public mutating func add(_ added: [Dependency], policy: DependencyMergePolicy) {
        switch policy {
        case .appended:
            break
        case .shippedWins(let ecosystem):
            let shipped = Set(added.map { $0.name.lowercased() })
            removeAll { $0.ecosystem == ecosystem && shipped.contains($0.name.lowercased()) }
        }
        self += added
    }
}
