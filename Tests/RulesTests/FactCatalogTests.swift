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
    /// A fact pattern is judged on its bytes when it is plain ASCII, by Characters otherwise: both give the same answers.
    @Test func patternProblemsOnBytesAndCharacters() {
        let ok = ["account.creation", "android.permission.*", "android.module.*.target_sdk", "a-b_c.D9"]
        for pattern in ok { #expect(FactDeclaration.problem(with: pattern) == nil, "\(pattern)") }
        let twoStars = ["a.*.*", "**"]
        for pattern in twoStars { #expect(FactDeclaration.problem(with: pattern)?.contains("at most one *") == true, "\(pattern)") }
        let notDotted = [".a", "a.", "a..b", "", "a b", "caf\u{E9}.x", "a\u{301}.b", "a/b", "a\r\n.b"]
        for pattern in notDotted { #expect(FactDeclaration.problem(with: pattern)?.contains("dotted word") == true, "\(pattern)") }
        // A star with a combining mark is no star (one Character): not counted as a second one.
        #expect(FactDeclaration.problem(with: "a.*.*\u{301}")?.contains("dotted word") == true)
    }

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

    /// A rule of a team checklist reading `when:`, with the built-in checklists loaded.
    static func teamRule(when: String) -> String {
        """
        checklist: team
        title: Team rules
        rules:
          - id: team.r
            title: A rule
            severity: warning
            when: \(when)
            expect: odr.used
            message: Found ({{evidence}})
            help: Fix it.
        """
    }

    @Test func aMisspeltPlatformPermissionIsALoadErrorWithTheNearestName() throws {
        let errors = Self.errors(Self.teamRule(when: "store.play and android.permission.READ_SMSS"))
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].file == "team/team.yml")
        #expect(errors[0].mark == Mark(line: 7, column: 26))
        #expect(errors[0].path == "rules[0].when")
        #expect(errors[0].message.hasPrefix("unknown fact \"android.permission.READ_SMSS\": android.permission.* is a closed family and \"READ_SMSS\" is not a name of its table android_permissions (rules/shipcheck.yml) (did you mean \"android.permission.READ_SMS\"?)"), "\(errors[0].message)")
        #expect(errors[0].snippet == "      when: store.play and android.permission.READ_SMSS\n" + String(repeating: " ", count: 27) + "^")
        // Health Connect's namespace is closed too; the twin without the typo loads.
        let health = Self.errors(Self.teamRule(when: "android.permission.health.READ_STEP"))
        #expect(health.count == 1 && health[0].message.contains("(did you mean \"android.permission.health.READ_STEPS\"?)"), "\(health)")
        #expect(Self.errors(Self.teamRule(when: "android.permission.READ_SMS or android.permission.health.READ_STEPS")).isEmpty)
    }

    @Test func aVendorPermissionStaysOpenAndAnExactDeclarationExtendsAClosedFamily() throws {
        // Outside the android.permission. namespace the name is written in full, with its dots: the vendor's to name.
        #expect(Self.errors(Self.teamRule(when: "android.permission.com.google.android.gms.permission.AD_ID")).isEmpty)
        // A platform permission the table lacks is declared exactly, which wins over the family.
        let declared = Self.teamRule(when: "android.permission.READ_NEW_THING").replacingOccurrences(of: "rules:\n", with: """
            facts:
              android.permission.READ_NEW_THING: { type: bool, doc: "a permission newer than the table" }
            rules:

            """)
        #expect(Self.errors(declared).isEmpty, "\(Self.errors(declared))")
        #expect(Self.errors(Self.teamRule(when: "android.permission.READ_NEW_THING")).count == 1)
        // Other closed families: purpose keys, foreground service types, stores.
        let purpose = Self.errors(Self.teamRule(when: "purpose.NSCameraUsageDescriptio.declared"))
        #expect(purpose.count == 1 && purpose[0].message.contains("(did you mean \"purpose.NSCameraUsageDescription.declared\"?)"), "\(purpose)")
        #expect(Self.errors(Self.teamRule(when: "store.playstore")).count == 1)
        #expect(Self.errors(Self.teamRule(when: "android.foreground_service_type.dataSync and store.fdroid")).isEmpty)
    }

    @Test func aComparisonWithAValueOfAnotherTypeIsALoadError() throws {
        let errors = Self.errors(Self.teamRule(when: "android.target_sdk == 'high'"))
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].mark == Mark(line: 7, column: 11))
        #expect(errors[0].message == "android.target_sdk == 'high' is never true: a number compared with a string (the fact's type is declared in rules/shipcheck.yml)")
        #expect(errors[0].snippet == "      when: android.target_sdk == 'high'\n            ^")
        let ordered = Self.errors(Self.teamRule(when: "odr.used > 2 or android.modules < 'x'"))
        #expect(ordered.map(\.message) == [
            "odr.used > 2 is never true: a bool ordered against a number (the fact's type is declared in rules/shipcheck.yml)",
            "android.modules < 'x' is never true: a list ordered against a string (the fact's type is declared in rules/shipcheck.yml)",
        ])
        // What the evaluation can answer loads: numbers, a number's text, dates, a list's member, a bool's equality.
        #expect(Self.errors(Self.teamRule(when: "android.target_sdk < 36 and android.target_sdk >= '34' and android.modules == 'app' and odr.used == true and android.application_id != 'x'")).isEmpty)
    }

    @Test func anOpenPatternsStarsEachStandForOneOrMoreCharacters() {
        let vocabulary = NameVocabulary(table: "t", file: "f", names: ["READ_SMS"], open: ["*.*"], closed: ["health.*"])
        #expect(vocabulary.admits("READ_SMS"))
        #expect(vocabulary.admits("com.google.android.gms.permission.AD_ID"))
        #expect(!vocabulary.admits("READ_SMSS"))
        #expect(!vocabulary.admits("health.READ_STEPS"))
        #expect(!vocabulary.admits(".x") && !vocabulary.admits("x.") && !vocabulary.admits("."))
        #expect(NameVocabulary.matches("a.b.c", "*.*.*") && !NameVocabulary.matches("a.b", "*.*.*"))
    }

    @Test func aClosedFamilyNamesAKindNamesTable() {
        let errors = Self.errors("""
            checklist: team
            title: Team rules
            facts:
              "team.flag.*": { type: bool, names: team_flag, doc: "a flag" }
              team.one: { type: bool, names: team_flags, doc: "one fact" }
            tables:
              team_flags:
                source: our flags
                kind: names
                value: { names: [beta, beta], open: ["**"] }
            rules: []
            """).map(\.message)
        #expect(errors.contains("no kind: names table named \"team_flag\" is loaded (did you mean \"team_flags\"?)"), "\(errors)")
        #expect(errors.contains("names: closes a family's *; \"team.one\" is one fact"), "\(errors)")
        #expect(errors.contains("\"beta\" is already in the table"), "\(errors)")
        #expect(errors.contains("a pattern names something besides *, got \"**\""), "\(errors)")
    }

    /// shipcheck.yml's `facts:` are held to the catalog when the session opens: an unknown or misspelt name, or a
    /// value of another type, is a configuration error at the name, with a caret and the nearest name.
    @Test func aStatedFactIsCheckedAgainstTheCatalog() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-facts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let checklists = try RuleExampleTests.loaded()
        func open(_ manifest: String) throws -> [Diagnostic] {
            try manifest.write(toFile: root + "/shipcheck.yml", atomically: true, encoding: .utf8)
            do {
                _ = try Session.open(path: root, checklists: checklists)
                return []
            } catch {
                return error.diagnostics
            }
        }
        let unknown = try open("stores: [play]\nfacts:\n  account.creation: true\n  android.permission.READ_SMSS: true\n  android.target_sdk: high\n")
        try #require(unknown.count == 2, "\(unknown)")
        #expect(unknown.allSatisfy { $0.code == .configurationInvalid })
        #expect(unknown[0].location == SourceLocation(path: "shipcheck.yml", line: 4, column: 3))
        #expect(unknown[0].keyPath == "facts.android.permission.READ_SMSS")
        #expect(unknown[0].message.contains("(did you mean \"android.permission.READ_SMS\"?)"), "\(unknown[0].message)")
        #expect(unknown[0].message.hasSuffix("; a name the table lacks is declared exactly in a checklist's facts:"), "\(unknown[0].message)")
        #expect(unknown[0].description.hasSuffix("\n    android.permission.READ_SMSS: true\n    ^"), "\(unknown[0].description)")
        #expect(unknown[1].location == SourceLocation(path: "shipcheck.yml", line: 5, column: 3))
        #expect(unknown[1].message == "fact \"android.target_sdk\" is a number (android.target_sdk in rules/shipcheck.yml), not a string")
        #expect(try open("facts:\n  account.creaton: true\n").first?.message
            == "unknown fact \"account.creaton\" (did you mean \"account.creation\"?): no rule reads it (shipcheck facts --catalog lists the facts rules read)")
        #expect(try open("facts:\n  account.creation: true\n  android.target_sdk: 35\n").isEmpty)
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
