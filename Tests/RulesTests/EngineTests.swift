import Project
import StoreLocale
import Testing
@testable import Rules

@Suite("Engine")
struct EngineTests {
    static let checklist = """
    checklist: demo
    title: Demo
    facts:
      never.true: { type: bool, doc: "a fact nothing states or detects" }
    rules:
      - id: demo.deletion
        title: Offer deletion
        stores: [appstore, play]
        when: account.creation
        expect: account.deletion.in_app
        message: "Accounts can be created ({{evidence}}) but no deletion was found"
        help: Add deletion.
      - id: demo.future
        title: Future rule
        effective: 2027-01-01
        expect: never.true
        message: m
        help: h
      - id: demo.play-only
        title: Play only
        stores: [play]
        expect: never.true
        message: m
        help: h
      - id: demo.title-x
        title: No x in titles
        check: contains
        given: "*.locales.*.title"
        with: { needle: x }
        message: "The {{store}} title of {{locale}} has {{needle}}: {{value}}"
        help: Remove it.
      - id: demo.confirm
        kind: manual
        title: Confirm by hand
        when: account.creation
    """

    func project(facts: [Fact]) -> ProjectModel {
        let title = MetadataValue(text: "Fox box", raw: "Fox box\n", location: SourceLocation(path: "fastlane/metadata/en-US/title.txt"))
        let clean = MetadataValue(text: "Clean", raw: "Clean", location: SourceLocation(path: "fastlane/metadata/de-DE/title.txt"))
        let tree = MetadataTree(store: .appstore, path: "fastlane/metadata", name: "main", locales: [
            MetadataLocale(code: "en-US", location: SourceLocation(path: "fastlane/metadata/en-US"), fields: ["title": title]),
            MetadataLocale(code: "de-DE", location: SourceLocation(path: "fastlane/metadata/de-DE"), fields: ["title": clean]),
        ])
        return ProjectModel(root: "/p", facts: FactStore(facts), metadata: [tree])
    }

    func run(_ facts: [Fact], today: String = "2026-11-30", configuration: RuleConfiguration = RuleConfiguration()) throws -> Engine.Outcome {
        let checklists = try ChecklistLoader(functions: [containsCheck], knownFacts: BuiltinFacts.declarations).load([ChecklistSource(file: "demo.yml", text: Self.checklist)])
        let engine = Engine(checklists: checklists, functions: [containsCheck])
        return engine.evaluate(EvaluationContext(project: project(facts: facts), tables: engine.tables, today: today), configuration: configuration)
    }

    let signUp = Fact(name: "account.creation", value: .bool(true), source: .detected, evidence: [
        Evidence(location: SourceLocation(path: "App/SignUp.swift", line: 12, column: 9), snippet: "Auth.auth().createUser(withEmail: e, password: p)"),
    ])
    let appStore = Fact(name: "store.appstore", value: .bool(true), source: .detected)

    @Test func failedExpectSitsAtTheEvidenceOfTheWhenFacts() throws {
        let outcome = try run([signUp, appStore])
        let finding = try #require(outcome.findings.first { $0.rule == "demo.deletion" })
        #expect(finding.location == SourceLocation(path: "App/SignUp.swift", line: 12, column: 9))
        #expect(finding.message == "Accounts can be created (App/SignUp.swift:12:9) but no deletion was found")
        #expect(finding.evidence == "Auth.auth().createUser(withEmail: e, password: p)")
        #expect(finding.severity == .error)
    }

    @Test func heldExpectAndFalseWhenGiveNothing() throws {
        let deletion = Fact(name: "account.deletion.in_app", value: .bool(true), source: .stated)
        #expect(try run([signUp, appStore, deletion]).findings.filter { $0.rule == "demo.deletion" }.isEmpty)
        #expect(try run([appStore]).findings.filter { $0.rule == "demo.deletion" }.isEmpty)
    }

    @Test func rulesForStoresTheProjectDoesNotShipToDoNotRun() throws {
        #expect(try run([signUp, appStore]).findings.allSatisfy { $0.rule != "demo.play-only" })
        let play = Fact(name: "store.play", value: .bool(true), source: .stated)
        #expect(try run([signUp, appStore, play]).findings.contains { $0.rule == "demo.play-only" })
    }

    @Test func effectiveDatesGateRules() throws {
        #expect(try run([appStore]).findings.allSatisfy { $0.rule != "demo.future" })
        #expect(try run([appStore], today: "2027-01-01").findings.contains { $0.rule == "demo.future" })
    }

    @Test func checksRunOverSelectedSubjectsWithLabelsInMessages() throws {
        let findings = try run([appStore]).findings.filter { $0.rule == "demo.title-x" }
        #expect(findings.count == 1)
        #expect(findings.first?.message == "The appstore title of en-US has x: Fox box")
        #expect(findings.first?.location.path == "fastlane/metadata/en-US/title.txt")
    }

    @Test func manualItemsFollowTheirWhen() throws {
        #expect(try run([signUp, appStore]).manual.map(\.rule) == ["demo.confirm"])
        #expect(try run([appStore]).manual.isEmpty)
    }

    @Test func configurationSkipsAndOverrides() throws {
        let skipped = try run([signUp, appStore], configuration: RuleConfiguration(skip: ["demo.deletion"]))
        #expect(skipped.findings.allSatisfy { $0.rule != "demo.deletion" })
        #expect(skipped.evaluated.allSatisfy { $0.id != "demo.deletion" })
        let warned = try run([signUp, appStore], configuration: RuleConfiguration(severity: ["demo": .warning]))
        #expect(warned.findings.first { $0.rule == "demo.deletion" }?.severity == .warning)
        let ruleWins = try run([signUp, appStore], configuration: RuleConfiguration(severity: ["demo": .warning, "demo.deletion": .info]))
        #expect(ruleWins.findings.first { $0.rule == "demo.deletion" }?.severity == .info)
        let off = try run([signUp, appStore], configuration: RuleConfiguration(severity: ["demo.deletion": .off]))
        #expect(off.findings.allSatisfy { $0.rule != "demo.deletion" })
        let only = try run([signUp, appStore], configuration: RuleConfiguration(only: ["demo.title-x"]))
        #expect(Set(only.findings.map(\.rule)) == ["demo.title-x"])
    }

    @Test func fingerprintsIgnoreLinesButNotText() {
        func finding(line: Int, evidence: String) -> Finding {
            Finding(rule: "r", checklist: "c", severity: .error, title: "t", message: "m",
                    location: SourceLocation(path: "a.swift", line: line), evidence: evidence, help: nil, references: [])
        }
        #expect(finding(line: 3, evidence: "x  y").fingerprint == finding(line: 90, evidence: "x y").fingerprint)
        #expect(finding(line: 3, evidence: "x").fingerprint != finding(line: 3, evidence: "z").fingerprint)
        #expect(finding(line: 3, evidence: "x").fingerprint.count == 16)
    }

    @Test func messageTemplatesLeaveUnknownNamesVisible() {
        #expect(MessageTemplate.fill("a {{x}} b {{ y }} {{z}}", with: ["x": "1", "y": "2"]) == "a 1 b 2 {{z}}")
        #expect(MessageTemplate.fill("unclosed {{x", with: ["x": "1"]) == "unclosed {{x")
    }

    /// Placeholders are found on the bytes but placed in Unicode scalars (what a column counts): "é" and "✓"
    /// before a placeholder count one each; an unclosed one ends the search.
    @Test func placeholderOffsetsCountScalars() {
        let found = MessageTemplate.placeholders(in: "é {{ a }} ✓{{b}}{{{c}} {{d")
        #expect(found.map(\.name) == ["a", "b", "{c"])
        #expect(found.map(\.offset) == [2, 11, 16])
    }
}

@Suite("Selectors")
struct SelectorTests {
    @Test(arguments: ["appstore.locales.*.keywords", "play.locales.*.changelogs.*", "*.folders", "appstore.root.copyright", "appstore.review.demo_user"])
    func validSelectorsParse(text: String) throws {
        #expect(try Selector.parse(text).text == text)
    }

    @Test(arguments: ["ios.locales.*.name", "play.locales.title", "play", "appstore.folders.x", "play.locales.*.a.b"])
    func invalidSelectorsFail(text: String) {
        #expect(throws: ExpressionError.self) { try Selector.parse(text) }
    }

    @Test func defaultsAreSelectedOnceAsTheirOwnLocale() throws {
        let value = MetadataValue(text: "https://x.example/privacy", raw: "", location: SourceLocation(path: "m/default/privacy_url.txt"))
        let inherited = MetadataValue(text: value.text, raw: "", location: value.location, inherited: true)
        let tree = MetadataTree(store: .appstore, path: "m", name: "main",
                                locales: [MetadataLocale(code: "en-US", location: SourceLocation(path: "m/en-US"), fields: ["privacy_url": inherited])],
                                defaults: MetadataLocale(code: "default", location: SourceLocation(path: "m/default"), fields: ["privacy_url": value]))
        let subjects = try Selector.parse("appstore.locales.*.privacy_url").subjects(in: ProjectModel(root: "/", metadata: [tree]), stores: [])
        #expect(subjects.map { $0.labels["locale"] } == ["default"])
    }
}
