import Foundation
import Project
import Testing
@testable import Rules
@testable import ShipcheckCore

/// What happens to findings after evaluation is one pipeline in a declared order, and the engine stays
/// generic: it does not grade findings by who reads a metadata tree; the pipeline's stage does.
@Suite("The pipeline after evaluation")
struct FindingPipelineTests {
    @Test func theStagesRunInTheDeclaredOrder() {
        #expect(FindingPipeline.order == [.inputProblems, .consumerScoping, .configuration, .suppressions, .pathRebase, .folderFiles, .baseline])
        #expect(Set(FindingPipeline.order) == Set(FindingPipeline.Stage.allCases))
    }

    /// A Play rule's finding in a supply tree nobody is known to upload: the engine reports it as the rule
    /// says; the consumer-scoping stage caps it at a warning with "If this folder is uploaded to Google Play:".
    @Test func theEngineLeavesConsumerScopingToThePipeline() throws {
        let tree = MetadataTree(store: .play, path: "fastlane/metadata/android", name: "android",
                                folders: [MetadataFolder(name: "fr", location: SourceLocation(path: "fastlane/metadata/android/fr"), isSpecial: false)],
                                consumer: MetadataConsumer(store: nil, evidence: []))
        let project = ProjectModel(root: "/p", facts: FactStore([Fact(name: "store.play", value: .bool(true), source: .stated)]), metadata: [tree])
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        let outcome = engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30"))
        let raw = try #require(outcome.findings.first { $0.rule == "metadata-locales.play-folder" })
        #expect(!raw.message.hasPrefix("If this folder is uploaded"))
        #expect(raw.condition == nil)
        let scoped = try #require(MetadataConsumerScope.apply(outcome, project: project).first { $0.rule == "metadata-locales.play-folder" })
        #expect(scoped.message.hasPrefix("If this folder is uploaded to Google Play: "))
        #expect(scoped.condition == .ifFolderUploaded(.play))
        #expect(scoped.statement == raw.statement)
        // Grading is not done twice: a finding already under a condition keeps it (PlayStoreScope never stacks).
        let rule = try #require(outcome.evaluated.first { $0.id == "metadata-locales.play-folder" })
        var fdroidOnly = ProjectModel(root: "/p", metadata: [tree])
        fdroidOnly.parts[AndroidPart.self].modules = [
            AndroidShippedModule(name: "app", isRelease: true, location: SourceLocation(path: "app/build.gradle"),
                                 formFactor: AndroidResolved("phone", evidence: []), stores: AndroidResolved(["fdroid"], evidence: [])),
        ]
        let twice = PlayStoreScope.apply([scoped], rule: rule, project: fdroidOnly)
        #expect(twice.map(\.message) == [scoped.message])
        #expect(twice.map(\.condition) == [.ifFolderUploaded(.play)])
        #expect(twice.map(\.severity) == [.info])
        #expect(scoped.severity <= .warning)
    }

    /// The folder-to-file map comes from the walked files: the folder's own first file by name, else the
    /// first sub-folder's (depth first), at most four levels down, hidden names skipped.
    @Test func aFolderFindingLandsOnItsFirstWalkedFile() {
        let files = ["fr/.DS_Store", "fr/title.txt", "fr/images/icon.png", "fr/changelogs/1.txt",
                     "de/images/phone/b.png", "de/images/a.png", "de/.hidden/z.txt",
                     "deep/a/b/c/d/e.txt", "only-hidden/.x", "file.txt"]
        let map = FolderFiles.map(folders: ["fr", "de", "deep", "only-hidden", "missing", "file.txt"], files: files)
        #expect(map == ["fr": "fr/title.txt", "de": "de/images/a.png"])
    }
}
