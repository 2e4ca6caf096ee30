import Project
import StoreLocale
import YAML

/// A named check a rule can call with `check:`. Its option schema is validated when a checklist
/// loads, so a typo in `with:` is an error with file:line:column before anything runs.
public struct CheckFunction: Sendable {
    public let name: String
    public let summary: String
    public let options: [OptionSpec]
    /// Whether a rule must say `given:` (generic text checks) or must not (domain checks that read the project).
    public let subjects: SubjectRequirement
    /// The `{{names}}` its results fill (besides `value`, `path`, `rule` and the selector's labels, which
    /// the engine adds). Declared, a message naming anything else is a load error; nil: not checked.
    public let placeholders: Set<String>?
    /// Whether it is shown the subjects a selector found missing (`present`); the others judge values only.
    public let judgesAbsence: Bool
    /// The facts it reads (`FactRead`): names, families built at run time, and the names a rule hands it in an option
    /// or a table. It reads them through `CheckInvocation.facts`, which holds each read to this list;
    /// `FactReadDeclarationTests` holds the list to the fact catalog.
    public let reads: [FactRead]
    /// What it judges: the project (sources and, when given, archives) or only built archives, so a run
    /// without `--archive` lists its rules as not checked (`Engine.rules(reading:among:)`).
    public private(set) var input: CheckInput = .project
    /// For a function that judges one policy on either input, the rule's options choose it (`from: archive`).
    private var inputChosen: (@Sendable (CheckOptions) -> CheckInput)?
    public let run: @Sendable (CheckInvocation) -> [CheckResult]

    /// The same function declared to judge `input`.
    public func reading(_ input: CheckInput) -> CheckFunction {
        var function = self
        function.input = input
        return function
    }

    /// The same function, judging the input a rule's options choose (`input` stays its default).
    public func reading(_ choose: @escaping @Sendable (CheckOptions) -> CheckInput) -> CheckFunction {
        var function = self
        function.inputChosen = choose
        return function
    }

    /// What a rule calling it with `options` judges.
    public func input(with options: CheckOptions) -> CheckInput {
        inputChosen?(options) ?? input
    }

    public init(name: String, summary: String, options: [OptionSpec], subjects: SubjectRequirement,
                placeholders: [String]? = nil, judgesAbsence: Bool = false, reads: [FactRead] = [],
                run: @escaping @Sendable (CheckInvocation) -> [CheckResult]) {
        self.name = name
        self.reads = reads
        self.summary = summary
        self.options = options
        self.subjects = subjects
        self.placeholders = placeholders.map(Set.init)
        self.judgesAbsence = judgesAbsence
        self.run = run
    }
}

/// The input a check function judges.
public enum CheckInput: Sendable, Equatable {
    /// The project model: sources, metadata, and the archives when given.
    case project
    /// Only built archives (`--archive`): without one it has nothing to judge.
    case builtArchives
}

public enum SubjectRequirement: Sendable {
    case required, optional, none
}

/// One option a check function takes under `with:`.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        case string, int, number, bool, date
        case stringList
        /// A mapping of text to text (`armeabi-v7a: arm64-v8a`), read at load.
        case stringMap
        case oneOf([String])
        /// The name of a table of the same checklist (or any loaded checklist).
        case table
        /// Any YAML value, checked by the function itself.
        case node
        /// A key of a table (a mapping's key, or a row's `field`/`id`/`name`): the table named by option
        /// `tableOption`, else `defaultTable` (`limit: appstore.subtitle` in `field_limits`). A key the table
        /// lacks is a load error.
        case tableKey(tableOption: String, defaultTable: String)
    }

    /// The keys a `.table` option's table must (and may) have when its value is a mapping
    /// (`{ words: [...], allow: [...] }`); a misspelt key is a load error with a suggestion.
    public struct TableShape: Sendable, Equatable {
        public let required: [String]
        public let optional: [String]

        public init(required: [String], optional: [String] = []) {
            self.required = required
            self.optional = optional
        }
    }

    public let name: String
    public let kind: Kind
    public let required: Bool
    public let doc: String
    public let tableShape: TableShape?
    /// For a `.table` option: reads the table into the typed value the check uses, once, when the checklists
    /// load (the check gets it with `CheckInvocation.decoded`); a problem is a load error at the table's line,
    /// never a finding or a silent pass at run time.
    public let decode: TableDecoder?
    /// Required only when another option has a value (`symbols` when `from: archive`): a missing one is a
    /// load error for the rules that give that value.
    public let requiredWhen: (option: String, value: String)?
    /// For a `.table` option a rule may leave out: the table decoded in its place (`decode`), as a named one would be.
    public let defaultTable: String?

    public typealias TableDecoder = @Sendable (Table) -> Result<DecodedTable, TableProblem>

    public init(_ name: String, _ kind: Kind, required: Bool = false, requiredWhen: (option: String, value: String)? = nil,
                tableShape: TableShape? = nil, decode: TableDecoder? = nil, defaultTable: String? = nil, doc: String) {
        self.name = name
        self.defaultTable = defaultTable
        self.kind = kind
        self.required = required
        self.requiredWhen = requiredWhen
        self.doc = doc
        self.tableShape = tableShape
        self.decode = decode
    }
}

/// Why a table cannot be read as a check reads it, and where in the table.
public struct TableProblem: Error, Sendable, Equatable {
    public let message: String
    public let mark: Mark?
    /// Further problems of the same table, each reported at its own place (a reader that collects them all).
    public let also: [TableProblem]

    public init(message: String, mark: Mark?, also: [TableProblem] = []) {
        self.message = message
        self.mark = mark
        self.also = also
    }
}

/// A table as a check reads it (`OptionSpec.decode`): the typed value, and the fact names its rows hold when the
/// type names facts (`NamesFacts`), which the loader holds to the catalog. The names come from the decoder, whose
/// type is known where it is written, so the load asks no value at run time whether it names facts (a dynamic
/// cast to a protocol scans the binary's conformance records once per type: 7M instructions at every start-up).
public struct DecodedTable: Sendable {
    public let value: any Sendable
    public let factNames: [(name: String, mark: Mark)]

    public init(value: any Sendable, factNames: [(name: String, mark: Mark)] = []) {
        self.value = value
        self.factNames = factNames
    }
}

/// The validated `with:` options of a rule.
public struct CheckOptions: Sendable {
    public enum Value: Sendable {
        case string(String), int(Int), number(Double), bool(Bool), stringList([String]), node(Node)
        /// A `.stringMap` option: its pairs in the order written.
        case stringMap([(key: String, value: String)])
        /// A `.table` option whose function decodes it: the table's name and its typed value, decoded at load.
        case decodedTable(String, any Sendable)
    }

    public let values: [String: Value]

    public init(_ values: [String: Value] = [:]) { self.values = values }

    public func string(_ name: String) -> String? {
        switch values[name] {
        case .string(let v)?: return v
        case .decodedTable(let table, _)?: return table
        default: return nil
        }
    }

    /// The typed value of a table option its function decodes (`OptionSpec.decode`).
    public func decoded<T: Sendable>(_ name: String, as type: T.Type) -> T? {
        if case .decodedTable(_, let value)? = values[name] { return value as? T }
        return nil
    }

    public func int(_ name: String) -> Int? {
        if case .int(let v)? = values[name] { return v }
        return nil
    }

    public func number(_ name: String) -> Double? {
        switch values[name] {
        case .number(let v)?: return v
        case .int(let v)?: return Double(v)
        default: return nil
        }
    }

    public func bool(_ name: String) -> Bool? {
        if case .bool(let v)? = values[name] { return v }
        return nil
    }

    public func strings(_ name: String) -> [String]? {
        if case .stringList(let v)? = values[name] { return v }
        return nil
    }

    public func stringMap(_ name: String) -> [(key: String, value: String)]? {
        if case .stringMap(let v)? = values[name] { return v }
        return nil
    }

    public func node(_ name: String) -> Node? {
        if case .node(let v)? = values[name] { return v }
        return nil
    }
}

/// What a check function is called with.
public struct CheckInvocation: Sendable {
    public let rule: Rule
    public let options: CheckOptions
    /// The values `given:` (or `fields:`) selected, in order; empty for domain checks.
    public let subjects: [Subject]
    public let context: EvaluationContext
    /// The project's facts as the function declared it reads them (`CheckFunction.reads`): the only way a check reads a fact.
    public let facts: CheckFacts

    /// - Parameter function: the function invoked, whose declared reads `facts` holds each read to; nil (a test
    ///   calling a function's `run` itself) reads unchecked.
    public init(rule: Rule, options: CheckOptions, subjects: [Subject], context: EvaluationContext, function: CheckFunction? = nil) {
        self.rule = rule
        self.options = options
        self.subjects = subjects
        self.context = context
        self.facts = CheckFacts(store: context.project.facts, function: function?.name ?? rule.id, declared: function?.reads,
                                options: options, recorder: context.factReads)
    }

    /// The fact a rule names in option `option` (`when_fact: apple.runs_on_ipad`), read as `.option(option)` declares.
    public func factNamed(byOption option: String) -> FactName? {
        options.string(option).map { FactName($0, read: .option(option)) }
    }

    /// The facts a rule names in the list option `option` (`login: [account.creation, …]`), in order.
    public func factsNamed(byOption option: String) -> [FactName] {
        (options.strings(option) ?? []).map { FactName($0, read: .option(option)) }
    }

    /// A table named by option `name` (looked up across loaded checklists).
    public func table(_ option: String) -> Table? {
        options.string(option).flatMap { context.tables[$0] }
    }

    /// The typed value a table option was decoded into at load (`OptionSpec.decode`).
    public func decoded<T: Sendable>(_ option: String, as type: T.Type) -> T? {
        options.decoded(option, as: type)
    }
}

/// One problem a check function found. The engine turns it into a `Finding` by filling the rule's
/// `message` template with `values` (plus `{{value}}`, `{{locale}}`… from the subject's labels).
public struct CheckResult: Sendable {
    public let location: SourceLocation
    public let evidence: String?
    public let values: [String: String]
    /// Overrides the rule's severity for this result (e.g. an info-only byte count).
    public let severity: Severity?
    /// Replaces the rule's message: for a problem with the rule itself (a pattern that does not compile or
    /// ran past its time bound), which the rule's own template, written for findings, cannot describe.
    public let message: String?
    /// The condition under which the finding holds (a Play rule on an F-Droid-only module), rendered by the reports.
    public let condition: FindingCondition?

    public init(location: SourceLocation, evidence: String? = nil, values: [String: String] = [:], severity: Severity? = nil,
                message: String? = nil, condition: FindingCondition? = nil) {
        self.location = location
        self.evidence = evidence
        self.values = values
        self.severity = severity
        self.message = message
        self.condition = condition
    }
}

/// A value selected by `given:` (a metadata field, a changelog, a plist value) with where it is: the same type an
/// inspector's selector returns (`SelectedValue`, declared in Project), so a subject is never copied field by field.
public typealias Subject = SelectedValue

extension SelectedValue {
    /// A missing file: `path` is where it would be.
    static func absent(at path: String, labels: [String: String]) -> Subject {
        Subject(value: "", location: SourceLocation(path: path), labels: labels, isAbsent: true)
    }
}
