/// A `given:` selector. (Being written.)
public struct Selector: Sendable {
    public let text: String
}
