/// The store consoles as an input: declares the facts the console step emits (so the fact catalog holds them)
/// and reads no file of the walk. The console is read after inspection (the app's bundle id and package come
/// from the project), by `ConsoleStep` in ShipcheckCore, which stores a `ConsolePart` and `ConsoleFacts`.
public struct ConsoleInspector: Inspector {
    public typealias Part = ConsolePart

    public init() {}

    public var name: String { "console" }
    public var readsEarlierParts: Bool { false }
    public var files: FileInterest { .nameSuffixes([]) }
    public var emits: [String] { ConsoleFacts.all }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<ConsolePart> {
        InspectorOutput(part: nil)
    }
}
