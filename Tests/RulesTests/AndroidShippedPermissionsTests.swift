import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// `given: android.permissions.*` selects what `android.permission.<NAME>` is drawn from: the merged release
/// manifests of the app modules that ship. A library's permission the app removes with `tools:node="remove"`, a
/// library module nothing depends on, and a sample app never ship, so no rule over the selector reports them.
struct AndroidShippedPermissionsTests {
    static let health = "play-permissions.health-connect"

    /// An app module `app` depending on the library `health` (and, with `sample`, a sample app and an unused
    /// library holding the same permission); `appManifest` is the app's own manifest body.
    static func run(appManifest: String, dependsOnLibrary: Bool = true, checklists: [Checklist]? = nil) throws -> Shipcheck.Run {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-shipped-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let gradle = { (plugin: String, id: String, dependencies: String) in
            """
            plugins {
                id("\(plugin)")
            }

            android {
                namespace = "\(id)"
                compileSdk = 36
                defaultConfig {
                    \(plugin == "com.android.application" ? "applicationId = \"\(id)\"" : "")
                    minSdk = 26
                    targetSdk = 36
                    versionCode = 1
                }
            }

            dependencies {
            \(dependencies)
            }
            """
        }
        let healthManifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                <uses-permission android:name="android.permission.health.READ_STEPS"/>
            </manifest>
            """
        let files: [String: String] = [
            "settings.gradle.kts": "include(\":app\")\ninclude(\":health\")\ninclude(\":unused\")\n",
            "app/build.gradle.kts": gradle("com.android.application", "com.example.steps", dependsOnLibrary ? "    implementation(project(\":health\"))" : ""),
            "app/src/main/AndroidManifest.xml": """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools">
                \(appManifest)
                    <uses-permission android:name="android.permission.INTERNET"/>
                </manifest>
                """,
            "health/build.gradle.kts": gradle("com.android.library", "com.example.health", ""),
            "health/src/main/AndroidManifest.xml": healthManifest,
            "unused/build.gradle.kts": gradle("com.android.library", "com.example.unused", ""),
            "unused/src/main/AndroidManifest.xml": healthManifest.replacingOccurrences(of: "READ_STEPS", with: "READ_SLEEP"),
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try Shipcheck.run(Shipcheck.Options(path: root, checklists: checklists ?? RuleExampleTests.loaded(), today: "2026-11-30"))
    }

    @Test func aHealthPermissionOnlyALibraryDeclaresAndTheAppRemovesGivesNoFinding() throws {
        let removed = try Self.run(appManifest: """
                <uses-permission android:name="android.permission.health.READ_STEPS" tools:node="remove"/>
            """)
        #expect(!removed.result.findings.contains { $0.rule == Self.health }, "\(removed.result.findings.filter { $0.rule == Self.health })")
        // The twin: kept, the library's permission ships and is reported at the library's line; the unused
        // library's READ_SLEEP is not merged and not reported.
        let kept = try Self.run(appManifest: "")
        let findings = kept.result.findings.filter { $0.rule == Self.health }
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.location.path == "health/src/main/AndroidManifest.xml" }, "\(findings.map(\.location))")
        #expect(!findings.contains { $0.message.contains("READ_SLEEP") })
    }

    @Test func aLibraryTheAppDoesNotDependOnShipsNothing() throws {
        let run = try Self.run(appManifest: "", dependsOnLibrary: false)
        #expect(!run.result.findings.contains { $0.rule == Self.health }, "\(run.result.findings.filter { $0.rule == Self.health })")
    }

    /// A team's rule over each module's permissions (`android.modules.*.permissions.*`, the Android inspector's
    /// selector): the same shipped permissions as `android.permissions.*`, each with its module.
    static let perModule = """
        checklist: team
        title: Team
        rules:
          - id: team.health-per-module
            title: Health Connect permissions per app module
            stores: [play]
            severity: warning
            severity_reason: "a team's own rule"
            given: android.modules.*.permissions.*
            check: pattern
            with: { must_not_match: "^android\\\\.permission\\\\.health\\\\." }
            message: "module {{module}} ships {{permission}} from {{file}}"
            help: Declare it in the Health apps form.
        """

    @Test func eachModulesShippedPermissionsCarryTheModule() throws {
        let team = try ChecklistLoader(knownFacts: BuiltinFacts.declarations).load([ChecklistSource(file: "team.yml", text: Self.perModule)])
        let kept = try Self.run(appManifest: "", checklists: team).result.findings.filter { $0.rule == "team.health-per-module" }
        #expect(kept.map(\.message) == ["module app ships android.permission.health.READ_STEPS from health/src/main/AndroidManifest.xml"])
        let removed = try Self.run(appManifest: """
                <uses-permission android:name="android.permission.health.READ_STEPS" tools:node="remove"/>
            """, checklists: team).result.findings
        #expect(!removed.contains { $0.rule == "team.health-per-module" }, "\(removed)")
    }
}
