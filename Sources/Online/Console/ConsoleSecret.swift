/// A key, token or password held only as long as a request needs it. It never prints: `description`,
/// `debugDescription` and string interpolation show `[secret]`, so that a message, a log line or a report
/// built from a value that holds one cannot leak it by accident. `reveal` is for the signer and the HTTP
/// header only.
public struct ConsoleSecret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    private let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "[secret]" }
    public var debugDescription: String { "[secret]" }
    public var isEmpty: Bool { value.isEmpty }

    /// The text itself, for the one place that must send or sign it.
    public func reveal() -> String { value }
}
