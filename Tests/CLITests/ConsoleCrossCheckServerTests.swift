import Foundation
import Testing
import TestSupport

/// The console cross-checks against the fake servers (Tests/Fixtures/console/fake_console.py): the version in
/// flight against an --archive, the release notes of the versionCode that ships, the in-app purchases' states;
/// and the issue's "done when" scenario through the command line, on the snapshots in Tests/Fixtures/console.
@Suite("Console cross-checks against a fake server", .serialized)
struct ConsoleCrossCheckServerTests {
    @Test func theVersionInFlightIsHeldAgainstTheArchive() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "ok", keys: keys) else { return }
        defer { server.stop() }
        // ios-pass.ipa: com.example.app, CFBundleShortVersionString 1.0; the fake's version in flight is 2.4.0.
        // No --console-bundle-id: the archive's app is the one App Store Connect is asked about.
        let output = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console", "--console-store", "appstore",
                                               "--archive", "Tests/Fixtures/archive/ios-pass.ipa", "--format", "json", "--date", "2026-11-30"],
                                              environment: ConsoleServerTests.environment(server, keys: keys))
        let report = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]) ?? [:]
        let findings = (report["findings"] as? [[String: Any]]) ?? []
        let version = try #require(findings.first { $0["rule"] as? String == "console.appstore-archive-version" }, "\(output.stderr.suffix(300))")
        #expect(version["severity"] as? String == "warning")
        #expect((version["message"] as? String)?.contains("version string is 2.4.0 but ios-pass.ipa has CFBundleShortVersionString 1.0") == true,
                "\(version["message"] ?? "")")
        let apps = try ConsoleServerTests.log(server).compactMap { $0["path"] as? String }.filter { $0.hasPrefix("/v1/apps?") }
        #expect(apps.allSatisfy { $0.contains("filter%5BbundleId%5D=com.example.app") || $0.contains("filter[bundleId]=com.example.app") },
                "the archive's bundle id is the one asked for: \(apps)")
    }

    @Test func theReleaseNotesOfTheVersionCodeThatShipsAreHeldAgainstItsChangelog() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "ok", keys: keys) else { return }
        defer { server.stop() }
        // TodoCloud ships versionCode 42 with changelogs/42.txt; the fake's production release of 42 says "Fixes.".
        let (_, report) = try ConsoleServerTests.check(server, keys: keys, ["--console-store", "play"])
        let findings = (report["findings"] as? [[String: Any]]) ?? []
        let notes = try #require(findings.first { $0["rule"] as? String == "console.play-release-notes" })
        #expect(notes["severity"] as? String == "info")
        #expect((notes["message"] as? String)?.contains("production release of versionCode 42: the release notes for en-US differ from") == true)
    }

    @Test func inAppPurchasesAreReadAndJudgedForAnAppThatUsesStoreKit() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "ok", keys: keys) else { return }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-console-iap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = folder.appendingPathComponent("snapshot.json").path
        let fetch = try ShipcheckProcess.run(["console", "fetch", "Examples/TodoCloud", "--console-store", "appstore",
                                              "--console-bundle-id", "com.example.todocloud", "--out", snapshot],
                                             environment: ConsoleServerTests.environment(server, keys: keys))
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let written = (try? String(contentsOfFile: snapshot, encoding: .utf8)) ?? ""
        #expect(written.contains("\"MISSING_METADATA\""))
        // The attached build's SDK, from the app bundle (not the App Clip's) of GET /v1/builds/{id}?include=buildBundles.
        #expect(written.contains("\"sdkBuild\" : \"23A339\""))
        // Its upload date, kept as App Store Connect wrote it (the Xcode 26 item compares its day with the rule's date).
        #expect(written.contains("\"uploadedDate\" : \"2026-05-02T10:11:12-07:00\""))
        #expect(written.contains("com.example.todocloud.monthly"))
        // A project that sells through StoreKit, judged against that snapshot.
        let project = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try "stores: [appstore]\nfacts: { iap.storekit: true }\n".write(to: project.appendingPathComponent("shipcheck.yml"), atomically: true, encoding: .utf8)
        let check = try ShipcheckProcess.run(["check", project.path, "--console-snapshot", snapshot, "--format", "json", "--date", "2026-11-30"])
        let report = (try? JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any]) ?? [:]
        let places = ((report["findings"] as? [[String: Any]]) ?? []).filter { $0["rule"] as? String == "console.appstore-purchase-state" }
            .compactMap { $0["path"] as? String }
        #expect(places.sorted() == ["App Store Connect › In-App Purchases › com.example.todocloud.pro",
                                    "App Store Connect › Subscriptions › com.example.todocloud.monthly"], "\(check.stderr.suffix(300))")
    }

    @Test func aRefusedBuildAttachedToTheVersionIsAnErrorAndTheXcodeItemStaysManual() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "asc_invalid_build", keys: keys) else { return }
        defer { server.stop() }
        let (_, report) = try ConsoleServerTests.check(server, keys: keys, ["--console-store", "appstore"])
        let findings = (report["findings"] as? [[String: Any]]) ?? []
        let build = try #require(findings.first { $0["rule"] as? String == "platform-requirements.apple-console-build" })
        #expect(build["severity"] as? String == "error")
        #expect((build["message"] as? String)?.contains("The build 241 attached to version 2.4.0") == true)
        #expect(ConsoleServerTests.rules(report, "manual").contains("platform-requirements.apple-xcode-26"), "an INVALID build proves no SDK")
    }

    @Test func aValidBuildUploadedBeforeTheXcode26RequirementKeepsTheItemManual() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "asc_old_build", keys: keys) else { return }
        defer { server.stop() }
        let (_, report) = try ConsoleServerTests.check(server, keys: keys, ["--console-store", "appstore"])
        // VALID, so no build error; uploaded 2026-03-01, before the SDK requirement: it proves nothing about the SDK.
        #expect(!ConsoleServerTests.rules(report, "findings").contains("platform-requirements.apple-console-build"))
        #expect(ConsoleServerTests.rules(report, "manual").contains("platform-requirements.apple-xcode-26"), "a build from before 2026-04-28 proves no SDK")
    }

    /// The issue's scenario: an unanswered age-rating question, an empty privacy URL in one locale and a required
    /// demo account without a password are each reported by `check --console-snapshot`; a clean snapshot removes
    /// the four manual items the console answers.
    @Test func theFourManualItemsBecomeChecksOnASnapshot() throws {
        let four = ["app-review.confirm-age-rating", "demo-account.appstore-console-credentials",
                    "privacy-policy.appstore-console-url", "platform-requirements.apple-xcode-26"]
        func run(_ snapshot: String?) throws -> [String: Any] {
            let extra = snapshot.map { ["--console-snapshot", "Tests/Fixtures/console/\($0)"] } ?? []
            let output = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json", "--date", "2026-11-30"] + extra)
            return (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]) ?? [:]
        }
        let plain = try run(nil)
        #expect(Set(four).isSubset(of: Set(ConsoleServerTests.rules(plain, "manual"))), "without a console the four items are manual")

        let problems = try run("problems.json")
        let findings = (problems["findings"] as? [[String: Any]]) ?? []
        func messages(_ rule: String) -> [String] { findings.filter { $0["rule"] as? String == rule }.compactMap { $0["message"] as? String } }
        #expect(messages("app-review.age-rating-answered").contains { $0.contains("messagingAndChat") })
        #expect(messages("privacy-policy.appstore-console-url-set").count == 1)
        #expect(messages("privacy-policy.appstore-console-url-set").first?.contains("fr-FR") == true)
        #expect(messages("demo-account.appstore-console-demo-account").contains { $0.contains("no demo account password") })

        let clean = try run("clean.json")
        #expect(Set(four).isDisjoint(with: Set(ConsoleServerTests.rules(clean, "manual"))), "a clean snapshot answers the four items")
        let consoleRules = ["app-review.age-rating-answered", "privacy-policy.appstore-console-url-set", "demo-account.appstore-console-demo-account",
                            "platform-requirements.apple-console-build"]
        #expect(Set(consoleRules).isDisjoint(with: Set(ConsoleServerTests.rules(clean, "findings"))))
    }
}
