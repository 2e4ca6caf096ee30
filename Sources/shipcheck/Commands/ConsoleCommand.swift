import Foundation
import Online
import Project
import ShipcheckCore

/// `shipcheck console doctor [PATH]` and `shipcheck console fetch [PATH] --out FILE`: which console
/// credentials the environment holds (variable names only, never values), whether they work, and a snapshot
/// of what the consoles say (secrets reduced to booleans) for `check --console-snapshot`, bug reports and tests.
struct ConsoleCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "console",
        abstract: "Read App Store Connect and Google Play Console: doctor (credentials, access) or fetch (a snapshot).",
        discussion: "Credentials come from the environment only (fastlane's and Codemagic's variables; docs/console.md); "
            + "nothing reads them from shipcheck.yml, and no key, token or password is ever printed or written.\n\n"
            + "EXIT CODES: 0 done; 1 doctor found a console it cannot read; 2 usage, or fetch could not write.",
        arguments: [ArgumentDefinition("action", optional: false, help: "doctor or fetch."),
                    ArgumentDefinition("path", help: "The project root (default: .): the app's bundle id and package name come from it.")],
        options: CommonOptions.project + [
            CheckCommand.archiveOption,
            OptionDefinition("out", value: "file", help: "fetch: where to write the snapshot (JSON)."),
            OptionDefinition("console-store", value: "store", repeatable: true, help: "Read only this console, appstore or play; may repeat."),
            OptionDefinition("console-bundle-id", value: "id", help: "The App Store app's bundle id, when neither an --archive nor the project gives it."),
        ],
        subcommands: [("doctor", "Which credentials were found (names only), and whether each console can be read."),
                      ("fetch", "Write a snapshot of what the consoles say (--out FILE), secrets reduced to booleans.")]
    )

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        guard let action = parsed.positionals.first, ["doctor", "fetch"].contains(action) else {
            return console.usage(UsageError(message: "give an action: 'shipcheck console doctor' or 'shipcheck console fetch --out FILE'", command: "console"))
        }
        let environment = ProcessInfo.processInfo.environment
        var stores = Set<ConsoleStore>()
        for name in parsed.list("console-store") {
            guard let store = ConsoleStore(rawValue: name) else {
                return console.usage(UsageError(message: "--console-store takes appstore or play, not '\(name)'", command: "console"))
            }
            stores.insert(store)
        }
        if stores.isEmpty { stores = Set(ConsoleStore.allCases) }
        if action == "fetch", parsed.value("out") == nil {
            return console.usage(UsageError(message: "console fetch needs --out FILE (the snapshot is written there, never printed)", command: "console"))
        }
        // The app: from the project (and archive) when one is there; a missing project is not an error for doctor.
        var request = ConsoleRequest(stores: stores, bundleId: parsed.value("console-bundle-id"))
        if let project = try? projectModel(parsed) {
            request.bundleId = request.bundleId ?? ConsoleStep.appBundleId(project)
            request.packageName = ConsoleStep.appPackageName(project)
        }
        switch action {
        case "doctor": return doctor(request, environment: environment)
        default: return fetch(request, environment: environment, out: parsed.value("out") ?? "")
        }
    }

    func projectModel(_ parsed: ParsedArguments) throws(SessionError) -> ProjectModel {
        let session = try Session.open(path: parsed.positionals.count > 1 ? parsed.positionals[1] : ".", configPath: parsed.value("config"),
                                       rulesDirectories: parsed.all("rules"))
        var project = try session.inspect()
        try ArchiveStep.read(parsed.all("archive"), into: &project, binarySymbols: session.archiveTables())
        return project
    }

    func doctor(_ request: ConsoleRequest, environment: [String: String]) -> ExitCode {
        var lines: [String] = []
        var healthy = true
        switch ConsoleEndpoints.from(environment: environment) {
        case .success(let endpoints):
            if endpoints.appStoreConnect != ConsoleEndpoints.appStoreConnectDefault { lines.append("App Store Connect API: \(endpoints.appStoreConnect.absoluteString) (SHIPCHECK_ASC_API_BASE)") }
            if endpoints.playAPI != ConsoleEndpoints.playDefault { lines.append("Google Play API: \(endpoints.playAPI.absoluteString) (SHIPCHECK_PLAY_API_BASE)") }
            if endpoints.tokenURIOverridden { lines.append("Google token endpoint: \(endpoints.googleTokenURI.absoluteString) (SHIPCHECK_GOOGLE_TOKEN_URI)") }
        case .failure(let error):
            lines.append("endpoints: \(error.message)")
            healthy = false
        }
        for store in request.stores.sorted(by: { $0.rawValue < $1.rawValue }) {
            let found: (names: [String]?, failure: String?)
            switch store {
            case .appstore:
                let result = AppStoreConnectCredentials.find(in: environment)
                found = (result.credentials?.variables, result.failure)
            case .play:
                let result = GooglePlayCredentials.find(in: environment)
                found = (result.credentials?.variables, result.failure)
            }
            if let names = found.names {
                lines.append("\(store.consoleName): credentials from \(names.joined(separator: ", "))")
            } else {
                lines.append("\(store.consoleName): \(found.failure ?? "no credentials")")
                healthy = false
                continue
            }
            let app = store == .appstore ? request.bundleId.map { "bundle id \($0)" } : request.packageName.map { "package \($0)" }
            lines.append("  app: \(app ?? "not known (give --archive, or --console-bundle-id for App Store Connect)")")
            guard let reader = ConsoleNetwork.reader(environment: environment) else {
                lines.append("  access: not tried (reading over the network is not available in this build)")
                healthy = false
                continue
            }
            var one = request
            one.stores = [store]
            let result = reader.read(one)
            if let reason = result.unread[store] {
                lines.append("  access: not read: \(reason)")
                healthy = false
            } else {
                lines.append("  access: read (\(ConsoleSummary.describe(result.snapshot, store: store)))")
            }
        }
        console.out(lines.map { VisibleLine.clean($0) }.joined(separator: "\n") + "\n")
        return healthy ? .success : .findings
    }

    func fetch(_ request: ConsoleRequest, environment: [String: String], out: String) -> ExitCode {
        let reader = ConsoleNetwork.reader(environment: environment) ?? CredentialsOnlyConsoleReader(environment: environment)
        let result = reader.read(request)
        for (store, reason) in result.unread.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            console.note("\(store.consoleName) was not read: \(VisibleLine.clean(reason))")
        }
        do {
            try ConsoleSnapshotReader.encode(result.snapshot).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            console.error("\(out): the snapshot could not be written: \(error.localizedDescription)")
            return .usage
        }
        console.note("wrote \(out) (\(ConsoleSnapshotReader.describeContents(result.snapshot)))")
        return .success
    }
}

/// One line of what a read gave, for `console doctor`.
enum ConsoleSummary {
    static func describe(_ snapshot: ConsoleSnapshot, store: ConsoleStore) -> String {
        switch store {
        case .appstore:
            guard let asc = snapshot.appStoreConnect else { return "nothing" }
            return "app \(asc.app.id), \(asc.appInfo?.localizations.count ?? 0) App Information localization(s), version in flight: \(asc.version?.versionString ?? "none")"
        case .play:
            guard let play = snapshot.googlePlay else { return "nothing" }
            return "\(play.listings.count) listing(s), \(play.tracks.count) track(s), \(play.bundles.count) bundle(s)"
        }
    }
}

/// Server text on a terminal: control and bidi characters shown as U+XXXX, never interpreted.
enum VisibleLine {
    static func clean(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || category == .format {
                result += "U+" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
