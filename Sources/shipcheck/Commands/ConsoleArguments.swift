import Foundation
import Project
import ShipcheckCore

/// `check --console`, `--console-store`, `--console-snapshot` and `--console-strict`, read into ConsoleOptions.
enum ConsoleArguments {
    struct Problem: Error {
        let message: String
    }

    static func options(_ parsed: ParsedArguments, environment: [String: String]) -> Result<ConsoleOptions, Problem> {
        var options = ConsoleOptions(environment: environment)
        options.snapshotPath = parsed.value("console-snapshot")
        options.strict = parsed.flag("console-strict")
        options.bundleId = parsed.value("console-bundle-id")
        let named = parsed.list("console-store")
        var stores = Set<ConsoleStore>()
        for name in named {
            guard let store = ConsoleStore(rawValue: name) else {
                return .failure(Problem(message: "--console-store takes appstore or play, not '\(name)'"))
            }
            stores.insert(store)
        }
        if parsed.flag("console") || !stores.isEmpty { options.stores = stores.isEmpty ? Set(ConsoleStore.allCases) : stores }
        if options.snapshotPath != nil, !options.stores.isEmpty {
            return .failure(Problem(message: "--console reads the APIs and --console-snapshot a saved snapshot; give one of them"))
        }
        if options.strict, options.snapshotPath == nil, options.stores.isEmpty {
            return .failure(Problem(message: "--console-strict needs --console (or --console-snapshot)"))
        }
        options.reader = ConsoleNetwork.reader(environment: environment)
        return .success(options)
    }

    /// With --console-strict, a console asked for and not read ends the run with exit 2 (after the reports).
    static func strictExit(_ parsed: ParsedArguments, project: ProjectModel, console: Console) -> ExitCode? {
        guard parsed.flag("console-strict"), !project.console.unread.isEmpty else { return nil }
        for (store, reason) in project.console.unread.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            console.error("--console-strict: \(store.consoleName) was not read: \(reason)")
        }
        return .usage
    }
}
