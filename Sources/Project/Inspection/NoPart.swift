/// The part of an inspector that only emits facts.
public struct NoPart: ModelPart {
    public init() {}
}
