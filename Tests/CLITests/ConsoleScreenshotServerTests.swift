import Foundation
import Testing
import TestSupport

/// The screenshot sets of the version in flight, read per localization from the fake App Store Connect
/// (Tests/Fixtures/console/fake_console.py: en-US, the primary language, holds a 6.9-inch iPhone set of two
/// processed screenshots, or a 5.5-inch one in mode asc_screenshots_missing, and a 13-inch iPad set whose only
/// screenshot FAILED; fr-FR holds none).
@Suite("Console screenshot sets against a fake server", .serialized)
struct ConsoleScreenshotServerTests {
    static func findings(_ report: [String: Any], _ rule: String) -> [[String: Any]] {
        ((report["findings"] as? [[String: Any]]) ?? []).filter { $0["rule"] as? String == rule }
    }

    @Test func theSetsAreReadOneRequestPerLocalizationAndAFailedScreenshotIsReported() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "ok", keys: keys) else { return }
        defer { server.stop() }
        let (output, report) = try ConsoleServerTests.check(server, keys: keys, ["--console-store", "appstore"])
        let failed = Self.findings(report, "console.appstore-screenshot-failed")
        #expect(failed.compactMap { $0["path"] as? String } == ["App Store Connect › en-US › screenshots › 13-inch iPad › 01_ipad.png"],
                "\(output.stderr.suffix(300))")
        #expect(failed.first?["severity"] as? String == "warning")
        // en-US (the primary language) has its 6.9-inch set; fr-FR has none and falls back to it.
        #expect(Self.findings(report, "console.appstore-iphone-screenshots").isEmpty)
        let requests = try ConsoleServerTests.log(server).compactMap { $0["path"] as? String }.filter { $0.contains("/appScreenshotSets") }
        #expect(requests.count == 2, "one request per localization: \(requests)")
        #expect(requests.allSatisfy { $0.contains("include=appScreenshots") }, "\(requests)")
    }

    @Test func aPrimaryLanguageWithoutTheIPhoneSetIsAnError() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "asc_screenshots_missing", keys: keys) else { return }
        defer { server.stop() }
        let (output, report) = try ConsoleServerTests.check(server, keys: keys, ["--console-store", "appstore"])
        let missing = Self.findings(report, "console.appstore-iphone-screenshots")
        #expect(missing.compactMap { $0["path"] as? String } == ["App Store Connect › en-US › screenshots"], "\(output.stderr.suffix(300))")
        #expect(missing.first?["severity"] as? String == "error")
        #expect((missing.first?["message"] as? String)?.contains("sets with screenshots: 5.5-inch iPhone") == true, "\(missing.first?["message"] ?? "")")
    }

    /// Through a snapshot: `console fetch` keeps each set's display type and each screenshot's state (not the
    /// server's error text), and an app that runs on iPad judged against it lacks a usable 13-inch set.
    @Test func aSnapshotKeepsTheSetsAndAnIPadAppWithOnlyAFailedIPadScreenshotLacksTheSet() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "ok", keys: keys) else { return }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-console-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = folder.appendingPathComponent("snapshot.json").path
        let fetch = try ShipcheckProcess.run(["console", "fetch", "Examples/TodoCloud", "--console-store", "appstore",
                                              "--console-bundle-id", "com.example.todocloud", "--out", snapshot],
                                             environment: ConsoleServerTests.environment(server, keys: keys))
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let written = (try? String(contentsOfFile: snapshot, encoding: .utf8)) ?? ""
        #expect(written.contains("\"APP_IPAD_PRO_3GEN_129\""))
        #expect(written.contains("\"FAILED\""))
        #expect(!written.contains("IMAGE_INCORRECT_DIMENSIONS"), "the asset's errors are not kept")
        let project = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try "stores: [appstore]\nfacts: { apple.runs_on_ipad: true }\n".write(to: project.appendingPathComponent("shipcheck.yml"), atomically: true, encoding: .utf8)
        let check = try ShipcheckProcess.run(["check", project.path, "--console-snapshot", snapshot, "--format", "json", "--date", "2026-11-30"])
        let report = (try? JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any]) ?? [:]
        let ipad = Self.findings(report, "console.appstore-ipad-screenshots")
        #expect(ipad.compactMap { $0["path"] as? String } == ["App Store Connect › en-US › screenshots"], "\(check.stderr.suffix(300))")
        #expect(ipad.first?["severity"] as? String == "error")
        // Without the fact (an iPhone-only app) there is nothing to say about iPad.
        try "stores: [appstore]\n".write(to: project.appendingPathComponent("shipcheck.yml"), atomically: true, encoding: .utf8)
        let phone = try ShipcheckProcess.run(["check", project.path, "--console-snapshot", snapshot, "--format", "json", "--date", "2026-11-30"])
        let phoneReport = (try? JSONSerialization.jsonObject(with: Data(phone.stdout.utf8)) as? [String: Any]) ?? [:]
        #expect(Self.findings(phoneReport, "console.appstore-ipad-screenshots").isEmpty)
        #expect(!Self.findings(phoneReport, "console.appstore-screenshot-failed").isEmpty)
    }
}

/// `--console` with `--online`: the privacy policy page App Store Connect's en-US localization links to (on the
/// fake, mode asc_live_policy) is fetched by the --online fetcher, without the API's bearer, and held to
/// privacy-policy.names-app at its console place. The project holds no URL of its own, so nothing else is fetched.
@Suite("Console: the live privacy policy with --online", .serialized)
struct ConsoleLivePolicyServerTests {
    @Test func theLivePolicyIsFetchedWithoutTheTokenAndHeldToNamesApp() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "asc_live_policy", keys: keys) else { return }
        defer { server.stop() }
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-console-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        try "stores: [appstore]\n".write(to: project.appendingPathComponent("shipcheck.yml"), atomically: true, encoding: .utf8)
        func run(_ extra: [String]) throws -> [[String: Any]] {
            let output = try ShipcheckProcess.run(["check", project.path, "--console", "--console-store", "appstore", "--console-bundle-id",
                                                   "com.example.todocloud", "--format", "json", "--date", "2026-11-30"] + extra,
                                                  environment: ConsoleServerTests.environment(server, keys: keys))
            let report = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]) ?? [:]
            return ((report["findings"] as? [[String: Any]]) ?? []).filter { $0["rule"] as? String == "privacy-policy.names-app" }
        }
        let online = try run(["--online"])
        #expect(online.compactMap { $0["path"] as? String } == ["App Store Connect › en-US › privacyPolicyUrl"])
        #expect((online.first?["message"] as? String)?.contains("\(server.base)/policy/en (App Store Connect's privacy policy URL for en-US) names neither") == true,
                "\(online.first?["message"] ?? "")")
        let page = try ConsoleServerTests.log(server).filter { $0["path"] as? String == "/policy/en" }
        #expect(page.count == 1)
        #expect(page.allSatisfy { $0["has_auth"] as? Bool == false }, "the API's bearer never goes to the policy page")
        // Without --online the page is not fetched and nothing is claimed.
        #expect(try run([]).isEmpty)
        #expect(try ConsoleServerTests.log(server).filter { $0["path"] as? String == "/policy/en" }.count == 1)
    }
}
