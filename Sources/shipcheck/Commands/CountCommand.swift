/// `shipcheck count`: waits for the StoreText module. (Being written.)
struct CountCommand {
    let console: Console
    static let definition = CommandDefinition(name: "count", abstract: "Count a text the way the stores count it.", options: [])
    func run(_ arguments: [String]) -> ExitCode { console.error("count: not yet available"); return .usage }
}
