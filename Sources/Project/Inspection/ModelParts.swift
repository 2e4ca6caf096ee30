/// The model's parts, one per part type: the type is the key, so a reader names what it wants
/// (`parts[ApplePart.self]`) and gets that type back, the empty part when no inspector produced one.
public struct ModelParts: Sendable {
    private var storage: [ObjectIdentifier: any ModelPart] = [:]

    public init() {}

    public subscript<Part: ModelPart>(_ type: Part.Type) -> Part {
        get {
            // Only the typed setter below writes a key, with a value of that very type: the cast cannot fail.
            guard let stored = storage[ObjectIdentifier(type)], let part = stored as? Part else { return Part() }
            return part
        }
        set { storage[ObjectIdentifier(type)] = newValue }
    }

    /// Whether an inspector produced this part (the run read that input).
    public func contains<Part: ModelPart>(_ type: Part.Type) -> Bool {
        storage[ObjectIdentifier(type)] != nil
    }
}
