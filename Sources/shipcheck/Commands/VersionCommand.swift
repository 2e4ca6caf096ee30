/// `shipcheck version`: the version on one line, as `--version` prints it (SwiftLint users type this).
struct VersionCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "version",
        abstract: "Show the version of shipcheck (the same as shipcheck --version).",
        options: []
    )

    func run(_ arguments: [String]) -> ExitCode {
        switch console.parse(arguments, Self.definition) {
        case .success: break
        case .failure(let code): return code
        }
        console.out("\(ShipcheckCommand.version)\n")
        return .success
    }
}
