/// A guideline, policy or documentation page a rule rests on.
public struct Reference: Sendable, Hashable, Codable {
    public let title: String
    public let url: String?

    public init(title: String, url: String? = nil) {
        self.title = title
        self.url = url
    }
}
