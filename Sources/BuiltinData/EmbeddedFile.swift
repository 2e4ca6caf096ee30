/// A file compiled into the binary: its name in the package folder and its text.
public struct EmbeddedFile: Sendable, Equatable {
    public let name: String
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
