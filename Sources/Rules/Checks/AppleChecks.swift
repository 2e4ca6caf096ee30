/// Check functions for privacy manifest, purpose strings, hosted content / on-demand resources. STUB: replaced by its owner.
public enum AppleChecks {
    public static var all: [CheckFunction] { [] }
}
