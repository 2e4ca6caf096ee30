import Foundation
import Project
import ShipcheckCore
import Testing
@testable import Rules

/// The console tier on snapshots, with no server: Examples/TodoCloud judged against Tests/Fixtures/console.
@Suite("Console snapshot rules")
struct ConsoleSnapshotRuleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let example = packageRoot + "/Examples/TodoCloud"
    static let fixtures = packageRoot + "/Tests/Fixtures/console"

    /// The four manual items the App Store Connect console answers.
    static let consoleManualItems: Set<String> = [
        "app-review.confirm-age-rating", "demo-account.appstore-console-credentials",
        "privacy-policy.appstore-console-url", "platform-requirements.apple-xcode-26",
    ]

    static func run(snapshot: String? = nil, console: ConsoleOptions? = nil) throws -> Shipcheck.Run {
        var options = Shipcheck.Options(path: example, checklists: try RuleExampleTests.loaded(), today: "2026-11-30")
        if let console { options.console = console }
        if let snapshot { options.console.snapshotPath = fixtures + "/" + snapshot }
        return try Shipcheck.run(options)
    }

    @Test func withoutAConsoleTheFourItemsStayManual() throws {
        let run = try Self.run()
        #expect(Self.consoleManualItems.isSubset(of: Set(run.result.manual.map(\.rule))))
        #expect(!run.result.findings.contains { $0.checklist == "console" || $0.rule.contains("console-") || $0.rule == "app-review.age-rating-answered" })
        #expect(run.project.facts["console.appstore"] == nil)
    }

    @Test func aSnapshotWithProblemsReportsEachAtItsConsolePlace() throws {
        let run = try Self.run(snapshot: "problems.json")
        let findings = run.result.findings
        func find(_ rule: String) -> [Finding] { findings.filter { $0.rule == rule } }

        let age = try #require(find("app-review.age-rating-answered").first)
        #expect(age.severity == .error)
        #expect(age.location.path == "App Store Connect › App Information › Age Rating")
        #expect(age.message.contains("messagingAndChat, userGeneratedContent"))

        let privacy = find("privacy-policy.appstore-console-url-set")
        #expect(privacy.map(\.location.path) == ["App Store Connect › fr-FR › privacyPolicyUrl"])
        #expect(privacy.first?.message.contains("is empty") == true)

        let demo = try #require(find("demo-account.appstore-console-demo-account").first)
        #expect(demo.message.contains("no demo account password"))

        let listing = find("console.listing-length")
        #expect(listing.map(\.location.path) == ["App Store Connect › fr-FR › description"])
        #expect(listing.first?.severity == .error)

        let code = try #require(find("console.play-version-code-used").first)
        #expect(code.severity == .error)
        #expect(code.location.path.hasSuffix("android/app/build.gradle.kts"))
        #expect(code.message.contains("versionCode 42"))

        #expect(find("platform-requirements.apple-console-build").first?.message.contains("INVALID") == true)
        // Answered by the snapshot: the three items are checks now; the Xcode item stays (the build is not VALID).
        let manual = Set(run.result.manual.map(\.rule))
        #expect(manual.isDisjoint(with: ["app-review.confirm-age-rating", "demo-account.appstore-console-credentials", "privacy-policy.appstore-console-url"]))
        #expect(manual.contains("platform-requirements.apple-xcode-26"))
    }

    @Test func aCleanSnapshotLeavesNoConsoleFindingAndNoneOfTheFourItems() throws {
        let run = try Self.run(snapshot: "clean.json")
        let consoleRules: Set<String> = ["app-review.age-rating-answered", "privacy-policy.appstore-console-url-set",
                                         "demo-account.appstore-console-demo-account", "platform-requirements.apple-console-build",
                                         "console.listing-length", "console.play-version-code-used"]
        #expect(!run.result.findings.contains { consoleRules.contains($0.rule) })
        #expect(Set(run.result.manual.map(\.rule)).isDisjoint(with: Self.consoleManualItems))
        #expect(run.project.facts["console.appstore.build_valid"]?.value == .bool(true))
    }

    @Test func consoleAskedWithoutCredentialsKeepsTheItemsManualWithTheReason() throws {
        let run = try Self.run(console: ConsoleOptions(stores: [.appstore, .play], environment: [:]))
        let item = try #require(run.result.manual.first { $0.rule == "app-review.confirm-age-rating" })
        #expect(item.help?.contains("App Store Connect was not read: no App Store Connect API key in the environment") == true)
        #expect(item.title.contains("(not checked: App Store Connect was not read: no App Store Connect API key"))
        #expect(run.notes.contains { $0.hasPrefix("App Store Connect was not read") })
        #expect(run.notes.contains { $0.hasPrefix("Google Play Console was not read") })
        #expect(run.project.facts["console.appstore_unread"] != nil)
        // The exit code is the findings' business: no console finding was made up.
        #expect(!run.result.findings.contains { $0.checklist == "console" })
    }

    @Test func aListingTheRepositoryHoldsIsANoteThatDeliverWillReplaceIt() throws {
        var project = ProjectModel(root: "/p")
        let location = SourceLocation(path: "fastlane/metadata/fr-FR/description.txt")
        project.metadata = [MetadataTree(store: .appstore, path: "fastlane/metadata", name: "main", locales: [
            MetadataLocale(code: "fr-FR", location: SourceLocation(path: "fastlane/metadata/fr-FR"),
                           fields: ["description": MetadataValue(text: "Court.", raw: "Court.", location: location)]),
        ])]
        let long = String(repeating: "é", count: 4001)
        project.console = ConsolePart(snapshot: ConsoleSnapshot(appStoreConnect: AppStoreConnectSnapshot(
            app: .init(id: "1", bundleId: "b"),
            version: .init(id: "v", localizations: [.init(locale: "fr-FR", description: long), .init(locale: "de-DE", description: long)]))),
            origin: "test")
        for fact in ConsoleFacts.facts(for: project.console) { project.facts.add(fact) }
        project.facts.add(Fact(name: "store.appstore", value: .bool(true), source: .stated))
        let checklists = try RuleExampleTests.loaded()
        let engine = Engine(checklists: checklists)
        let outcome = engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30"),
                                      configuration: RuleConfiguration(only: ["console.listing-length"]))
        let byPlace = Dictionary(outcome.findings.map { ($0.location.path, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byPlace["App Store Connect › fr-FR › description"]?.severity == .info)
        #expect(byPlace["App Store Connect › fr-FR › description"]?.message.contains("deliver run will replace it") == true)
        #expect(byPlace["App Store Connect › de-DE › description"]?.severity == .error)
    }
}
