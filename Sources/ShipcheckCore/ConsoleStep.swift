import Foundation
import Online
import Project
import Rules

/// How a run reads the store consoles: `--console-snapshot FILE` (no network), `--console [appstore|play]`
/// (the APIs, credentials from the environment only), `--console-strict` (a console asked for and not read
/// is exit 2; otherwise its items stay manual with the reason and the exit code does not change).
public struct ConsoleOptions: Sendable {
    /// `--console-snapshot FILE`, relative to the working folder.
    public var snapshotPath: String?
    /// `--console`: the stores to read over the network (empty: not asked).
    public var stores: Set<ConsoleStore> = []
    public var strict = false
    /// `--console-bundle-id`: the App Store app, when neither an archive nor the project names it.
    public var bundleId: String?
    /// The network reader; nil: only the credentials are looked at (the items stay manual, with why).
    public var reader: (any ConsoleReader)?
    /// Where credentials are read from (the process environment in the CLI); never from shipcheck.yml.
    public var environment: [String: String] = [:]

    public init(snapshotPath: String? = nil, stores: Set<ConsoleStore> = [], strict: Bool = false,
                reader: (any ConsoleReader)? = nil, environment: [String: String] = [:]) {
        self.snapshotPath = snapshotPath
        self.stores = stores
        self.strict = strict
        self.reader = reader
        self.environment = environment
    }

    var isRequested: Bool { snapshotPath != nil || !stores.isEmpty }
}

/// Puts what the consoles say into the project model (a `ConsolePart` and `ConsoleFacts`), after inspection:
/// the app to read is the project's (or the archive's). Returns the notes the run prints.
public enum ConsoleStep {
    static func read(_ options: ConsoleOptions, into project: inout ProjectModel, workingDirectory: String) throws(SessionError) -> [String] {
        guard options.isRequested else { return [] }
        var part = ConsolePart()
        if let given = options.snapshotPath {
            let path = given.hasPrefix("/") ? given : (workingDirectory as NSString).appendingPathComponent(given)
            do {
                part.snapshot = try ConsoleSnapshotReader.read(path: path)
            } catch {
                throw SessionError(Diagnostic(.consoleUnreadable, at: SourceLocation(path: given), error.message))
            }
            part.origin = "snapshot \((given as NSString).lastPathComponent)"
        } else {
            let request = ConsoleRequest(stores: options.stores, bundleId: options.bundleId ?? appBundleId(project), packageName: appPackageName(project))
            let reader = options.reader ?? CredentialsOnlyConsoleReader(environment: options.environment)
            let result = reader.read(request)
            part.snapshot = result.snapshot
            part.unread = result.unread
            part.origin = "the store APIs"
        }
        project.console = part
        for fact in ConsoleFacts.facts(for: part) { project.facts.add(fact) }
        return part.unread.sorted { $0.key.rawValue < $1.key.rawValue }.map { store, reason in
            "\(store.consoleName) was not read (\(reason)); its items stay manual"
        }
    }

    /// The bundle id App Store Connect is asked about: the built archive's app, else the project's app
    /// Info.plist when it is a literal (not `$(PRODUCT_BUNDLE_IDENTIFIER)`).
    public static func appBundleId(_ project: ProjectModel) -> String? {
        for archive in project.archives where archive.isApple {
            if let app = archive.app, let id = archive.plist(of: app)?.string("CFBundleIdentifier") { return id }
        }
        for plist in project.infoPlists {
            if let id = plist.strings["CFBundleIdentifier"], !id.contains("$"), id.contains(".") { return id }
        }
        return nil
    }

    public static func appPackageName(_ project: ProjectModel) -> String? {
        project.facts["android.application_id"]?.value.description
    }

    /// Rules whose `when:` names a console fact: the manual items the console answers when it is read.
    static func consoleGated(_ engine: Engine) -> Set<String> {
        Set(engine.checklists.flatMap(\.rules).filter { rule in
            rule.isManual && (rule.when?.factNames ?? []).contains { $0.hasPrefix("console.") }
        }.map(\.id))
    }

    /// A console item left manual says why: the console was not asked for, or was asked for and not read.
    static func annotated(_ manual: [ManualItem], project: ProjectModel, engine: Engine) -> [ManualItem] {
        // Without --console or --console-snapshot the items read as the checklists word them.
        guard project.console.snapshot != nil || !project.console.unread.isEmpty else { return manual }
        let gated = consoleGated(engine)
        guard !gated.isEmpty else { return manual }
        return manual.map { item in
            guard gated.contains(item.rule), let rule = engine.rule(item.rule) else { return item }
            let store: ConsoleStore = rule.stores.contains(.play) && !rule.stores.contains(.appstore) ? .play : .appstore
            let why: String
            if let reason = project.console.unread[store] {
                why = "\(store.consoleName) was not read: \(reason)."
            } else if project.console.snapshot != nil {
                why = "\(store.consoleName) was read, but not the part that answers this (the key's role, or nothing in flight)."
            } else {
                why = "\(store.consoleName) was not asked for (--console \(store.rawValue))."
            }
            let help = item.help.map { $0 + " " + why } ?? why
            // Every report shows the title: a console asked for and not read says so there too.
            let title = project.console.unread[store].map { "\(item.title) (not checked: \(store.consoleName) was not read: \($0))" } ?? item.title
            return ManualItem(rule: item.rule, checklist: item.checklist, title: title, help: help, references: item.references)
        }
    }
}
