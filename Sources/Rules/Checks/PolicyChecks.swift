/// Check functions for account deletion, privacy policy, data safety, demo account. STUB: replaced by its owner.
public enum PolicyChecks {
    public static var all: [CheckFunction] { [] }
}
