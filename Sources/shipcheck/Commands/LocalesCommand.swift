import Foundation
import Project
import Rules
import StoreLocale
import YAML

/// `shipcheck locales`: the stores' locale tables, and what to call a language on each store.
struct LocalesCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "locales",
        abstract: "Store locale codes: list, normalize, map between stores, resolve a user's locale, check folders.",
        discussion: """
        EXAMPLES:
          shipcheck locales list --store play
          shipcheck locales normalize ja_JP                 (ja on the App Store, ja-JP on Google Play)
          shipcheck locales map zh-Hans --from appstore --to play
          shipcheck locales resolve pt-BR --supported en-US,pt-PT,fr-FR --default en-US
          shipcheck locales check fastlane/metadata/android
        """,
        arguments: [ArgumentDefinition("action", optional: false, help: "list, normalize, map, resolve or check."),
                    ArgumentDefinition("value", help: "The code (normalize, map, resolve) or folder (check).")],
        options: [
            OptionDefinition("store", value: "store", help: "appstore or play (list, normalize, check; default: both). 'list play' works too."),
            OptionDefinition("from", value: "store", help: "map: the store the code belongs to."),
            OptionDefinition("to", value: "store", help: "map: the store to map it to."),
            OptionDefinition("supported", value: "codes", help: "resolve: the app's languages, comma-separated, best first."),
            OptionDefinition("default", value: "code", help: "resolve: the language when nothing matches."),
            OptionDefinition("format", value: "format", help: "text (default) or json."),
            OptionDefinition("rules", value: "dir", repeatable: true, help: "A folder of extra checklists (.yml)."),
        ],
        subcommands: [("list", "Every code a store accepts, with its name."),
                      ("normalize", "The store's code for a locale (ja_JP → ja / ja-JP)."),
                      ("map", "The other store's code for a code."),
                      ("resolve", "The best supported language for a user's locale, with fallback."),
                      ("check", "Judge every folder of a metadata tree and suggest fixes.")]
    )

    func run(_ arguments: [String]) -> ExitCode {
        // `locales help [ACTION]`: the help of this command (the actions share it).
        if arguments.first == "help" {
            if arguments.count > 1, !Self.definition.subcommands.contains(where: { $0.0 == arguments[1] }) {
                return usage(Self.unknownAction(arguments[1]))
            }
            console.out(HelpText.render(Self.definition))
            return .success
        }
        let parsed: ParsedArguments
        let asJSON: Bool
        switch console.parseTextOrJSON(arguments, Self.definition) {
        case .success(let value): (parsed, asJSON) = (value.0, value.json)
        case .failure(let code): return code
        }
        var stores: [Store] = Store.allCases
        if let name = parsed.value("store") {
            guard let store = Store(rawValue: name) else { return usage("--store takes appstore or play, not '\(name)'") }
            stores = [store]
        }
        let tables: StoreTables
        switch StoreTables.load(rulesDirectories: parsed.all("rules")) {
        case .success(let value): tables = value
        case .failure(let failure):
            for message in failure.messages { console.error(message) }
            return .usage
        }
        let value = parsed.positionals.count > 1 ? parsed.positionals[1] : nil
        let action = parsed.positionals[0]
        switch action {
        case "list":
            // `locales list play` names the store as `--store play` does.
            if let value {
                guard let store = Store(rawValue: value) else { return usage("locales list takes a store, appstore or play, not '\(value)'") }
                stores = [store]
            }
            return list(tables, stores: stores, json: asJSON)
        case "normalize":
            guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                return usage("locales normalize needs a code, e.g. 'shipcheck locales normalize ja_JP'")
            }
            return normalize(value, tables: tables, stores: stores, json: asJSON)
        case "map":
            guard let value, !value.isEmpty else { return usage("locales map needs a code, e.g. 'shipcheck locales map zh-Hans --from appstore --to play'") }
            guard let from = parsed.value("from").flatMap(Store.init(rawValue:)), let to = parsed.value("to").flatMap(Store.init(rawValue:)) else {
                return usage("locales map needs --from and --to, each appstore or play")
            }
            return map(value, from: from, to: to, tables: tables, json: asJSON)
        case "resolve":
            guard let value, !value.isEmpty else { return usage("locales resolve needs the user's locale, e.g. 'shipcheck locales resolve pt-BR --supported en-US,pt-PT'") }
            let supported = parsed.list("supported")
            guard !supported.isEmpty else { return usage("locales resolve needs --supported with the app's languages, comma-separated") }
            let result = LocaleTable.resolve(userLocale: value, supported: supported, default: parsed.value("default"))
            if asJSON {
                console.out(JSONOutput.serialize(["locale": value, "resolved": result as Any? ?? NSNull()]))
            } else {
                console.out((result ?? "no match (give --default for a fallback)") + "\n")
            }
            return result == nil ? .findings : .success
        case "check":
            return check(value ?? ".", tables: tables, stores: stores, json: asJSON)
        default:
            return usage(Self.unknownAction(action))
        }
    }

    static func unknownAction(_ action: String) -> String {
        var message = "unknown locales action '\(action)'"
        if let near = Spelling.nearest(to: action, in: definition.subcommands.map(\.0)) { message += "; did you mean '\(near)'?" }
        return message
    }

    func usage(_ message: String) -> ExitCode {
        console.usage(UsageError(message: message, command: "locales"))
    }

    func list(_ tables: StoreTables, stores: [Store], json: Bool) -> ExitCode {
        var rows: [[String: String]] = []
        var text = ""
        for store in stores {
            guard let table = tables.locales[store] else { continue }
            text += "\(store.displayName) (\(table.codes.count) codes)\n"
            for code in table.codes {
                let name = LocaleTable.displayName(code) ?? ""
                text += "  \(code + String(repeating: " ", count: max(1, 10 - code.count))) \(name)\n"
                rows.append(["store": store.rawValue, "code": code, "name": name])
            }
        }
        console.out(json ? JSONOutput.serialize(rows) : text)
        return .success
    }

    func normalize(_ code: String, tables: StoreTables, stores: [Store], json: Bool) -> ExitCode {
        var results: [String: Any] = [:]
        var text = ""
        var allFound = true
        for store in stores {
            guard let table = tables.locales[store] else { continue }
            let normalized = table.normalize(code)
            if normalized == nil { allFound = false }
            results[store.rawValue] = normalized ?? NSNull()
            let fallback = table.sameLanguage(as: String(code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""))
            let note = fallback.isEmpty ? "no code for this language" : "no single code; the store has \(fallback.joined(separator: ", "))"
            text += "\(store.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(normalized ?? note)\n"
        }
        console.out(json ? JSONOutput.serialize(results) : text)
        return allFound ? .success : .findings
    }

    func map(_ code: String, from: Store, to: Store, tables: StoreTables, json: Bool) -> ExitCode {
        guard let source = tables.locales[from], let target = tables.locales[to] else { return .usage }
        let mapped = source.map(code, to: target)
        console.out(json ? JSONOutput.serialize(["from": from.rawValue, "to": to.rawValue, "code": code, "codes": mapped])
                         : (mapped.isEmpty ? "no \(to.displayName) code for \(code)" : mapped.joined(separator: ", ")) + "\n")
        return mapped.isEmpty ? .findings : .success
    }

    /// Judges every folder of the metadata trees under `path`, for the store each tree belongs to.
    func check(_ path: String, tables: StoreTables, stores: [Store], json: Bool) -> ExitCode {
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            console.error("\(path): no such folder; give a fastlane metadata folder or a project root")
            return .usage
        }
        let project: ProjectModel
        do { project = try ProjectInspector.inspect(root: root, manifest: nil, options: InspectionOptions()) } catch {
            console.error(error.description)
            return .usage
        }
        var rows: [[String: Any]] = []
        var text = ""
        var bad = 0
        for tree in project.metadata where stores.contains(tree.store) {
            guard let table = tables.locales[tree.store] else { continue }
            text += "\(tree.store.displayName): \(tree.path.isEmpty ? "." : tree.path)\n"
            // Names are padded to the longest, never cut.
            let width = max(12, tree.folders.map(\.name.count).max() ?? 0)
            for folder in tree.folders.sorted(by: { $0.name < $1.name }) {
                let verdict: String
                var suggestions: [String] = []
                switch table.judge(folder: folder.name) {
                case .valid(let code): verdict = code == folder.name ? "ok" : "ok (\(code))"
                case .special: verdict = "special folder"
                case .legacy(let modern):
                    verdict = "legacy code; rename to \(modern)"
                    suggestions = [modern]
                    bad += 1
                case .invalid(let options):
                    suggestions = options
                    verdict = options.isEmpty ? "not a \(tree.store.displayName) language; remove it or merge it into a supported one"
                                              : "not a \(tree.store.displayName) code; rename to \(options.joined(separator: " or "))"
                    bad += 1
                }
                text += "  \(folder.name + String(repeating: " ", count: width - folder.name.count)) \(verdict)\n"
                rows.append(["store": tree.store.rawValue, "path": folder.location.path, "folder": folder.name, "verdict": verdict, "suggestions": suggestions])
            }
        }
        if rows.isEmpty { text += "No fastlane metadata folders found under \(path).\n" }
        console.out(json ? JSONOutput.serialize(rows) : text)
        return bad > 0 ? .findings : .success
    }
}
