/// Placeholder; the StoreText work replaces this file.
public struct TextCount: Sendable {}
