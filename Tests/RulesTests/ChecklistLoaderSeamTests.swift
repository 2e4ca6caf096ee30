import Project
import Testing
import YAML
@testable import Rules

/// What the loader confirms against the loaded tables and the check functions' declarations, with the
/// real built-in functions: a `limit:` the limits table lacks, a table whose keys the check does not read,
/// a placeholder nothing fills, a check function nobody registered. Each error names file:line:column.
@Suite("Checklist loader seams")
struct ChecklistLoaderSeamTests {
    static let checklist = """
    checklist: demo
    title: Demo
    tables:
      field_limits:
        source: "made up for the test"
        value:
          - { field: appstore.subtitle, max: 30, unit: utf16, source: "made up" }
      banned:
        source: "made up for the test"
        value:
          words: [free]
    rules:
      - id: demo.subtitle
        title: Subtitle
        check: length
        given: appstore.locales.*.subtitle
        with: { limit: appstore.subtitle }
        message: "{{count}} {{unit}} in {{locale}}"
        help: Shorten it.
      - id: demo.words
        title: Words
        check: words
        given: appstore.locales.*.subtitle
        with: { table: banned }
        message: "found {{value}}"
        help: Remove it.
      - id: demo.expect
        title: Expect
        when: account.creation
        expect: account.deletion.in_app
        message: "accounts at {{evidence}} ({{account.creation}})"
        help: Add deletion.
      - id: demo.manual
        kind: manual
        when: privacy.policy_url
        title: "Confirm {{privacy.policy_url}}"
        help: "Seen at {{evidence}}."
    """

    static func errors(_ text: String) -> [String] {
        do {
            _ = try ChecklistLoader(knownFacts: BuiltinFacts.declarations).load([ChecklistSource(file: "demo.yml", text: text)])
            return []
        } catch {
            return error.errors.map { "\($0.file):\($0.mark.map(\.description) ?? "-"): \($0.message)" }
        }
    }

    static func replacing(_ old: String, _ new: String) throws -> String {
        try #require(checklist.contains(old), "the test checklist has no \(old)")
        return checklist.replacingOccurrences(of: old, with: new)
    }

    @Test func theChecklistLoads() {
        #expect(Self.errors(Self.checklist) == [])
    }

    @Test func aMisspeltFieldIsALoadErrorWithTheNearestField() throws {
        let text = try Self.replacing("""
            given: appstore.locales.*.subtitle
            with: { limit: appstore.subtitle }
        """, """
            with: { limit: appstore.subtitle, fields: [subtitel] }
        """)
        #expect(Self.errors(text) == [
            "demo.yml:16:48: unknown metadata field \"subtitel\" (did you mean \"subtitle\"?)",
        ])
    }

    @Test func fieldsAndGivenSelectTheSameSubjects() throws {
        let viaFields = try Self.replacing("""
            given: appstore.locales.*.subtitle
            with: { limit: appstore.subtitle }
        """, """
            stores: [appstore]
            with: { limit: appstore.subtitle, fields: [subtitle, root.copyright] }
        """)
        let checklist = try #require(try ChecklistLoader(knownFacts: BuiltinFacts.declarations).load([ChecklistSource(file: "demo.yml", text: viaFields)]).first)
        guard case .check(_, let given, let options) = checklist.rules[0].kind else {
            Issue.record("expected a check rule")
            return
        }
        #expect(given.map(\.text) == ["*.locales.*.subtitle", "*.root.copyright"])
        #expect(options.values["fields"] == nil)
    }

    @Test func givenTakesAListAndNamesAnUnknownCollection() throws {
        let list = try Self.replacing("""
            given: appstore.locales.*.subtitle
            with: { limit: appstore.subtitle }
        """, """
            given: [appstore.locales.*.subtitle, apple.plists.*.NSCameraUsageDescription]
            with: { limit: appstore.subtitle }
        """)
        #expect(Self.errors(list) == [])
        let unknown = try Self.replacing("    given: appstore.locales.*.subtitle\n    with: { limit", "    given: [appstore.locales.*.subtitle, apple.plist.*.NSCameraUsageDescription]\n    with: { limit")
        #expect(Self.errors(unknown) == [
            "demo.yml:16:48: write apple.plists.*.<key> or apple.apps.*.<key>",
        ])
    }

    @Test func givenAndFieldsTogetherIsALoadError() throws {
        let text = try Self.replacing("    with: { limit: appstore.subtitle }", "    with: { limit: appstore.subtitle, fields: [subtitle] }")
        #expect(Self.errors(text) == [
            "demo.yml:17:47: a rule selects with given: or with fields:, not both",
        ])
    }

    @Test func aCheckOfValuesWithoutGivenOrFieldsIsALoadError() throws {
        let text = try Self.replacing("    given: appstore.locales.*.subtitle\n    with: { limit", "    with: { limit")
        #expect(Self.errors(text).first?.hasPrefix("demo.yml:15:12: check \"length\" needs given: (or fields:)") == true)
    }

    @Test func aLimitMissingFromTheLimitsTableIsALoadError() throws {
        #expect(Self.errors(try Self.replacing("limit: appstore.subtitle }", "limit: appstore.subtitel }")) == [
            "demo.yml:17:20: \"appstore.subtitel\" is not in the table \"field_limits\" (demo.yml) (did you mean \"appstore.subtitle\"?)",
        ])
    }

    @Test func aTableKeyTheCheckDoesNotReadIsALoadError() throws {
        #expect(Self.errors(try Self.replacing("      words: [free]", "      word: [free]")) == [
            "demo.yml:11:7: table \"banned\" has a key \"word\" that check \"words\" does not read; it reads words, allow (did you mean \"words\"?)",
        ])
    }

    @Test func aPlaceholderNothingFillsIsALoadError() throws {
        #expect(Self.errors(try Self.replacing("{{count}} {{unit}}", "{{count}} {{unt}}")) == [
            "demo.yml:18:25: nothing fills the placeholder {{unt}} (did you mean {{unit}}?)",
        ])
        // In an expect rule, only {{evidence}} and the facts of when/expect are filled.
        #expect(Self.errors(try Self.replacing("({{account.creation}})", "({{account.creaton}})")) == [
            "demo.yml:31:41: nothing fills the placeholder {{account.creaton}} (did you mean {{account.creation}}?)",
        ])
        // In a manual item's title, only {{evidence}} and the facts of its when.
        #expect(Self.errors(try Self.replacing("Confirm {{privacy.policy_url}}", "Confirm {{privacy.url}}")) == [
            "demo.yml:36:21: nothing fills the placeholder {{privacy.url}} here; this rule can use {{evidence}}, {{privacy.policy_url}}",
        ])
    }

    @Test func anUnknownCheckFunctionIsALoadError() throws {
        #expect(Self.errors(try Self.replacing("check: words", "check: wordz")) == [
            "demo.yml:22:12: unknown check function \"wordz\" (did you mean \"words\"?)",
        ])
    }

    @Test func anEngineWithoutTheRulesFunctionReportsItInsteadOfSkipping() throws {
        let checklists = try ChecklistLoader(knownFacts: BuiltinFacts.declarations).load([ChecklistSource(file: "demo.yml", text: Self.checklist)])
        let engine = Engine(checklists: checklists, functions: [])
        var project = ProjectModel(root: "/nonexistent")
        project.metadata = []
        let outcome = engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30"))
        #expect(outcome.findings.map(\.rule).sorted() == ["demo.subtitle", "demo.words"])
        #expect(outcome.findings.first?.message.contains("is not registered with this engine") == true)
        #expect(outcome.findings.first?.location.path == "demo.yml")
    }
}

/// A table a check decodes is decoded once when the checklists load: a malformed one is a load error at its
/// line and column, not a finding at run time (Apple tables) nor a silent pass (the target API levels).
@Suite("Tables decoded at load")
struct TablesDecodedAtLoadTests {
    static func errors(_ text: String) -> [String] {
        ChecklistLoaderSeamTests.errors(text)
    }

    @Test func aMalformedPurposeKeysTableFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          keys:
            source: "made up for the test"
            value:
              purpose_api.camera: NSCameraUsageDescription
        rules:
          - id: demo.purpose
            title: Purpose
            check: purpose_strings.missing
            with: { keys: keys }
            message: "{{key}}"
            help: Add it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:7:7: table `keys`: each signal needs a non-empty list of Info.plist keys (as check \"purpose_strings.missing\" reads it)",
        ])
    }

    /// The first-version table of privacy_manifest.sdk_manifests is decoded at load, named or not (`versions:`
    /// defaults to sdk_manifest_first_versions): a row whose `since` is no version is a load error at it, where it
    /// used to be dropped at run time, leaving the SDK with "no record".
    @Test func aMalformedSDKFirstVersionsTableFailsTheLoadEvenUnnamed() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          sdk_manifest_first_versions:
            source: "made up for the test"
            value:
              Alamofire: { since: soon, source: "made up for the test" }
          sdks: { source: "made up for the test", value: [Alamofire] }
        rules:
          - id: demo.sdk
            title: SDK
            check: privacy_manifest.sdk_manifests
            with: { sdks: sdks }
            message: "{{sdk}}"
            help: Update it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:7:27: table `sdk_manifest_first_versions`: Alamofire: `since` is a version, `none` or `unknown`, not \"soon\" (as check \"privacy_manifest.sdk_manifests\" reads it)",
        ])
        #expect(Self.errors(text.replacingOccurrences(of: "since: soon", with: "sinse: 5.9.0")).first?.contains("unknown field `sinse` (a row has since, source, no_ios_code_since, backports) (did you mean `since`?)") == true)
        // The twin: a well-formed row loads.
        #expect(Self.errors(text.replacingOccurrences(of: "since: soon", with: "since: 5.9.0")) == [])
    }

    /// `privacy-policy-url` and `demo-account` serve several rules through options, each checked at load: a
    /// requirement that is not one of the function's, or `require: public` without its hosts table, fails the load.
    @Test func theMergedPolicyFunctionsValidateTheirOptions() {
        let text = """
        checklist: demo
        title: Demo
        rules:
          - id: demo.url
            title: URL
            check: privacy-policy-url
            with: { require: public }
            message: "{{url}} {{problem}}"
            help: Fix it.
          - id: demo.account
            title: Account
            check: demo-account
            with: { require: credential }
            message: "{{problem}}"
            help: Fix it.
        """
        let errors = Self.errors(text)
        #expect(errors.count == 2)
        #expect(errors.contains { $0.contains("check \"privacy-policy-url\" with require: public needs option \"hosts\"") })
        #expect(errors.contains { $0.contains("credential") && $0.contains("credentials") })
    }

    @Test func aMalformedTargetLevelsTableFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          levels:
            source: "made up for the test"
            value:
              - { form_factors: [phone], api: 35, android: "15", from: 2025-08-31 }
              - { form_factors: [phone], api: thirty-six, android: "16", from: 2026-08-31 }
        rules:
          - id: demo.target
            title: Target
            check: android.target_sdk
            with: { levels: levels }
            message: "{{module}}"
            help: Raise it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:8:9: table `levels`: `api` must be a whole number (as check \"android.target_sdk\" reads it)",
        ])
    }

    /// A team checklist's screenshot size table with a row that is not WIDTHxHEIGHT: the load fails at that
    /// size (it used to be dropped silently, leaving the display type with fewer sizes than written).
    @Test func aBadRowOfATeamScreenshotTableFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          sizes:
            source: "made up for the test"
            value:
              - { display_type: APP_IPHONE_67, name: "6.9-inch iPhone", sizes: [1290x2796] }
              - { display_type: APP_IPHONE_65, name: "6.5-inch iPhone", sizes: [1242by2688] }
        rules:
          - id: demo.size
            title: Size
            check: appstore-screenshots
            with: { require: accepted_size, sizes: sizes }
            message: "{{file}}"
            help: Resize it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:8:73: table `sizes`: a size is WIDTHxHEIGHT in pixels (1290x2796) (as check \"appstore-screenshots\" reads it)",
        ])
        // A row without its sizes is a load error too, not a row skipped.
        let missing = text.replacingOccurrences(of: ", sizes: [1242by2688]", with: "")
        #expect(Self.errors(missing).count == 1)
        #expect(Self.errors(missing).first?.hasPrefix("demo.yml:8:9: table `sizes`: each row needs `display_type` and a `sizes` list") == true)
        // The twin: well-formed rows load.
        #expect(Self.errors(text.replacingOccurrences(of: "1242by2688", with: "1242x2688")) == [])
        // What a screenshot must meet is a closed vocabulary, checked at load.
        let misspelt = text.replacingOccurrences(of: "1242by2688", with: "1242x2688").replacingOccurrences(of: "require: accepted_size", with: "require: acepted_size")
        #expect(Self.errors(misspelt).count == 1)
        #expect(Self.errors(misspelt).first?.contains("accepted_size") == true)
        // An option only one requirement reads is required with it: `within_set` without its set table fails the load.
        let withinSet = text.replacingOccurrences(of: "1242by2688", with: "1242x2688").replacingOccurrences(of: "require: accepted_size", with: "require: within_set")
        #expect(Self.errors(withinSet).count == 1)
        #expect(Self.errors(withinSet).first?.contains("with require: within_set needs option \"sets\"") == true)
    }

    /// Play's image table: a row whose `max_kb` is not a number is a load error (it used to be read as no limit).
    @Test func aBadRowOfATeamImageTableFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          images:
            source: "made up for the test"
            value:
              - { types: [icon], width: 512, height: 512, formats: [png-32], max_kb: 1MB }
        rules:
          - id: demo.images
            title: Images
            stores: [play]
            check: image-size
            with: { table: images }
            message: "{{problem}}"
            help: Resize it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:7:78: table `images`: `max_kb` must be a whole number (as check \"image-size\" reads it)",
        ])
        #expect(Self.errors(text.replacingOccurrences(of: "1MB", with: "1024")) == [])
    }

    /// A word list whose entry is not text (a nested list) is a load error, not a word left out.
    @Test func aWordThatIsNotTextFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          banned:
            source: "made up for the test"
            value:
              words: [beta, [coming, soon]]
        rules:
          - id: demo.words
            title: Words
            stores: [appstore]
            check: words
            with: { table: banned, fields: [description] }
            message: "{{word}}"
            help: Remove it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:7:21: table `banned`: each entry of `words` is a word or phrase (as check \"words\" reads it)",
        ])
        #expect(Self.errors(text.replacingOccurrences(of: "[coming, soon]", with: "coming soon")) == [])
    }

    /// A Data safety mapping row that maps to a mapping without `types` is a load error, not a row read as empty.
    @Test func aDataSafetyMappingRowWithoutTypesFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          mapping:
            source: "made up for the test"
            value:
              NSPrivacyCollectedDataTypeName: [Name]
              NSPrivacyCollectedDataTypeEmailAddress: { tipes: [Email address] }
        rules:
          - id: demo.cross
            title: Cross
            stores: [play]
            check: data_safety.cross_store_types
            with: { mapping: mapping }
            message: "{{problem}}"
            help: Align them.
        """
        #expect(Self.errors(text).count == 1)
        #expect(Self.errors(text).first?.hasPrefix("demo.yml:8:47: table `mapping`: expected `NSPrivacyCollectedDataTypeEmailAddress` maps to") == true)
        #expect(Self.errors(text.replacingOccurrences(of: "tipes", with: "types")) == [])
    }

    /// `archive.native_64bit`'s `pairs` is a mapping of ABI to ABI, read at load: a pair whose value is a list is a
    /// load error at that value (the check used to see the YAML node and skip the pair).
    @Test func aPairThatIsNotTextFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        rules:
          - id: demo.abi
            title: ABI
            stores: [play]
            check: archive.native_64bit
            with: { pairs: { armeabi-v7a: [arm64-v8a] } }
            message: "{{library}}"
            help: Add it.
        """
        #expect(Self.errors(text).count == 1)
        #expect(Self.errors(text).first?.hasPrefix("demo.yml:8:35:") == true)
        #expect(Self.errors(text.replacingOccurrences(of: "[arm64-v8a]", with: "arm64-v8a")) == [])
    }
}
