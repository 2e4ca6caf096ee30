import Foundation
import Project
import ShipcheckCore
import Testing
import YAML
@testable import Rules

/// Each check function declares the facts it reads (`CheckFunction.reads`): names, families built at run time, and
/// the names a rule hands it in an option or a table. The declaration is held to the fact catalog here; the reads
/// to the declaration by `CheckFacts` (the only way a check reads a fact), on every rule example
/// (`RuleExampleTests.ruleTriggersOnItsExampleAndPassesTheOther` runs them with a `FactReadRecorder`).
@Suite("Fact reads of the check functions")
struct FactReadDeclarationTests {
    static func catalog() throws -> FactCatalog {
        FactCatalog(checklists: try RuleExampleTests.loaded())
    }

    /// The reads a recorder saw that their function's declaration does not cover, as `function reads name (how)`.
    static func undeclared(_ recorder: FactReadRecorder) -> [String] {
        recorder.reads.filter { !$0.covered }.map { "\($0.function) reads \($0.name) (\($0.read))" }.sorted()
    }

    @Test func everyDeclaredReadIsInTheCatalog() throws {
        let catalog = try Self.catalog()
        let problems = CheckRegistry.builtin.flatMap { catalog.problems(readBy: $0) }
        #expect(problems == [])
        // Not vacuous: the functions that read facts declare them.
        let declaring = CheckRegistry.builtin.filter { !$0.reads.isEmpty }.map(\.name)
        #expect(declaring.count >= 15, "\(declaring)")
        #expect(declaring.contains("android.target_sdk") && declaring.contains("privacy_manifest.sdk_manifests"))
    }

    /// A `.table` read names facts in the rows of a table the loader holds to the catalog: each rule hands the
    /// function a table whose decoded value names its facts (`NamesFacts`).
    @Test func everyTableThatNamesFactsIsHeldToTheCatalogAtLoad() throws {
        let functions = CheckRegistry.byName(CheckRegistry.builtin)
        var checked = 0
        for rule in try RuleExampleTests.loaded().flatMap(\.rules) {
            guard case .check(let name, _, let options) = rule.kind, let function = functions[name] else { continue }
            for case .table(let option) in function.reads {
                guard case .decodedTable(let table, let value)? = options.values[option] else { continue }
                #expect(value is NamesFacts, "rule \(rule.id) hands \(name) the table \(table) as \(option), whose rows are not held to the catalog")
                checked += 1
            }
        }
        #expect(checked >= 4)
    }

    /// The loader takes a table's fact names from its decoder (`DecodedTable.factNames`), not by asking the value
    /// whether it is `NamesFacts`: every built-in decoder, run on each table a rule hands it, must carry exactly the
    /// names the value holds (a `NamesFacts` type decoded by the plain overload would carry none, unchecked).
    @Test func everyDecoderCarriesTheFactNamesItsValueHolds() throws {
        let checklists = try RuleExampleTests.loaded()
        let tables = Dictionary(checklists.flatMap(\.tables).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let functions = CheckRegistry.byName(CheckRegistry.builtin)
        var named = 0
        for rule in checklists.flatMap(\.rules) {
            guard case .check(let name, _, let options) = rule.kind, let function = functions[name] else { continue }
            for spec in function.options {
                guard let decode = spec.decode, case .decodedTable(let tableName, _)? = options.values[spec.name],
                      let table = tables[tableName] else { continue }
                let decoded = try decode(table).get()
                let held = (decoded.value as? NamesFacts)?.factNames.map(\.name)
                #expect(decoded.factNames.map(\.name) == (held ?? []), "rule \(rule.id): table \(tableName) decoded for \(spec.name)")
                if held != nil { named += 1 }
            }
        }
        #expect(named >= 4)
    }

    /// The negative twin of `everyDeclaredReadIsInTheCatalog`: a misspelt name or family, and an option or table
    /// the function does not have, each fail it, with the nearest known name.
    @Test func aMisspeltDeclarationFailsTheCatalogTest() throws {
        let catalog = try Self.catalog()
        let function = CheckFunction(
            name: "demo.reads", summary: "demo", options: [OptionSpec("when_fact", .string, doc: "a fact")], subjects: .none,
            reads: [.fact(FactName("android.target_skd")), .family(FactFamily("android.module.*.target_skd")),
                    .option("when_fakt"), .table("when_fact"), .fact(.androidTargetSDK), .family(.androidModule("target_sdk")), .option("when_fact")]
        ) { _ in [] }
        #expect(catalog.problems(readBy: function) == [
            "check demo.reads reads unknown fact \"android.target_skd\" (did you mean \"android.target_sdk\"?)",
            "check demo.reads reads the family android.module.*.target_skd, which no inspector or checklist declares (did you mean \"android.module.*.target_sdk\"?)",
            "check demo.reads reads the fact named by option when_fakt, which is no text option of it",
            "check demo.reads reads the facts named by table option when_fact, which is no table option it decodes",
        ])
    }

    /// The negative twin of the examples' recording: a function that reads a fact, a family member or a whole family
    /// its declaration leaves out is caught, through the engine as a rule runs it; what it declares is not.
    @Test func aReadTheDeclarationLeavesOutIsRecorded() throws {
        let toy = CheckFunction(name: "demo.toy", summary: "demo", options: [], subjects: .none, reads: [.fact(.androidTargetSDK)]) { invocation in
            _ = invocation.facts[.androidTargetSDK]
            _ = invocation.facts[.androidFormFactor]
            _ = invocation.facts[FactFamily.androidForegroundServiceType.member("camera")]
            _ = invocation.facts.all(in: .sdk)
            return []
        }
        let rule = Rule(id: "demo.toy", checklist: "demo", title: "Toy", severity: .warning, stores: [], when: nil,
                        kind: .check(name: "demo.toy", given: [], options: CheckOptions()), message: "m", help: "h", references: [],
                        effective: nil, file: "demo.yml", mark: Mark(line: 1, column: 1))
        let engine = Engine(checklists: [Checklist(name: "demo", title: "Demo", summary: nil, references: [], rules: [rule], tables: [:], file: "demo.yml")],
                            functions: [toy])
        var facts = FactStore()
        facts.add(Fact(name: "android.target_sdk", value: .number(35), source: .detected))
        let recorder = FactReadRecorder()
        _ = engine.evaluate(EvaluationContext(project: ProjectModel(root: "/p", facts: facts), tables: [:], today: "2026-11-30", factReads: recorder))
        #expect(Self.undeclared(recorder) == [
            "demo.toy reads android.foreground_service_type.camera (android.foreground_service_type.*)",
            "demo.toy reads android.form_factor (android.form_factor)",
            "demo.toy reads sdk.* (sdk.*)",
        ])
        #expect(recorder.reads.contains { $0.function == "demo.toy" && $0.name == "android.target_sdk" && $0.covered })
    }

    /// The recording the rule examples run with sees the reads: the target-SDK rule's trigger reads the release module's
    /// targetSdk and each module's own names, all declared.
    @Test func theRuleExamplesRecordTheReadsTheyMake() throws {
        let recorder = FactReadRecorder()
        _ = try RuleExampleTests.evaluate("\(RuleExampleTests.examplesRoot)/platform-requirements.play-target-sdk/trigger", reads: recorder)
        let reads = recorder.reads.filter { $0.function == "android.target_sdk" }
        #expect(reads.contains { $0.name == "android.target_sdk" && $0.read == .fact(.androidTargetSDK) && $0.covered }, "\(reads)")
        #expect(!reads.isEmpty && reads.allSatisfy(\.covered))
    }

    /// A rule's option that names a fact the function reads (`.option`) is held to the catalog as a `when:` is.
    @Test func anOptionNamingAnUnknownFactIsALoadErrorAtIt() throws {
        let team = """
            checklist: team
            title: Team rules
            rules:
              - id: team.scenes
                title: Scenes
                severity: warning
                check: apple.scene_life_cycle
                with:
                  delegate: apple.uikit_app_delegat
                  swiftui: apple.swiftui_scenes
                message: "A UIKit app without scenes ({{evidence}})"
                help: Adopt the scene life cycle.
            """
        let errors = FactCatalogTests.errors(team)
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].mark == Mark(line: 9, column: 17))
        #expect(errors[0].message.hasPrefix("unknown fact \"apple.uikit_app_delegat\" (did you mean \"apple.uikit_app_delegate\"?)"), "\(errors[0].message)")
        // The twin: the right name loads.
        #expect(FactCatalogTests.errors(team.replacingOccurrences(of: "delegat\n", with: "delegate\n")) == [])
    }

    /// A permission in the Data safety check's permissions table is a fact it reads: a misspelt one is a load error.
    @Test func aTableRowNamingAnUnknownFactIsALoadErrorAtIt() throws {
        let team = """
            checklist: team
            title: Team rules
            tables:
              team_permissions:
                source: "made up for the test"
                value:
                  android.permission.CAMERRA: [PSL_PHOTOS]
              team_sdks: { source: "made up for the test", value: { Firebase: [PSL_CRASH_LOGS] } }
            rules:
              - id: team.collection
                title: Collection
                severity: warning
                check: data_safety.undeclared_collection
                with: { permissions: team_permissions, sdks: team_sdks }
                message: "{{source}} suggests {{types}}"
                help: Declare it.
            """
        let errors = FactCatalogTests.errors(team)
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].mark?.line == 7)
        #expect(errors[0].message.contains("\"android.permission.CAMERRA\""), "\(errors[0].message)")
        #expect(errors[0].message.contains("did you mean \"android.permission.CAMERA\""), "\(errors[0].message)")
        #expect(FactCatalogTests.errors(team.replacingOccurrences(of: "CAMERRA", with: "CAMERA")) == [])
    }

    /// shipcheck.yml may state `privacy_manifest.sdk.<Name>: true` (the sdk-manifests message tells teams to): the
    /// family the check reads is in the catalog, so the stated fact loads. Before it was declared, stating it was an
    /// unknown-fact load error.
    @Test func theStatedSDKManifestFactTheMessageSuggestsIsInTheCatalog() throws {
        let catalog = try Self.catalog()
        #expect(catalog.problem(stating: Fact(name: "privacy_manifest.sdk.Alamofire", value: .bool(true), source: .stated)) == nil)
        #expect(catalog.problem(stating: Fact(name: "privacy_manifest.sdk.Alamofire", value: .string("yes"), source: .stated)) != nil)
    }

    /// The reads go through the declaration: no check function's file reads the fact store itself (`project.facts`,
    /// `context.facts`), only `invocation.facts` (`CheckFacts`). PlayStoreScope is a stage of the findings pipeline,
    /// not a check function.
    @Test func noCheckReadsTheFactStoreButThroughItsDeclaration() throws {
        let checks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Rules/Checks")
        let files = try #require(FileManager.default.enumerator(atPath: checks.path)?.compactMap { $0 as? String })
            .filter { $0.hasSuffix(".swift") && $0 != "PlayStoreScope.swift" }
        #expect(files.count >= 40)
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOfFile: checks.appendingPathComponent(file).path, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for pattern in ["project.facts", "context.facts", "FactStore", "withPrefix:"] where code.contains(pattern) {
                    found.append("\(file):\(index + 1): \(pattern)")
                }
            }
        }
        #expect(found == [])
    }
}
