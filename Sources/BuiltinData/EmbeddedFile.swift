/// A file compiled into the binary: its name in the package folder and its text.
public struct EmbeddedFile: Sendable, Equatable {
    public let name: String
    public let text: String
    /// For a checklist: its YAML tree, parsed at build time and written by `CompiledNode.encode`, so that
    /// start-up decodes it instead of parsing YAML. Nil for templates.
    public let compiled: String?

    public init(name: String, text: String, compiled: String? = nil) {
        self.name = name
        self.text = text
        self.compiled = compiled
    }
}
