import BuiltinData
import Foundation
import Project
import Testing
@testable import Rules

/// The platform-requirements checks over hand-built projects, with the built-in checklist and its tables.
struct AndroidChecksTests {
    static func checklists() throws -> [Checklist] {
        let sources = BuiltinData.checklists.filter { $0.name == "platform-requirements.yml" }
            .map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) }
        return try ChecklistLoader(knownFacts: BuiltinFacts.declarations).load(sources)
    }

    static func project(_ facts: [Fact], modules: [AndroidShippedModule] = [], manifestFile: String? = nil) -> ProjectModel {
        var all = facts
        if !all.contains(where: { $0.name == "store.play" }) { all.append(Fact(name: "store.play", value: .bool(true), source: .detected)) }
        var project = ProjectModel(root: "/tmp/app", manifest: manifestFile.map { Manifest(file: $0) }, facts: FactStore(all))
        project.parts[AndroidPart.self].modules = modules
        return project
    }

    static func targetSdk(_ value: Int, line: Int = 13) -> Fact {
        Fact(name: "android.target_sdk", value: .number(Double(value)), source: .detected,
             evidence: [Evidence(location: SourceLocation(path: "app/build.gradle", line: line), snippet: "targetSdkVersion \(value)")])
    }

    static func findings(_ project: ProjectModel, today: String = "2026-11-30") throws -> Engine.Outcome {
        let engine = Engine(checklists: try checklists())
        return engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: today))
    }

    // MARK: The table

    @Test func builtinTableGivesTheLevelInForceOnEachDay() throws {
        let table = try #require(try Self.checklists().first?.tables["play_target_api_levels"])
        let levels = try AndroidTargetAPILevels(table.value)
        #expect(levels.required(formFactor: "phone", on: "2026-11-30")?.api == 36)
        #expect(levels.required(formFactor: "phone", on: "2026-08-31")?.api == 36)
        #expect(levels.required(formFactor: "phone", on: "2026-08-30")?.api == 35)
        #expect(levels.required(formFactor: "phone", on: "2025-08-30") == nil)
        #expect(levels.required(formFactor: "wear", on: "2026-11-30")?.api == 35)
        #expect(levels.required(formFactor: "automotive", on: "2026-11-30")?.api == 35)
        #expect(levels.required(formFactor: "tv", on: "2026-11-30")?.api == 34)
        #expect(levels.required(formFactor: "tablet", on: "2026-11-30")?.from == "2026-08-31")
    }

    // MARK: play-target-sdk

    @Test func targetBelowThePhoneLevelIsAnErrorAtTheLineThatSetsIt() throws {
        let outcome = try Self.findings(Self.project([Self.targetSdk(35)]))
        let hits = outcome.findings.filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(hits.count == 1)
        let finding = try #require(hits.first)
        #expect(finding.severity == .error)
        #expect(finding.location == SourceLocation(path: "app/build.gradle", line: 13))
        #expect(finding.message.contains("targetSdk is 35 (app/build.gradle:13)"))
        #expect(finding.message.contains("API 36 (Android 16)"))
        #expect(finding.message.contains("since 2026-08-31"))
        #expect(finding.help?.contains("at least API 35") == true)
        #expect(finding.evidence == "targetSdkVersion 35")
    }

    @Test func targetAtTheLevelPasses() throws {
        let outcome = try Self.findings(Self.project([Self.targetSdk(36)]))
        #expect(outcome.findings.filter { $0.rule.hasPrefix("platform-requirements.") }.isEmpty)
    }

    @Test func theLevelFollowsTheRunDate() throws {
        let before = try Self.findings(Self.project([Self.targetSdk(35)]), today: "2026-08-30")
        #expect(before.findings.filter { $0.rule == "platform-requirements.play-target-sdk" }.isEmpty)
        let older = try Self.findings(Self.project([Self.targetSdk(34)]), today: "2026-08-30")
        let hit = try #require(older.findings.first { $0.rule == "platform-requirements.play-target-sdk" })
        #expect(hit.message.contains("API 35 (Android 15)") && hit.message.contains("since 2025-08-31"))
    }

    @Test func wearAndTVHaveTheirOwnLevels() throws {
        let wear = Fact(name: "android.form_factor", value: .string("wear"), source: .detected)
        #expect(try Self.findings(Self.project([Self.targetSdk(35), wear])).findings.filter { $0.rule == "platform-requirements.play-target-sdk" }.isEmpty)
        let tv = Fact(name: "android.form_factor", value: .string("tv"), source: .detected)
        #expect(try Self.findings(Self.project([Self.targetSdk(34), tv])).findings.filter { $0.rule == "platform-requirements.play-target-sdk" }.isEmpty)
        let wearLow = try Self.findings(Self.project([Self.targetSdk(34), wear])).findings.filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(wearLow.count == 1)
        #expect(wearLow.first?.message.contains("wear apps to target API 35") == true)
    }

    @Test func aStatedValueWinsAndPointsAtTheManifest() throws {
        let stated = Fact(name: "android.target_sdk", value: .number(34), source: .stated)
        let outcome = try Self.findings(Self.project([Self.targetSdk(36), stated], manifestFile: "shipcheck.yml"))
        let hit = try #require(outcome.findings.first { $0.rule == "platform-requirements.play-target-sdk" })
        #expect(hit.location.path == "shipcheck.yml")
        #expect(hit.message.contains("targetSdk is 34 (stated in shipcheck.yml)"))
    }

    @Test func aTargetStatedWithNoAndroidFilesIsJudged() throws {
        // No app module in the model: one app known by the short names, here only what shipcheck.yml states.
        let stated = Fact(name: "android.target_sdk", value: .number(34), source: .stated)
        let hits = try Self.findings(Self.project([stated], manifestFile: "shipcheck.yml")).findings.filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(hits.map(\.location.path) == ["shipcheck.yml"])
        #expect(hits.first?.message.contains("targetSdk is 34 (stated in shipcheck.yml)") == true)
    }

    @Test func aStatedValueOverridesThePartsModule() throws {
        // The part says 36 (app) and 35 (wear): fine. shipcheck.yml states lower values for both.
        let modules = [Self.module("app", release: true, target: 36), Self.module("wear", target: 35, formFactor: "wear")]
        #expect(try Self.findings(Self.project([], modules: modules)).findings.filter { $0.rule == "platform-requirements.play-target-sdk" }.isEmpty)
        let stated = [Fact(name: "android.target_sdk", value: .number(34), source: .stated),
                      Fact(name: "android.module.wear.target_sdk", value: .number(33), source: .stated)]
        let hits = try Self.findings(Self.project(stated, modules: modules, manifestFile: "shipcheck.yml")).findings
            .filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(hits.map(\.location.path) == ["shipcheck.yml", "shipcheck.yml"])
        #expect(hits.contains { $0.message.contains("targetSdk is 34 (stated in shipcheck.yml)") }, "\(hits.map(\.message))")
        #expect(hits.contains { $0.message.contains("targetSdk is 33 (module wear) (stated in shipcheck.yml)") }, "\(hits.map(\.message))")
    }

    @Test func projectsNotShippingToPlayAreNotChecked() throws {
        let notPlay = Fact(name: "store.play", value: .bool(false), source: .detected)
        let outcome = try Self.findings(Self.project([Self.targetSdk(30), notPlay]))
        #expect(outcome.findings.filter { $0.rule.hasPrefix("platform-requirements.") }.isEmpty)
    }

    // MARK: play-target-sdk-unknown

    static let unknown = Fact(name: "android.target_sdk_unknown", value: .bool(true), source: .detected, evidence: [
        Evidence(location: SourceLocation(path: "app/build.gradle.kts", line: 14), snippet: "targetSdk = computeTarget()"),
        Evidence(location: SourceLocation(path: "gradle.properties"), snippet: ""),
    ])

    @Test func unknownTargetIsInfoNamingWhereItLooked() throws {
        let outcome = try Self.findings(Self.project([Self.unknown]))
        let hit = try #require(outcome.findings.first { $0.rule == "platform-requirements.play-target-sdk-unknown" })
        #expect(hit.severity == .info)
        #expect(hit.location == SourceLocation(path: "app/build.gradle.kts", line: 14))
        #expect(hit.message.contains("(targetSdk = computeTarget())"))
        #expect(hit.message.contains("app/build.gradle.kts:14 (targetSdk = computeTarget()); gradle.properties"))
        #expect(hit.help?.contains("facts: { android.target_sdk: 36 }") == true)
        #expect(outcome.findings.filter { $0.rule == "platform-requirements.play-target-sdk" }.isEmpty)
    }

    @Test func statingTheTargetSilencesUnknownAndChecksTheStatedValue() throws {
        let stated = Fact(name: "android.target_sdk", value: .number(36), source: .stated)
        let outcome = try Self.findings(Self.project([Self.unknown, stated], manifestFile: "shipcheck.yml"))
        #expect(outcome.findings.filter { $0.rule.hasPrefix("platform-requirements.") }.isEmpty)
    }

    // MARK: Manual item

    @Test func xcodeItemIsListedForAppStoreProjects() throws {
        let apple = Fact(name: "store.appstore", value: .bool(true), source: .detected)
        let outcome = try Self.findings(Self.project([apple, Fact(name: "store.play", value: .bool(false), source: .detected)]))
        #expect(outcome.manual.map(\.rule) == ["platform-requirements.apple-xcode-26"])
        let before = try Self.findings(Self.project([apple]), today: "2026-04-27")
        #expect(before.manual.isEmpty)
    }

    // MARK: The rule examples, through the Android inspector alone (until the whole project inspector is on main)

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RuleExamples")

    static func inspectExample(_ folder: URL) -> ProjectModel {
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [ProjectFile] = []
        while let relative = enumerator?.nextObject() as? String {
            let absolute = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let size = (try? FileManager.default.attributesOfItem(atPath: absolute)[.size] as? Int) ?? 0
            files.append(ProjectFile(path: relative, absolutePath: absolute, size: size, isVendored: false))
        }
        let android = AndroidInspector.inspect(files: files, root: root)
        return project(android.facts, modules: android.part?.modules ?? [])
    }

    /// Tests/Fixtures/android/graph/store: the same app with targetSdk 30; only an F-Droid badge in one README,
    /// a Play link too in the other. Play's target API rule is an error only for the app that goes to Play.
    @Test func fdroidOnlyAppGetsPlayTargetRuleAsAWarning() throws {
        let fixtures = Self.examples.deletingLastPathComponent().appendingPathComponent("Fixtures/android/graph/store")
        let fdroid = try Self.findings(Self.inspectExample(fixtures.appendingPathComponent("fdroid"))).findings
            .filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(fdroid.map(\.severity) == [.warning])
        #expect(fdroid.first?.message.hasPrefix("If uploaded to Google Play: targetSdk is 30") == true)
        // The condition is a typed field the check sets; the statement does not carry it.
        #expect(fdroid.first?.condition == .ifUploaded(.play))
        #expect(fdroid.first?.statement.hasPrefix("targetSdk is 30") == true)
        let play = try Self.findings(Self.inspectExample(fixtures.appendingPathComponent("play"))).findings
            .filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(play.map(\.severity) == [.error])
        #expect(play.first?.message.hasPrefix("targetSdk is 30") == true)
        #expect(play.first?.condition == nil)
    }

    @Test(arguments: ["platform-requirements.play-target-sdk", "platform-requirements.play-target-sdk-unknown"])
    func ruleExampleTriggersAndPasses(id: String) throws {
        let trigger = try Self.findings(Self.inspectExample(Self.examples.appendingPathComponent("\(id)/trigger")))
        #expect(trigger.findings.contains { $0.rule == id })
        let pass = try Self.findings(Self.inspectExample(Self.examples.appendingPathComponent("\(id)/pass")))
        #expect(!pass.findings.contains { $0.rule == id })
        #expect(pass.findings.filter { $0.rule.hasPrefix("platform-requirements.") }.isEmpty)
    }

    // MARK: Several app modules, each with its form factor

    /// An app module as the Android inspector puts it in the model part (the first of a list is the release module).
    static func module(_ name: String, release: Bool = false, target: Int? = nil, formFactor: String = "phone") -> AndroidShippedModule {
        var module = AndroidShippedModule(name: name, isRelease: release, location: SourceLocation(path: "\(name)/build.gradle.kts", line: 2),
                                          formFactor: AndroidResolved(formFactor, evidence: []), stores: AndroidResolved(["play"], evidence: []))
        module.targetSdk = target.map { AndroidResolved($0, evidence: [Evidence(location: SourceLocation(path: "\(name)/build.gradle.kts", line: 9), snippet: "targetSdk = \($0)")]) }
        return module
    }

    @Test func everyAppModuleIsJudgedWithItsOwnFormFactorsLevel() throws {
        // The release module's values as the facts hold them (the short names), the others' from the part.
        let facts = [Self.targetSdk(36), Fact(name: "android.form_factor", value: .string("phone"), source: .detected)]
        let modules = [Self.module("app", release: true, target: 36), Self.module("wear", target: 35, formFactor: "wear"),
                       Self.module("tv", target: 33, formFactor: "tv")]
        let hits = try Self.findings(Self.project(facts, modules: modules)).findings.filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(hits.map(\.location) == [SourceLocation(path: "tv/build.gradle.kts", line: 9)])
        #expect(hits.first?.message.contains("targetSdk is 33 (module tv)") == true)
        #expect(hits.first?.message.contains("tv apps to target API 34") == true)
        // Existing Android TV apps keep API 34 (Automotive 32, phones 35).
        #expect(hits.first?.help?.contains("at least API 34") == true)
    }

    @Test func existingAppLevelsDifferByFormFactor() throws {
        let table = try #require(try Self.checklists().first?.tables["play_existing_app_target"])
        let levels = try AndroidTargetAPILevels(table.value)
        #expect(levels.required(formFactor: "phone", on: "2026-11-30")?.api == 35)
        #expect(levels.required(formFactor: "wear", on: "2026-11-30")?.api == 34)
        #expect(levels.required(formFactor: "tv", on: "2026-11-30")?.api == 34)
        #expect(levels.required(formFactor: "xr", on: "2026-11-30")?.api == 34)
        #expect(levels.required(formFactor: "automotive", on: "2026-11-30")?.api == 32)
    }

    @Test func anotherModulesUnknownTargetIsItsOwnNoteAndStatingItSilencesIt() throws {
        var wear = Self.module("wear", formFactor: "wear")
        wear.targetSdkLookedAt = [Evidence(location: SourceLocation(path: "wear/build.gradle.kts", line: 7), snippet: "targetSdk = wearTarget()")]
        let modules = [Self.module("app", release: true, target: 36), wear]
        let hits = try Self.findings(Self.project([Self.targetSdk(36)], modules: modules)).findings.filter { $0.rule == "platform-requirements.play-target-sdk-unknown" }
        #expect(hits.map(\.location) == [SourceLocation(path: "wear/build.gradle.kts", line: 7)])
        #expect(hits.first?.message.contains("(module wear)") == true)
        let stated = Fact(name: "android.module.wear.target_sdk", value: .number(35), source: .stated)
        let silenced = try Self.findings(Self.project([Self.targetSdk(36), stated], modules: modules, manifestFile: "shipcheck.yml")).findings
        #expect(silenced.filter { $0.rule.hasPrefix("platform-requirements.") }.isEmpty)
    }

    // MARK: android-manifest

    static func manifestFindings(_ facts: [Fact], modules: [AndroidShippedModule]) throws -> [Finding] {
        let sources = BuiltinData.checklists.filter { $0.name == "android-manifest.yml" }
            .map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) }
        let engine = Engine(checklists: try ChecklistLoader(knownFacts: BuiltinFacts.declarations).load(sources))
        return engine.evaluate(EvaluationContext(project: project(facts, modules: modules), tables: engine.tables, today: "2026-11-30")).findings
    }

    @Test func exportedMissingCountsOnlyFromTargetSdk31() throws {
        var app = Self.module("app", release: true)
        app.exportedMissing = AndroidResolved(["<receiver .Boot>"], evidence: [
            Evidence(location: SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 12), snippet: "<receiver android:name=\".Boot\">"),
        ])
        let hits = try Self.manifestFindings([Self.targetSdk(31)], modules: [app])
        #expect(hits.map(\.rule) == ["android-manifest.exported-missing"])
        #expect(hits.first?.severity == .error)
        #expect(hits.first?.location == SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 12))
        #expect(hits.first?.message.contains("<receiver .Boot>") == true)
        #expect(try Self.manifestFindings([Self.targetSdk(30)], modules: [app]).isEmpty)
        // Unknown target: no promise of an install failure.
        #expect(try Self.manifestFindings([], modules: [app]).isEmpty)
    }

    @Test func debuggableIsAnErrorAndCleartextANotePerModule() throws {
        var tv = Self.module("tv", formFactor: "tv")
        tv.debuggable = [Evidence(location: SourceLocation(path: "tv/src/main/AndroidManifest.xml", line: 4), snippet: "")]
        var app = Self.module("app", release: true)
        app.cleartextTraffic = Evidence(location: SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 5), snippet: "")
        let hits = try Self.manifestFindings([], modules: [app, tv])
        let byRule = Dictionary(grouping: hits, by: \.rule)
        #expect(byRule["android-manifest.debuggable"]?.map(\.severity) == [.error])
        #expect(byRule["android-manifest.debuggable"]?.first?.message.contains("(module tv)") == true)
        #expect(byRule["android-manifest.cleartext-traffic"]?.map(\.severity) == [.info])
        #expect(byRule["android-manifest.cleartext-traffic"]?.first?.location.path == "app/src/main/AndroidManifest.xml")
    }

    // MARK: values that are a build tool's default

    static let atLeast = Fact(name: "android.target_sdk_at_least", value: .bool(true), source: .detected)

    @Test func aGateJudgedOnALowerBoundWarnsAndSaysAtLeast() throws {
        var app = Self.module("app", release: true, target: 31)
        app.targetSdkIsLowerBound = true
        app.targetSdkPinIsLowerBound = true
        app.exportedMissing = AndroidResolved(["<receiver .Boot>"], evidence: [
            Evidence(location: SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 12), snippet: "<receiver android:name=\".Boot\">"),
        ])
        let hits = try Self.manifestFindings([Self.targetSdk(31), Self.atLeast], modules: [app])
        #expect(hits.map(\.rule) == ["android-manifest.exported-missing"])
        #expect(hits.first?.severity == .warning)
        #expect(hits.first?.message.contains("the app targets API at least 31") == true)
        // An exact pin's release ships: "at least 31" past the gate is evidence, and the error stands.
        app.targetSdkPinIsLowerBound = false
        let pinned = try Self.manifestFindings([Self.targetSdk(31), Self.atLeast], modules: [app])
        #expect(pinned.first?.severity == .error)
        #expect(pinned.first?.message.contains("the app targets API at least 31") == true)
        // The same module with a value read from the build stays an error, without "at least".
        app.targetSdkIsLowerBound = false
        let read = try Self.manifestFindings([Self.targetSdk(31)], modules: [app])
        #expect(read.first?.severity == .error)
        #expect(read.first?.message.contains("the app targets API 31,") == true)
    }

    @Test func aLowerBoundBelowTheFloorIsTheUnknownNoteNotSilence() throws {
        var app = Self.module("app", release: true, target: 31)
        app.targetSdkIsLowerBound = true
        let hits = try Self.findings(Self.project([Self.targetSdk(31), Self.atLeast], modules: [app])).findings
        #expect(hits.filter { $0.rule == "platform-requirements.play-target-sdk" }.isEmpty)
        #expect(hits.filter { $0.rule == "platform-requirements.play-target-sdk-unknown" }.map(\.severity) == [.info])
        // At or above the floor a lower bound is decisive: nothing to say.
        app.targetSdk = AndroidResolved(36, evidence: [])
        let fine = try Self.findings(Self.project([Self.targetSdk(36), Self.atLeast], modules: [app])).findings
        #expect(fine.filter { $0.rule.hasPrefix("platform-requirements.play-target-sdk") }.isEmpty)
    }

    @Test func aDefaultedTargetSdkBelowTheFloorSaysWhoseDefaultItIs() throws {
        var app = Self.module("app", release: true, target: 35)
        app.targetSdkDefault = "AGP 9.1.0's default for an unset targetSdk, compileSdk"
        let hits = try Self.findings(Self.project([Self.targetSdk(35)], modules: [app])).findings.filter { $0.rule == "platform-requirements.play-target-sdk" }
        #expect(hits.map(\.severity) == [.error])
        #expect(hits.first?.message.contains("targetSdk is 35 (AGP 9.1.0's default for an unset targetSdk, compileSdk)") == true)
    }
}
