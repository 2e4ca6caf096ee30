import Foundation
import Project

/// What a check function declares it reads from the fact store (`CheckFunction.reads`), as SwiftLint's rules carry
/// their description: a name, a family of names built at run time, or the names a rule hands it in an option or a
/// table. `FactReadDeclarationTests` holds every declared name and family to the fact catalog and runs every rule
/// example through a recorder, so the declaration is the checks' whole vocabulary of facts.
public enum FactRead: Sendable, Hashable, CustomStringConvertible {
    /// One fact by its full name (`android.target_sdk`).
    case exact(String)
    /// Facts whose names the check builds at run time (`privacy_manifest.sdk.<Name>`), a catalog family.
    case family(FactFamily)
    /// The fact (or, for a list option, the facts) a rule names in this option (`when_fact: apple.runs_on_ipad`):
    /// the loader holds the value to the catalog.
    case option(String)
    /// The facts the rows of this `.table` option name (`NamesFacts`): the loader holds each to the catalog.
    case table(String)

    /// A fact by its typed name (`.fact(.androidTargetSDK)`).
    public static func fact(_ name: FactName) -> FactRead { name.read }

    public var description: String {
        switch self {
        case .exact(let name): return name
        case .family(let family): return family.pattern
        case .option(let option): return "the fact named by option \(option)"
        case .table(let option): return "the facts named by table option \(option)"
        }
    }

    /// Whether this declaration covers reading `name` (an option's value and a table's rows are the rule's: any name).
    public func covers(_ name: String, options: CheckOptions) -> Bool {
        switch self {
        case .exact(let exact): return name == exact
        case .family(let family): return family.contains(name)
        case .option(let option): return options.string(option) == name || options.strings(option)?.contains(name) == true
        case .table: return true
        }
    }
}

/// A fact's name as a check reads it, with the declaration that allows the read: a constant (`FactName.androidTargetSDK`),
/// a member of a family (`FactFamily.privacyManifestSDK.member("Alamofire")`), or a name a rule handed the check
/// (`CheckInvocation.factNamed(byOption:)`, `FactName(_:inTable:)`). `CheckFacts` reads only these.
public struct FactName: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let read: FactRead

    /// A fixed name: declare it with `.fact(.thisName)`.
    public init(_ name: String) {
        self.name = name
        self.read = .exact(name)
    }

    init(_ name: String, read: FactRead) {
        self.name = name
        self.read = read
    }

    /// A name a row of the `.table` option `option` holds (a permission, a signal): declare `.table(option)`.
    public init(_ name: String, inTable option: String) {
        self.init(name, read: .table(option))
    }

    public var description: String { name }
}

/// Fact names built at run time: the text before and after one `*`, as the catalog writes a family
/// (`android.foreground_service_type.*`, `android.module.*.target_sdk`).
public struct FactFamily: Sendable, Hashable {
    public let prefix: String
    public let suffix: String

    public init(_ pattern: String) {
        let parts = pattern.split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false)
        prefix = String(parts[0])
        suffix = parts.count > 1 ? String(parts[1]) : ""
    }

    public var pattern: String { prefix + "*" + suffix }

    /// The name of the family's member `member` (`Alamofire` → `privacy_manifest.sdk.Alamofire`).
    public func member(_ member: String) -> FactName {
        FactName(prefix + member + suffix, read: .family(self))
    }

    public func contains(_ name: String) -> Bool {
        name.count > prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix)
    }
}

/// The facts a check function may read: the project's fact store seen through the function's declaration. Every read
/// names a `FactName` (or a family); one the declaration does not cover is told to the run's `FactReadRecorder`,
/// or, with none, stops a debug build (`assertionFailure`), so a declaration cannot fall behind its code.
public struct CheckFacts: Sendable {
    let store: FactStore
    let function: String
    /// The function's declaration; nil for a function run outside the engine (a test calling `run` itself).
    let declared: [FactRead]?
    let options: CheckOptions
    let recorder: FactReadRecorder?

    init(store: FactStore, function: String, declared: [FactRead]?, options: CheckOptions, recorder: FactReadRecorder?) {
        self.store = store
        self.function = function
        self.declared = declared
        self.options = options
        self.recorder = recorder
    }

    /// The effective fact (stated, else detected).
    public subscript(_ name: FactName) -> Fact? {
        note(name.name, as: name.read)
        return store[name.name]
    }

    /// The fact as shipcheck.yml states it, or nil.
    public func stated(_ name: FactName) -> Fact? {
        note(name.name, as: name.read)
        return store.stated[name.name]
    }

    /// Every effective fact of `family`, sorted by name.
    public func all(in family: FactFamily) -> [Fact] {
        note(family.pattern, as: .family(family))
        return store.facts(withPrefix: family.prefix).filter { family.contains($0.name) }
    }

    /// A store holding only the facts of `family`, for a reader in Project that takes a store (`LocalPackageGraph`).
    public func store(of family: FactFamily) -> FactStore {
        FactStore(all(in: family))
    }

    private func note(_ name: String, as read: FactRead) {
        guard let declared else { return }
        let covered = declared.contains(read) && (read == .family(FactFamily(name)) || read.covers(name, options: options))
        if let recorder {
            recorder.record(FactReadRecorder.Read(function: function, name: name, read: read, covered: covered))
        } else if !covered {
            assertionFailure("check function \(function) reads \(name) (\(read)) without declaring it in its reads:")
        }
    }
}

/// Every fact read the check functions of a run made (`EvaluationContext.factReads`), for the test that holds the
/// reads to the declarations. Reads arrive from rules running side by side, so it locks.
public final class FactReadRecorder: @unchecked Sendable {
    public struct Read: Sendable, Hashable {
        public let function: String
        /// The name read, or a family's pattern for a read of the whole family.
        public let name: String
        /// What the code said allows it.
        public let read: FactRead
        /// Whether the function's declaration covers it.
        public let covered: Bool
    }

    private let lock = NSLock()
    private var recorded = Set<Read>()

    public init() {}

    func record(_ read: Read) {
        lock.lock()
        recorded.insert(read)
        lock.unlock()
    }

    public var reads: Set<Read> {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}

extension FactCatalog {
    /// Why `function`'s declared reads do not hold to the catalog, one line each (empty when they do): a name or a
    /// family no inspector, symbols table or checklist declares, with the nearest known one; an `.option` that is
    /// no text option of the function; a `.table` that is no table option it decodes. The names an option or a
    /// table holds are the loader's to check, rule by rule (`ChecklistLoader.readOptions`, `NamesFacts`).
    public func problems(readBy function: CheckFunction) -> [String] {
        function.reads.compactMap { read -> String? in
            switch read {
            case .exact(let name):
                return problem(naming: name).map { "check \(function.name) reads \($0)" }
            case .family(let family):
                let covered = declarations.contains { declaration in
                    guard let (prefix, suffix) = declaration.wildcard else { return false }
                    return family.prefix.hasPrefix(prefix) && family.suffix.hasSuffix(suffix)
                }
                guard !covered else { return nil }
                var message = "check \(function.name) reads the family \(family.pattern), which no inspector or checklist declares"
                let families = declarations.filter { $0.wildcard != nil }.map(\.pattern)
                if let near = Spelling.nearest(to: family.pattern, in: families) { message += " (did you mean \"\(near)\"?)" }
                return message
            case .option(let option):
                let spec = function.options.first { $0.name == option }
                guard spec?.kind != .string, spec?.kind != .stringList else { return nil }
                return "check \(function.name) reads the fact named by option \(option), which is no text option of it"
            case .table(let option):
                let spec = function.options.first { $0.name == option }
                guard spec?.kind != .table || spec?.decode == nil else { return nil }
                return "check \(function.name) reads the facts named by table option \(option), which is no table option it decodes"
            }
        }
    }
}
