/// Placeholder; the reports work replaces this file.
public enum Reports {}
