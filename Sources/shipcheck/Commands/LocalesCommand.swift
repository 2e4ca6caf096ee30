/// `shipcheck locales`: waits for the StoreLocale module. (Being written.)
struct LocalesCommand {
    let console: Console
    static let definition = CommandDefinition(name: "locales", abstract: "Store locale codes: list, normalize, map, resolve, check.", options: [])
    func run(_ arguments: [String]) -> ExitCode { console.error("locales: not yet available"); return .usage }
}
