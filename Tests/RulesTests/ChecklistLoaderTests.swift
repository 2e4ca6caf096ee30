import Project
import Testing
import YAML
@testable import Rules

/// A check function for tests: one result per subject whose value contains `needle`.
let containsCheck = CheckFunction(
    name: "contains",
    summary: "Finds a text.",
    options: [OptionSpec("needle", .string, required: true, doc: "the text to find"),
              OptionSpec("level", .oneOf(["low", "high"]), doc: "how loud"),
              OptionSpec("words", .table, doc: "a table")],
    subjects: .required,
    run: { invocation in
        let needle = invocation.options.string("needle") ?? ""
        return invocation.subjects.filter { $0.value.contains(needle) }.map {
            CheckResult(location: $0.location, evidence: $0.value, values: ["needle": needle])
        }
    }
)

let projectCheck = CheckFunction(name: "project-wide", summary: "Reads the project.", options: [], subjects: .none) { _ in [] }

func load(_ files: [String: String]) throws(ChecklistLoadError) -> [Checklist] {
    try ChecklistLoader(functions: [containsCheck, projectCheck], knownFacts: BuiltinFacts.declarations)
        .load(files.sorted { $0.key < $1.key }.map { ChecklistSource(file: $0.key, text: $0.value) })
}

func loadErrors(_ files: [String: String]) -> [String] {
    do {
        _ = try load(files)
        return []
    } catch {
        return error.errors.map { e in
            "\(e.path.map { "\($0) at " } ?? "")\(e.file):\(e.mark.map(\.description) ?? "-"): \(e.message)"
        }
    }
}

@Suite("Checklist loader")
struct ChecklistLoaderTests {
    static let valid = """
    checklist: demo
    title: Demo
    summary: A demo checklist.
    references:
      - { title: "Guideline 1", url: "https://example.com/1" }
    tables:
      words:
        source: "made up for the test"
        value: [alpha, beta]
    rules:
      - id: demo.expect-rule
        title: Expect something
        stores: [play]
        severity: warning
        when: account.creation
        expect: account.deletion.in_app
        message: "Accounts at {{evidence}}"
        help: Add deletion.
        effective: 2026-08-31
      - id: demo.check-rule
        title: Check something
        check: contains
        given: play.locales.*.title
        with: { needle: "x", level: high, words: words }
        message: "Found {{needle}}"
        help: Remove it.
      - id: demo.manual-item
        kind: manual
        title: Confirm by hand
    """

    @Test func loadsAValidChecklist() throws {
        let checklists = try load(["demo.yml": Self.valid])
        let checklist = try #require(checklists.first)
        #expect(checklist.name == "demo")
        #expect(checklist.rules.map(\.id) == ["demo.expect-rule", "demo.check-rule", "demo.manual-item"])
        #expect(checklist.rules[0].severity == .warning)
        #expect(checklist.rules[0].stores == [.play])
        #expect(checklist.rules[0].effective == "2026-08-31")
        #expect(checklist.rules[0].when == .fact("account.creation"))
        #expect(checklist.rules[1].severity == .error)
        #expect(checklist.rules[2].isManual)
        #expect(checklist.tables["words"]?.source == "made up for the test")
        // A rule without references inherits the checklist's.
        #expect(checklist.rules[1].references == [Reference(title: "Guideline 1", url: "https://example.com/1")])
        guard case .check(let name, let given, let options) = checklist.rules[1].kind else {
            Issue.record("expected a check rule")
            return
        }
        #expect(name == "contains")
        #expect(given == [try Selector.parse("play.locales.*.title")])
        #expect(options.string("needle") == "x")
        #expect(options.string("level") == "high")
    }

    @Test func unknownKeysAreReportedWithASuggestionAndPosition() {
        let text = Self.valid.replacingOccurrences(of: "    severity: warning", with: "    severty: warning")
        #expect(loadErrors(["demo.yml": text]) == [
            "rules[0] at demo.yml:14:5: unknown key \"severty\" (did you mean \"severity\"?)",
        ])
    }

    @Test func badSeverityNamesTheAllowedValues() {
        let text = Self.valid.replacingOccurrences(of: "severity: warning", with: "severity: fatal")
        #expect(loadErrors(["demo.yml": text]) == [
            "rules[0].severity at demo.yml:14:15: expected one of off, info, warning, error, got \"fatal\"",
        ])
    }

    @Test func unknownCheckFunctionIsSuggested() {
        let text = Self.valid.replacingOccurrences(of: "check: contains", with: "check: contain")
        #expect(loadErrors(["demo.yml": text]) == [
            "rules[1].check at demo.yml:22:12: unknown check function \"contain\" (did you mean \"contains\"?)",
        ])
    }

    @Test func badOptionsAreReportedAgainstTheFunctionsSchema() {
        let text = Self.valid.replacingOccurrences(of: "with: { needle: \"x\", level: high, words: words }",
                                                   with: "with: { level: loud, wordz: words }")
        #expect(loadErrors(["demo.yml": text]) == [
            "rules[1].with at demo.yml:24:26: unknown key \"wordz\" (did you mean \"words\"?)",
            "rules[1].with at demo.yml:24:11: check \"contains\" needs option \"needle\" under with: (the text to find)",
            "rules[1].with.level at demo.yml:24:20: expected one of low, high, got \"loud\" (did you mean \"low\"?)",
        ])
    }

    @Test func optionsNamingAMissingTableAreErrors() {
        let text = Self.valid.replacingOccurrences(of: "words: words }", with: "words: wordz }")
        #expect(loadErrors(["demo.yml": text]) == [
            "rules[1].with.words at demo.yml:24:46: no table named \"wordz\" is loaded (did you mean \"words\"?)",
        ])
    }

    @Test func malformedExpressionsPointAtTheCharacter() {
        let text = Self.valid.replacingOccurrences(of: "when: account.creation", with: "when: account.creation and")
        #expect(loadErrors(["demo.yml": text]) == [
            "rules[0].when at demo.yml:15:31: expected a fact name, a value or (, found the end of the expression",
        ])
    }

    @Test func malformedSelectorsAreErrors() {
        let text = Self.valid.replacingOccurrences(of: "given: play.locales.*.title", with: "given: play.locale.title")
        let errors = loadErrors(["demo.yml": text])
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("rules[1].given at demo.yml:23:") == true)
        #expect(errors.first?.contains("unknown part \"locale\"") == true)
    }

    @Test func duplicateRuleIdsAcrossFilesNameTheFirst() {
        let other = """
        checklist: other
        title: Other
        rules:
          - id: other.x
            title: X
            kind: manual
        """
        let clash = Self.valid.replacingOccurrences(of: "id: demo.manual-item", with: "id: demo.check-rule")
        #expect(loadErrors(["demo.yml": clash, "other.yml": other]) == [
            "rules[2].id at demo.yml:27:9: rule id \"demo.check-rule\" is already used at demo.yml:20:9",
        ])
    }

    @Test func severalMistakesInOneFileAreAllReported() {
        let text = """
        checklist: demo
        title: Demo
        colour: red
        rules:
          - id: wrong.prefix
            title: A
            expect: a and
            message: m
            help: h
          - id: demo.no-mode
            title: B
          - id: demo.two-modes
            title: C
            expect: a
            kind: manual
            stores: [ios]
        """
        #expect(loadErrors(["demo.yml": text]) == [
            "demo.yml:3:1: unknown key \"colour\"; expected one of checklist, title, summary, references, facts, tables, rules",
            "rules[0].id at demo.yml:5:9: rule ids start with their checklist's name: expected \"demo.<name>\", got \"wrong.prefix\"",
            "rules[0].expect at demo.yml:7:18: expected a fact name, a value or (, found the end of the expression",
            "rules[1] at demo.yml:10:5: a rule needs one of expect:, check: or kind: manual",
            "rules[2].stores at demo.yml:16:13: unknown store \"ios\"; expected appstore or play",
            "rules[2] at demo.yml:12:5: a rule takes only one of expect:, check: and kind: manual; found expect and kind",
        ])
    }

    @Test func checklistNameMustMatchItsFile() {
        #expect(loadErrors(["other.yml": Self.valid]) == [
            "checklist at other.yml:1:12: checklist \"demo\" must live in a file named demo.yml, not other.yml",
        ])
    }

    @Test func givenIsRequiredOrRefusedByTheFunction() {
        let missing = Self.valid.replacingOccurrences(of: "    given: play.locales.*.title\n", with: "")
        #expect(loadErrors(["demo.yml": missing]).first?.contains("check \"contains\" needs given:") == true)
        let refused = Self.valid.replacingOccurrences(of: "check: contains", with: "check: project-wide")
            .replacingOccurrences(of: "    with: { needle: \"x\", level: high, words: words }\n", with: "")
        #expect(loadErrors(["demo.yml": refused]) == [
            "rules[1].given at demo.yml:23:12: check \"project-wide\" reads the project itself and takes no given:",
        ])
    }

    @Test func messageAndHelpAreRequiredOutsideManualItems() {
        let text = Self.valid.replacingOccurrences(of: "    help: Add deletion.\n", with: "")
        #expect(loadErrors(["demo.yml": text]) == [
            "rules[0] at demo.yml:11:5: missing required key \"help\": say what to do about it",
        ])
    }

    @Test func yamlErrorsComeThroughWithTheirPosition() {
        let errors = loadErrors(["demo.yml": "checklist: demo\ntitle: [unclosed\n"])
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("demo.yml:") == true)
    }

    @Test func malformedSymbolTablesAreLoadErrors() {
        let text = Self.valid.replacingOccurrences(of: """
              words:
                source: "made up for the test"
                value: [alpha, beta]
            """, with: """
              words:
                source: "made up for the test"
                value: [alpha, beta]
              signals:
                source: "made up for the test"
                kind: symbols
                value:
                  - { fact: account.creation, languages: [cobol], symbols: [signUp] }
            """)
        #expect(loadErrors(["demo.yml": text]) == [
            "tables.signals.value[0].languages[0] at demo.yml:14:47: expected one of swift, objc, kotlin, java, dart, javascript, c, cpp, rust, layout_xml, got \"cobol\"",
        ])
    }

    /// A flutter_sdk_defaults row the Android inspection could not use is a load error, not a silent skip.
    @Test func malformedFlutterSDKDefaultRowsAreLoadErrors() {
        func table(_ rows: String) -> String {
            Self.valid.replacingOccurrences(of: """
                  words:
                    source: "made up for the test"
                    value: [alpha, beta]
                """, with: """
                  words:
                    source: "made up for the test"
                    value: [alpha, beta]
                  flutter_defaults:
                    source: "made up for the test"
                    kind: flutter_sdk_defaults
                    value:
                """ + rows)
        }
        let good = "\n      - { flutter: \"3.35\", compile_sdk: 36, min_sdk: 24, target_sdk: 36, source: \"FlutterExtension.kt\" }"
        #expect(loadErrors(["demo.yml": table(good)]).isEmpty)
        let errors = loadErrors(["demo.yml": table(good + "\n      - { flutter: \"stable\", compile_sdk: 36, min_sdk: 24, target_sdk: thirty, source: \"x\" }"
                                                 + "\n      - { flutter: \"3.35\", compile_sdk: 36, min_sdk: 24, source: \"x\" }")])
        #expect(errors.contains { $0.contains("value[1].flutter") && $0.contains("a Flutter release such as") })
        #expect(errors.contains { $0.contains("value[1].target_sdk") && $0.contains("an Android API level, got \"thirty\"") })
        #expect(errors.contains { $0.contains("value[2]") && $0.contains("target_sdk") })
        #expect(errors.contains { $0.contains("value[2].flutter") && $0.contains("release 3.35 is already in the table") })
        #expect(errors.count == 4)
    }

    /// A `kind: binary_symbols` table (the archive inspector's) is checked at load: each row needs a fact the
    /// catalog knows (nearest name suggested) and imported symbols or frameworks without spaces.
    @Test func malformedBinarySymbolRowsAreLoadErrors() {
        func table(_ rows: String) -> String {
            Self.valid.replacingOccurrences(of: """
                  words:
                    source: "made up for the test"
                    value: [alpha, beta]
                """, with: """
                  words:
                    source: "made up for the test"
                    value: [alpha, beta]
                  binary_uses:
                    source: "made up for the test"
                    kind: binary_symbols
                    value:
                """ + rows)
        }
        let good = "\n      - { fact: account.creation, symbols: [\"_OBJC_CLASS_$_ASAuthorizationController\"], frameworks: [AuthenticationServices] }"
        #expect(loadErrors(["demo.yml": table(good)]).isEmpty)
        let errors = loadErrors(["demo.yml": table(good + "\n      - { fact: account.creaton, symbols: [_stat] }"
                                                 + "\n      - { fact: account.creation }"
                                                 + "\n      - { fact: account.creation, symbols: [\"two words\"], framework: [X] }")])
        #expect(errors.contains { $0.contains("value[2]") && $0.contains("a row needs symbols, frameworks or both") })
        #expect(errors.contains { $0.contains("value[3]") && $0.contains("are names without spaces, got \"two words\"") })
        #expect(errors.contains { $0.contains("value[3]") && $0.contains("framework") && !$0.contains("without spaces") })
        #expect(errors.contains { $0.contains("table `binary_uses`") && $0.contains("account.creaton") && $0.contains("account.creation")
            && $0.contains("as the archive inspector reads it") })
    }

    @Test func kebabCaseNames() {
        #expect(ChecklistLoader.isKebab("account-deletion"))
        #expect(!ChecklistLoader.isKebab("Account"))
        #expect(!ChecklistLoader.isKebab("a--b"))
        #expect(!ChecklistLoader.isKebab("a-"))
    }
}
