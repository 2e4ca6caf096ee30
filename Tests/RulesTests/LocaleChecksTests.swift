import Foundation
import Project
import StoreLocale
import Testing
@testable import Rules

/// The metadata-locales checklist, loaded from rules/ by the real loader and run by the engine over
/// hand-built metadata trees.
@Suite struct LocaleChecksTests {
    static let checklistFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "rules/metadata-locales.yml")

    func engine() throws -> Engine {
        let text = try String(contentsOf: Self.checklistFile, encoding: .utf8)
        let checklists = try ChecklistLoader().load([ChecklistSource(file: "metadata-locales.yml", text: text)])
        return Engine(checklists: checklists)
    }

    /// A tree its store receives (`consumer: nil` leaves a supply tree's reader unknown).
    func project(_ store: Store, tree path: String, folders: [String], special: Set<String> = [],
                 consumer: MetadataConsumer? = nil) -> ProjectModel {
        let tree = MetadataTree(store: store, path: path, name: "main", folders: folders.map {
            MetadataFolder(name: $0, location: SourceLocation(path: "\(path)/\($0)"), isSpecial: special.contains($0))
        }, consumer: consumer ?? MetadataConsumer(store: store, evidence: []))
        let facts = FactStore([Fact(name: "store.\(store.rawValue)", value: .bool(true), source: .stated)])
        return ProjectModel(root: "/tmp/p", facts: facts, metadata: [tree])
    }

    func findings(_ project: ProjectModel) throws -> [Finding] {
        try MetadataConsumerScope.apply(engine().evaluate(EvaluationContext(project: project, tables: engine().tables, today: "2026-11-30")), project: project)
    }

    @Test func playFolderNamesTheCodePlayExpects() throws {
        let found = try findings(project(.play, tree: "fastlane/metadata/android", folders: ["en-US", "fr", "pt", "tok"]))
        #expect(found.map(\.rule) == Array(repeating: "metadata-locales.play-folder", count: 3))
        #expect(found.map(\.location.path) == ["fastlane/metadata/android/fr", "fastlane/metadata/android/pt", "fastlane/metadata/android/tok"])
        #expect(found.map(\.severity) == [.error, .error, .error])
        #expect(found[0].message == "Folder \"fr\" in the Google Play metadata (main) is not a Play listing language: Google Play expects \"fr-FR\". fastlane supply does not check names, so the Play API rejects the upload.")
        #expect(found[1].message.contains("Google Play expects \"pt-PT\" or \"pt-BR\""))
        #expect(found[2].message.contains("Google Play has no code for Toki Pona (tok)"))
    }

    @Test func playFolderOfATreeNobodyUploadsIsAWarningIfUploaded() throws {
        let found = try findings(project(.play, tree: "fastlane/metadata/android", folders: ["en-US", "fr"], consumer: .unknown))
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.hasPrefix("If this folder is uploaded to Google Play: Folder \"fr\"") == true)
    }

    @Test func playFolderRuleDoesNotJudgeAnFDroidTree() throws {
        var project = project(.play, tree: "fastlane/metadata/android", folders: ["fr", "English"],
                              consumer: MetadataConsumer(store: .fdroid, evidence: []))
        project.facts.add(Fact(name: "store.fdroid", value: .bool(true), source: .stated))
        // "fr" would be a Play error; F-Droid reads the tree, and its own folder rule lives in metadata-fdroid.yml.
        #expect(try findings(project).isEmpty)
        #expect(try findings(self.project(.play, tree: "fastlane/metadata/android", folders: ["fr"])).count == 1)
    }

    @Test func appStoreLegacyIsAWarningAndSpecialFoldersPass() throws {
        let found = try findings(project(.appstore, tree: "fastlane/metadata",
                                         folders: ["default", "review_information", "en-US", "ja-JP", "ar"]))
        let byRule = Dictionary(grouping: found, by: \.rule)
        #expect(byRule["metadata-locales.appstore-folder"]?.map(\.location.path) == ["fastlane/metadata/ar"])
        #expect(byRule["metadata-locales.appstore-folder"]?.first?.message.contains("App Store expects \"ar-SA\"") == true)
        let legacy = try #require(byRule["metadata-locales.appstore-legacy-folder"])
        #expect(legacy.map(\.location.path) == ["fastlane/metadata/ja-JP"])
        #expect(legacy[0].severity == .warning)
        #expect(legacy[0].message == "Folder \"ja-JP\" in the App Store metadata (main) uses the old App Store code; App Store Connect now calls Japanese \"ja\".")
    }

    @Test func foldersDiscoveryMarkedSpecialAreSkipped() throws {
        let found = try findings(project(.appstore, tree: "fastlane/metadata", folders: ["ios-extra"], special: ["ios-extra"]))
        #expect(found.isEmpty)
    }

    @Test func rulesDoNotRunForAStoreTheProjectDoesNotShipTo() throws {
        var model = project(.play, tree: "fastlane/metadata/android", folders: ["fr"])
        model.facts = FactStore()
        #expect(try findings(model).isEmpty)
    }

    @Test func checkFunctionDirectly() throws {
        let subject = Subject(value: "nb-NO", location: SourceLocation(path: "m/nb-NO"), labels: ["store": "play", "tree": "main", "special": "false"])
        let valid = Subject(value: "no-NO", location: SourceLocation(path: "m/no-NO"), labels: ["store": "play", "tree": "main", "special": "false"])
        let engine = try engine()
        let rule = try #require(engine.checklists.first?.rules.first { $0.id == "metadata-locales.play-folder" })
        guard case .check(_, _, let options) = rule.kind else {
            Issue.record("play-folder is not a check rule")
            return
        }
        let context = EvaluationContext(project: ProjectModel(root: "/tmp/p"), tables: engine.tables, today: "2026-11-30")
        let results = LocaleChecks.localeFolder.run(CheckInvocation(rule: rule, options: options, subjects: [subject, valid], context: context))
        #expect(results.count == 1)
        #expect(results.first?.location.path == "m/nb-NO")
        #expect(results.first?.values["suggestions"] == "no-NO")
        #expect(results.first?.values["language"] == "Norwegian Bokmål (Norway)")
    }
}

@Suite struct LocaleChoiceTests {
    @Test func suggestionsReadAsAChoice() {
        #expect(LocaleChecks.choice(["fr-FR"]) == "\"fr-FR\"")
        #expect(LocaleChecks.choice(["pt-PT", "pt-BR"]) == "\"pt-PT\" or \"pt-BR\"")
        #expect(LocaleChecks.choice(["es-ES", "es-419", "es-US"]) == "one of \"es-ES\", \"es-419\", \"es-US\"")
    }
}
