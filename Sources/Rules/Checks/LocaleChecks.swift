/// Check functions for locale folder names. STUB: replaced by its owner.
public enum LocaleChecks {
    public static var all: [CheckFunction] { [] }
}
