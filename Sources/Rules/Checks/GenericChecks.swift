/// The generic text checks every checklist can use over `given:` subjects: present, length, pattern,
/// words, url, one-of, year. Each reads its limits and lists from options or tables, never from code.
public enum GenericChecks {
    public static var all: [CheckFunction] {
        [GenericPresent.function, GenericLength.function, GenericPattern.function, GenericWords.function,
         GenericURL.function, GenericOneOf.function, GenericYear.function]
    }
}
