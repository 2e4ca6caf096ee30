/// How an inspector's API uses (`SymbolHit`s) join those already found, declared by the inspector beside its
/// `FactMergePolicy` and `DependencyMergePolicy` (`ArchiveInspector.symbolHitMerge`), so the core merges without
/// knowing which input it merges.
public enum SymbolHitMergePolicy: Sendable {
    /// Both are kept, each with its origin: a use in a binary does not answer one in the code, nor the reverse; a
    /// check picks the input it judges (`ProjectModel.symbolHits(fromArchive:)`).
    case keptWithOrigin
}

extension Array where Element == SymbolHit {
    /// Adds `added` as the inspector that found them declares (`SymbolHitMergePolicy`).
    public mutating func add(_ added: [SymbolHit], policy: SymbolHitMergePolicy) {
        switch policy {
        case .keptWithOrigin: self += added
        }
    }
}
