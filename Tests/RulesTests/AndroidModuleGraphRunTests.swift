import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// The module-graph fixtures (Tests/Fixtures/android/graph) through the front door: a restricted permission in
/// a library module or a second app is a finding at its file, naming the app; a widened graph is a run note.
struct AndroidModuleGraphRunTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/android/graph").path

    static func run(_ path: String) throws -> Shipcheck.Run {
        try Shipcheck.run(Shipcheck.Options(path: "\(fixtures)/\(path)", checklists: RuleExampleTests.loaded(), today: "2026-11-30"))
    }

    @Test func widenedGraphIsANoteAndTheLibraryPermissionAFinding() throws {
        let run = try Self.run("discovered/trigger")
        #expect(run.notes.contains("Android app module app: 2 modules: dependency graph not resolved, all library manifests merged"))
        let install = run.result.findings.filter { $0.rule == "play-permissions.request-install-packages" }
        #expect(install.map(\.location.path) == ["modules/updater/src/main/AndroidManifest.xml"])
        let pass = try Self.run("discovered/pass")
        #expect(!pass.result.findings.contains { $0.rule == "play-permissions.request-install-packages" })
    }

    @Test func theSecondAppsPermissionIsFoundAndNamed() throws {
        let sms = try Self.run("two-apps/trigger").result.findings.filter { $0.rule == "play-permissions.sms-call-log" }
        #expect(sms.map(\.location.path) == ["authenticator/src/main/AndroidManifest.xml"])
        #expect(sms.first?.evidence?.contains("(app authenticator, com.example.authenticator)") == true)
        #expect(!(try Self.run("two-apps/pass").result.findings.contains { $0.rule == "play-permissions.sms-call-log" }))
    }

    @Test func aPluginMadeFlavoursPermissionIsFound() throws {
        let sms = try Self.run("convention/trigger").result.findings.filter { $0.rule == "play-permissions.sms-call-log" }
        #expect(sms.map(\.location.path) == ["app/src/full/AndroidManifest.xml"])
    }
}
