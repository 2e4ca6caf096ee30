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

        // The live fr-FR description, which the repository does not hold, is judged by the repository's own rule.
        let listing = find("metadata.appstore-description-length")
        #expect(listing.map(\.location.path) == ["App Store Connect › fr-FR › description"])
        #expect(listing.first?.severity == .error)
        #expect(listing.first?.condition == nil)

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
                                         "console.play-version-code-used"]
        #expect(!run.result.findings.contains { consoleRules.contains($0.rule) })
        #expect(!run.result.findings.contains { ConsoleLocation.isConsolePlace($0.location.path) })
        #expect(Set(run.result.manual.map(\.rule)).isDisjoint(with: Self.consoleManualItems))
        #expect(run.project.facts["console.appstore.build_valid"]?.value == .bool(true))
        #expect(run.project.facts["console.appstore.build_uploaded"]?.value == .string("2026-05-02"))
    }

    /// clean.json with the attached build's `uploadedDate` replaced (nil: the attribute left out), judged as a snapshot.
    static func run(buildUploaded uploaded: String?) throws -> Shipcheck.Run {
        let clean = try String(contentsOfFile: fixtures + "/clean.json", encoding: .utf8)
        let line = "\"uploadedDate\": \"2026-05-02T10:11:12-07:00\",\n"
        #expect(clean.contains(line))
        let text = clean.replacingOccurrences(of: line, with: uploaded.map { "\"uploadedDate\": \"\($0)\",\n" } ?? "")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-console-build-\(UUID().uuidString).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var options = Shipcheck.Options(path: example, checklists: try RuleExampleTests.loaded(), today: "2026-11-30")
        options.console.snapshotPath = file.path
        return try Shipcheck.run(options)
    }

    @Test func aValidBuildUploadedBeforeTheXcode26RequirementKeepsTheItemManual() throws {
        let old = try Self.run(buildUploaded: "2026-03-01T09:30:00-08:00")
        #expect(old.project.facts["console.appstore.build_valid"]?.value == .bool(true))
        #expect(old.project.facts["console.appstore.build_uploaded"]?.value == .string("2026-03-01"))
        let item = try #require(old.result.manual.first { $0.rule == "platform-requirements.apple-xcode-26" })
        #expect(item.help?.contains("predates the requirement") == true)
        // No build error: the build is VALID; only the SDK question stays open.
        #expect(!old.result.findings.contains { $0.rule == "platform-requirements.apple-console-build" })

        // The day the requirement began answers it; a snapshot without the date (an older one) does not.
        let onTheDay = try Self.run(buildUploaded: "2026-04-28T00:05:00-07:00")
        #expect(!onTheDay.result.manual.contains { $0.rule == "platform-requirements.apple-xcode-26" })
        let undated = try Self.run(buildUploaded: nil)
        #expect(undated.project.facts["console.appstore.build_uploaded"] == nil)
        #expect(undated.result.manual.contains { $0.rule == "platform-requirements.apple-xcode-26" })
        let garbled = try Self.run(buildUploaded: "2026-05-02junk")
        #expect(garbled.project.facts["console.appstore.build_uploaded"] == nil)
        #expect(garbled.result.manual.contains { $0.rule == "platform-requirements.apple-xcode-26" })
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

    /// A project with an App Store tree holding `fields` for fr-FR (and a Play tree when `play` is given), and the
    /// console snapshot `snapshot`, evaluated with `only` and graded as the front door grades.
    static func judged(_ snapshot: ConsoleSnapshot, appstore fields: [String: String] = [:], play: [String: String] = [:],
                       playConsumer: MetadataConsumer? = nil, only: Set<String>) throws -> [Finding] {
        var project = ProjectModel(root: "/p")
        func values(_ folder: String, _ fields: [String: String]) -> [String: MetadataValue] {
            fields.mapValues { MetadataValue(text: $0, raw: $0, location: SourceLocation(path: "\(folder)/x.txt")) }
                .reduce(into: [:]) { result, pair in
                    result[pair.key] = MetadataValue(text: pair.value.text, raw: pair.value.raw, location: SourceLocation(path: "\(folder)/\(pair.key).txt"))
                }
        }
        project.metadata = [MetadataTree(store: .appstore, path: "fastlane/metadata", name: "main", locales: [
            MetadataLocale(code: "fr-FR", location: SourceLocation(path: "fastlane/metadata/fr-FR"), fields: values("fastlane/metadata/fr-FR", fields)),
        ])]
        if !play.isEmpty {
            var changelogs: [String: MetadataValue] = [:]
            if let note = play["changelogs"] {
                changelogs["default"] = MetadataValue(text: note, raw: note, location: SourceLocation(path: "fastlane/metadata/android/en-US/changelogs/default.txt"))
            }
            project.metadata.append(MetadataTree(store: .play, path: "fastlane/metadata/android", name: "android", locales: [
                MetadataLocale(code: "en-US", location: SourceLocation(path: "fastlane/metadata/android/en-US"),
                               fields: values("fastlane/metadata/android/en-US", play.filter { $0.key != "changelogs" }), changelogs: changelogs),
            ], consumer: playConsumer ?? MetadataConsumer(store: .play, evidence: [])))
        }
        project.console = ConsolePart(snapshot: snapshot, origin: "test")
        for fact in ConsoleFacts.facts(for: project.console) { project.facts.add(fact) }
        project.facts.add(Fact(name: "store.appstore", value: .bool(true), source: .stated))
        project.facts.add(Fact(name: "store.play", value: .bool(true), source: .stated))
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        let outcome = engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30"),
                                      configuration: RuleConfiguration(only: only))
        return MetadataConsumerScope.apply(outcome, project: project)
    }

    static func appStore(_ localizations: [AppStoreConnectSnapshot.VersionLocalization], info: [AppStoreConnectSnapshot.AppInfoLocalization] = [],
                         name: String? = nil) -> ConsoleSnapshot {
        ConsoleSnapshot(appStoreConnect: AppStoreConnectSnapshot(
            app: .init(id: "1", bundleId: "b", name: name), appInfo: .init(id: "i", localizations: info),
            version: .init(id: "v", localizations: localizations)))
    }

    @Test func aListingTheRepositoryHoldsIsANoteThatDeliverWillReplaceIt() throws {
        let long = String(repeating: "é", count: 4001)
        let findings = try Self.judged(Self.appStore([.init(locale: "fr-FR", description: long), .init(locale: "de-DE", description: long)]),
                                       appstore: ["description": "Court."], only: ["metadata.appstore-description-length"])
        let byPlace = Dictionary(findings.map { ($0.location.path, $0) }, uniquingKeysWith: { a, _ in a })
        let held = try #require(byPlace["App Store Connect › fr-FR › description"])
        #expect(held.severity == .info)
        #expect(held.condition == .replacedAtNextUpload(uploader: "deliver", file: "fastlane/metadata/fr-FR/description.txt"))
        #expect(held.message.hasPrefix("Live in the console until the next deliver run replaces it with fastlane/metadata/fr-FR/description.txt: "))
        // Not held: what ships, with the rule's own grade and words.
        let shipped = try #require(byPlace["App Store Connect › de-DE › description"])
        #expect(shipped.severity == .error)
        #expect(shipped.message.hasPrefix("Description for de-DE is 4001 characters"))
        #expect(findings.count == 2)
    }

    /// The same words, pattern and keyword rules as the files: a placeholder in a live description, the Apple logo
    /// in a live subtitle, keywords that repeat the live app name, a mention of Android on Play's listing excepted.
    @Test func liveTextsGoThroughTheMetadataWordPatternAndKeywordRules() throws {
        let snapshot = Self.appStore([.init(locale: "fr-FR", description: "Lorem ipsum dolor.", keywords: "listes, Todo, taches")],
                                     info: [.init(locale: "fr-FR", name: "Todo Plus", subtitle: "Pour \u{F8FF} Watch")])
        let findings = try Self.judged(snapshot, only: ["metadata.appstore-placeholder-text", "metadata.appstore-apple-logo",
                                                         "metadata.keywords-app-name", "metadata.keywords-spaces"])
        let places = Set(findings.map { "\($0.rule) \($0.location.path) \($0.severity.rawValue)" })
        #expect(places == ["metadata.appstore-placeholder-text App Store Connect › fr-FR › description warning",
                           "metadata.appstore-apple-logo App Store Connect › fr-FR › subtitle warning",
                           "metadata.keywords-app-name App Store Connect › fr-FR › keywords info",
                           "metadata.keywords-spaces App Store Connect › fr-FR › keywords info"])
        #expect(findings.first { $0.rule == "metadata.keywords-app-name" }?.message.contains("Todo Plus") == true)
        #expect(findings.allSatisfy { $0.condition == nil })
    }

    /// A live text equal to the repository's is not judged twice: the file is where it is fixed.
    @Test func aLiveTextEqualToTheRepositorysIsLeftToTheFile() throws {
        let findings = try Self.judged(Self.appStore([.init(locale: "fr-FR", description: "Lorem ipsum.\n")]),
                                       appstore: ["description": "Lorem ipsum."], only: ["metadata.appstore-placeholder-text"])
        #expect(findings.map(\.location.path) == ["fastlane/metadata/fr-FR/description.txt"])
    }

    /// Play: the live listing and a release's notes, by the Play rules; a tree only F-Droid reads holds nothing for Play.
    @Test func playListingsAndReleaseNotesAreJudgedByThePlayRules() throws {
        let snapshot = ConsoleSnapshot(googlePlay: GooglePlaySnapshot(
            packageName: "p", listings: [.init(language: "en-US", title: "Notes for iPhone", shortDescription: String(repeating: "s", count: 81))],
            tracks: [.init(track: "production", releases: [.init(status: "completed", versionCodes: ["41"],
                                                                 releaseNotes: [.init(language: "en-US", text: String(repeating: "n", count: 501))])])]))
        let only: Set<String> = ["metadata.play-other-platforms", "metadata.play-short-description-length", "metadata.play-changelog-length"]
        let unheld = try Self.judged(snapshot, only: only)
        #expect(Set(unheld.map { "\($0.rule) \($0.location.path) \($0.severity.rawValue)" }) == [
            "metadata.play-other-platforms Google Play Console › en-US › title warning",
            "metadata.play-short-description-length Google Play Console › en-US › shortDescription warning",
            "metadata.play-changelog-length Google Play Console › production › en-US › releaseNotes error",
        ])
        let note = try #require(unheld.first { $0.rule == "metadata.play-changelog-length" })
        #expect(note.message.contains("of the production release (versionCode 41) for en-US (live in Google Play Console)"))

        let held = try Self.judged(snapshot, play: ["title": "Notes", "short_description": "Short", "changelogs": "Fixes."], only: only)
        #expect(held.count == 3)
        #expect(held.allSatisfy { $0.severity == .info })
        #expect(held.contains { $0.condition == .replacedAtNextUpload(uploader: "supply", file: "fastlane/metadata/android/en-US/title.txt") })

        let fdroidOnly = MetadataConsumer(store: .fdroid, evidence: [])
        let notPlays = try Self.judged(snapshot, play: ["title": "Notes"], playConsumer: fdroidOnly, only: ["metadata.play-other-platforms"])
        #expect(notPlays.map(\.severity) == [.warning])
    }

    /// Play's graphics in the default language: a missing type keeps the rule's grade; one the repository's images
    /// folder holds for that language is a note (supply uploads it); enough screenshots, nothing.
    @Test func playGraphicsAreCountedInTheDefaultLanguage() throws {
        var project = ProjectModel(root: "/p")
        let graphic = MetadataImage(type: "featureGraphic", location: SourceLocation(path: "fastlane/metadata/android/en-US/images/featureGraphic.png"),
                                    width: 1024, height: 500)
        project.metadata = [MetadataTree(store: .play, path: "fastlane/metadata/android", name: "android", locales: [
            MetadataLocale(code: "en-US", location: SourceLocation(path: "fastlane/metadata/android/en-US"), images: [graphic]),
        ], consumer: MetadataConsumer(store: .play, evidence: []))]
        project.console = ConsolePart(snapshot: ConsoleSnapshot(googlePlay: GooglePlaySnapshot(
            packageName: "p", defaultLanguage: "en-US",
            images: ["icon": 0, "featureGraphic": 0, "phoneScreenshots": 1, "sevenInchScreenshots": 0, "tenInchScreenshots": 1]
        )), origin: "test")
        for fact in ConsoleFacts.facts(for: project.console) { project.facts.add(fact) }
        project.facts.add(Fact(name: "store.play", value: .bool(true), source: .stated))
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        let outcome = engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30"),
                                      configuration: RuleConfiguration(only: ["console.play-listing-graphics"]))
        let byPlace = Dictionary(outcome.findings.map { ($0.location.path, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byPlace.count == 2)
        #expect(byPlace["Google Play Console › en-US › icon"]?.severity == .warning)
        let held = try #require(byPlace["Google Play Console › en-US › featureGraphic"])
        #expect(held.severity == .info)
        #expect(held.condition == .replacedAtNextUpload(uploader: "supply", file: "fastlane/metadata/android/en-US/images/featureGraphic.png"))
        // Not read (an older snapshot, or a key that may not list images): nothing is said.
        project.console.snapshot?.googlePlay?.images = nil
        let unread = engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30"),
                                     configuration: RuleConfiguration(only: ["console.play-listing-graphics"]))
        #expect(unread.findings.isEmpty)
    }
}
