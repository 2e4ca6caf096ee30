/// Check functions for target SDK and other platform requirements. STUB: replaced by its owner.
public enum AndroidChecks {
    public static var all: [CheckFunction] { [] }
}
