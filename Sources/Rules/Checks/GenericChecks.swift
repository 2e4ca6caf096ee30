/// Check functions for present, length, pattern, words, url, one-of. STUB: replaced by its owner.
public enum GenericChecks {
    public static var all: [CheckFunction] { [] }
}
