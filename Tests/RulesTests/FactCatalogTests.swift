import Foundation
import Project
import ShipcheckCore
import Testing
import YAML
@testable import Rules

/// The fact catalog: every fact a rule reads is declared (rules/shipcheck.yml for the inspectors, the
/// `kind: symbols` tables, a checklist's `facts:`), a misspelt one is a load error at its column with the
/// nearest name, and the inspectors emit nothing the catalog does not know.
@Suite("Fact catalog")
struct FactCatalogTests {
    /// The built-in checklists plus one team file, loaded as `--rules` would.
    static func loadWithBuiltins(_ team: String, file: String = "team/team.yml") throws(ChecklistLoadError) -> [Checklist] {
        try ChecklistLoader().load(ChecklistCatalog.builtinSources() + [ChecklistSource(file: file, text: team)])
    }

    static func errors(_ team: String) -> [YAMLError] {
        do {
            _ = try loadWithBuiltins(team)
            return []
        } catch {
            return error.errors
        }
    }

    static let misspeltPermission = """
        checklist: team
        title: Team rules
        rules:
          - id: team.sms
            title: No SMS permission
            severity: warning
            when: android.permision.READ_SMS
            expect: not android.permission.READ_SMS
            message: The app requests READ_SMS ({{evidence}})
            help: Remove the permission.
        """

    @Test func aMisspeltFactIsALoadErrorWithACaretAndTheNearestName() throws {
        let errors = Self.errors(Self.misspeltPermission)
        try #require(errors.count == 1, "\(errors)")
        let error = errors[0]
        #expect(error.file == "team/team.yml")
        #expect(error.mark == Mark(line: 7, column: 11))
        #expect(error.path == "rules[0].when")
        #expect(error.message.hasPrefix("unknown fact \"android.permision.READ_SMS\" (did you mean \"android.permission.READ_SMS\"?)"))
        #expect(error.snippet == "      when: android.permision.READ_SMS\n            ^")
    }

    @Test func aFactOnTheSecondLineOfAFoldedExpressionIsReportedWhereItIsWritten() throws {
        let errors = Self.errors("""
            checklist: team
            title: Team rules
            rules:
              - id: team.kids
                title: Kids apps
                severity: warning
                when: >-
                  app.made_for_kids and
                  not (odr.used or iap.hosted_contnet)
                expect: odr.used
                message: ODR {{evidence}}
                help: Remove it.
            """)
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].mark == Mark(line: 9, column: 24))
        #expect(errors[0].message.contains("(did you mean \"iap.hosted_content\"?)"))
        #expect(errors[0].snippet?.hasSuffix("\n                         ^") == true, "\(errors[0].snippet ?? "")")
    }

    @Test func aTeamChecklistDeclaresItsOwnFactsAndItsSymbolTablesFacts() throws {
        let checklists = try Self.loadWithBuiltins("""
            checklist: team
            title: Team rules
            facts:
              team.uses_beta_api: { type: bool, doc: "stated in shipcheck.yml: the build calls beta APIs" }
              "team.flag.*": { type: [bool, string], doc: "a feature flag" }
            tables:
              beta_symbols:
                source: our SDK
                kind: symbols
                value:
                  - fact: team.beta_sdk
                    symbols: [BetaSDK.start]
            rules:
              - id: team.beta
                title: No beta APIs in a release
                severity: warning
                when: team.uses_beta_api or team.beta_sdk or team.flag.new_onboarding
                expect: not team.uses_beta_api
                message: Beta APIs ({{evidence}})
                help: Remove them.
            """)
        let team = try #require(checklists.first { $0.name == "team" })
        #expect(team.facts.map(\.pattern) == ["team.uses_beta_api", "team.flag.*", "team.beta_sdk"])
        let catalog = FactCatalog(checklists: checklists)
        #expect(catalog.declaration(for: "team.flag.new_onboarding")?.types == [.bool, .string])
        #expect(catalog.declaration(for: "team.beta_sdk")?.doc.contains("BetaSDK.start") == true)
    }

    @Test func aMalformedOrRepeatedDeclarationIsALoadError() {
        let errors = Self.errors("""
            checklist: team
            title: Team rules
            facts:
              odr.used: { type: bool, doc: "again" }
              "a.*.b.*": { type: bool, doc: "two stars" }
              team.count: { type: nmber, doc: "a count" }
              team.note: { type: string }
            rules: []
            """).map(\.message)
        #expect(errors.contains { $0.hasPrefix("fact \"odr.used\" is already declared at rules/shipcheck.yml:") }, "\(errors)")
        #expect(errors.contains("a fact pattern has at most one *, got \"a.*.b.*\""), "\(errors)")
        #expect(errors.contains { $0.hasPrefix("unknown fact type \"nmber\"") && $0.contains("(did you mean \"number\"?)") }, "\(errors)")
        #expect(errors.contains("missing required key \"doc\""), "\(errors)")
    }

    @Test func aFamilyMatchesOneOrMoreCharactersWhereItsStarIs() {
        let catalog = FactCatalog([
            FactDeclaration(pattern: "android.module.*.target_sdk", types: [.number], doc: "", file: "f"),
            FactDeclaration(pattern: "android.permission.*", types: [.bool], doc: "", file: "f"),
            FactDeclaration(pattern: "odr.used", types: [.bool], doc: "", file: "f"),
        ])
        #expect(catalog.contains("android.module.wear.target_sdk"))
        #expect(catalog.contains("android.module.feature/app.target_sdk"))
        #expect(!catalog.contains("android.module.target_sdk"))
        #expect(catalog.contains("android.permission.com.example.C2D_MESSAGE"))
        #expect(!catalog.contains("android.permission."))
        #expect(!catalog.contains("odr.use"))
        #expect(catalog.nearest(to: "odr.use") == "odr.used")
        #expect(catalog.nearest(to: "android.modul.wear.target_sdk") == "android.module.wear.target_sdk")
        #expect(catalog.nearest(to: "completely.different") == nil)
    }

    @Test func everyBuiltInChecklistLoadsAndItsFactsAreDeclaredOnce() throws {
        let checklists = try ChecklistCatalog.load(rulesDirectories: [])
        let patterns = checklists.flatMap(\.facts).map(\.pattern)
        #expect(Set(patterns).count == patterns.count)
        #expect(checklists.contains { $0.name == "shipcheck" })
        // Every fact a built-in expression reads is in the catalog (what the loader enforced).
        let catalog = FactCatalog(checklists: checklists)
        for rule in checklists.flatMap(\.rules) {
            var names = rule.when?.factNames ?? []
            if case .expect(let expression) = rule.kind { names += expression.factNames }
            for name in names { #expect(catalog.contains(name), "\(rule.id) reads \(name)") }
        }
    }

    /// The catalog cannot rot: whatever the inspectors detect on the example and every fixture project of the
    /// findings golden suite is declared, with the type it has.
    @Test(arguments: FindingsGoldenTests.projects)
    func everyFactTheInspectorsEmitIsInTheCatalog(project: String) throws {
        let checklists = try RuleExampleTests.loaded()
        let catalog = FactCatalog(checklists: checklists)
        let root = FindingsGoldenTests.packageRoot.appendingPathComponent(project).path
        let model = try RuleExampleTests.inspect(root, checklists: checklists)
        #expect(!model.facts.detected.isEmpty, "\(project) has no detected facts")
        for fact in model.facts.detected.values.sorted(by: { $0.name < $1.name }) {
            guard let declaration = catalog.declaration(for: fact.name) else {
                Issue.record("\(project): the inspectors emit \(fact.name), which the fact catalog (rules/shipcheck.yml) does not declare")
                continue
            }
            #expect(declaration.types.contains(FactType(fact.value)),
                    "\(project): \(fact.name) is a \(FactType(fact.value).rawValue), declared \(declaration.types.map(\.rawValue)) by \(declaration.pattern)")
        }
    }
}

/// The built-in fact catalog, for tests that load a checklist of their own without the built-in files.
enum BuiltinFacts {
    static let declarations: [FactDeclaration] = ((try? ChecklistCatalog.load(rulesDirectories: [])) ?? []).flatMap(\.facts)
}
