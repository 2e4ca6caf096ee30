import Project
import Testing
@testable import Rules

/// The Play Billing Library ladder against the date of the run.
@Suite struct PlayPublishingTests {
    func findings(_ version: String, today: String) throws -> [Finding] {
        var project = ProjectModel(root: "/p")
        project.dependencies = [Dependency(name: "com.android.billingclient:billing", version: version,
                                           location: SourceLocation(path: "gradle/libs.versions.toml", line: 12), ecosystem: .gradle)]
        project.facts.add(Fact(name: "store.play", value: .bool(true), source: .detected))
        let engine = Engine(checklists: try AppleRuleSupport.checklists())
        let context = EvaluationContext(project: project, tables: engine.tables, today: today)
        return engine.evaluate(context).findings.filter { $0.rule == "play-publishing.billing-library-version" }
    }

    @Test func pastTheExtensionIsAnError() throws {
        let found = try findings("7.1.1", today: "2026-12-01")
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("until 2026-08-31") == true)
        #expect(found.first?.location == SourceLocation(path: "gradle/libs.versions.toml", line: 12))
    }

    @Test func insideTheExtensionWindowIsAWarning() throws {
        #expect(try findings("7.0.0", today: "2026-09-15").map(\.severity) == [.warning])
    }

    @Test(arguments: [("8.0.0", "2026-12-01"), ("9.0.0", "2026-12-01"), ("7.1.1", "2026-08-31")])
    func supportedVersionsPass(version: String, today: String) throws {
        #expect(try findings(version, today: today).isEmpty)
    }

    /// refreshVersions' `billing:_` and a variable: the gate could not run, a note naming it.
    @Test(arguments: ["_", "$billing"])
    func unreadableVersionIsANoteNamingTheGate(version: String) throws {
        let found = try findings(version, today: "2026-12-01")
        #expect(found.map(\.severity) == [.info])
        #expect(found.first?.message.contains("(play-publishing.billing-library-version) could not run") == true)
        #expect(version != "_" || found.first?.message.contains("refreshVersions") == true)
    }
}
