import Foundation
import TestSupport
import Online
import Project
import StoreLocale
import Testing
import YAML
@testable import Rules

@Suite("Privacy policy checks")
struct PolicyPrivacyChecksTests {
    typealias S = PolicyTestSupport

    static func appStoreProject(root: String = "/nonexistent", locales: [MetadataLocale], defaults: MetadataLocale? = nil,
                                facts: [Fact] = [], manifest: Manifest? = nil) -> ProjectModel {
        let tree = MetadataTree(store: .appstore, path: "fastlane/metadata", name: "main", locales: locales, defaults: defaults)
        return ProjectModel(root: root, manifest: manifest, facts: FactStore([S.stated("store.appstore")] + facts), metadata: [tree])
    }

    @Test func everyLocaleNeedsAnHTTPSPrivacyURL() throws {
        let project = Self.appStoreProject(locales: [
            S.locale("en-US", fields: ["privacy_url": "http://tidelog.app/privacy"]),
            S.locale("de-DE"),
        ])
        let findings = try S.findings(project, rule: "privacy-policy.appstore-url")
        // The written http URL ships and is wrong; the locale without a file leaves App Store Connect's value.
        #expect(findings.count == 1)
        #expect(findings.contains { $0.location.path == "fastlane/metadata/en-US/privacy_url.txt" && $0.message.contains("uses http: instead of https:") && $0.message.contains("for en-US (main)") })
        // No scheme is named by App Store Connect's reference: an http: policy URL is a risk, graded a warning.
        #expect(findings.first?.severity == .warning)
        #expect(try S.manual(project).contains { $0.rule == "privacy-policy.appstore-console-url" })
    }

    @Test func malformedPrivacyURLStaysAnError() throws {
        let project = Self.appStoreProject(locales: [S.locale("en-US", fields: ["privacy_url": "tidelog.app/privacy"])])
        let findings = try S.findings(project, rule: "privacy-policy.appstore-url")
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("is not a well-formed absolute URL") == true)
    }

    @Test func defaultFolderCoversLocalesWithoutTheirOwn() throws {
        let project = Self.appStoreProject(locales: [S.locale("en-US"), S.locale("de-DE")],
                                           defaults: S.locale("default", fields: ["privacy_url": "https://tidelog.app/privacy"]))
        #expect(try S.findings(project, rule: "privacy-policy.appstore-url").isEmpty)
    }

    @Test func playURLIsAManualItemUnlessStated() throws {
        let play = FactStore([S.stated("store.play")])
        let missing = ProjectModel(root: "/nonexistent", manifest: Manifest(file: "shipcheck.yml"), facts: play)
        #expect(try S.findings(missing, rule: "privacy-policy.play-url").isEmpty)
        #expect(try S.manual(missing).map(\.rule).contains("privacy-policy.play-console-url"))

        let http = FactStore([S.stated("store.play"), S.stated("play.privacy_url", .string("http://tidelog.app/privacy"))])
        let httpFindings = try S.findings(ProjectModel(root: "/nonexistent", facts: http), rule: "privacy-policy.play-url")
        #expect(httpFindings.map(\.severity) == [.warning])
        let https = FactStore([S.stated("store.play"), S.stated("play.privacy_url", .string("https://tidelog.app/privacy"))])
        #expect(try S.findings(ProjectModel(root: "/nonexistent", facts: https), rule: "privacy-policy.play-url").isEmpty)
        #expect(try !S.manual(ProjectModel(root: "/nonexistent", facts: https)).map(\.rule).contains { $0.hasPrefix("privacy-policy.play-console-url") })
    }

    @Test func aDetectedInAppLinkPrefillsTheManualItem() throws {
        let detected = Fact(name: "privacy.policy_url", value: .string("https://tidelog.app/privacy"), source: .detected,
                            evidence: [Evidence(location: SourceLocation(path: "app/src/main/res/values/strings.xml", line: 4), snippet: "<string name=\"privacy\">https://tidelog.app/privacy</string>")])
        let model = ProjectModel(root: "/nonexistent", facts: FactStore([S.stated("store.play"), detected]))
        let items = try S.manual(model)
        #expect(!items.map(\.rule).contains("privacy-policy.play-console-url"))
        let item = try #require(items.first { $0.rule == "privacy-policy.play-console-url-matches" })
        #expect(item.title.hasSuffix("the app's own link, https://tidelog.app/privacy"))
        #expect(item.help?.hasPrefix("Found in the app at app/src/main/res/values/strings.xml:4.") == true)
    }

    @Test func placeholderHostsAndPDFsAreReportedOffline() throws {
        let project = Self.appStoreProject(locales: [
            S.locale("en-US", fields: ["privacy_url": "https://www.example.com/privacy"]),
            S.locale("fr-FR", fields: ["privacy_url": "https://tidelog.app/privacy.PDF"]),
            S.locale("de-DE", fields: ["privacy_url": "https://tidelog.app/privacy"]),
        ])
        let findings = try S.findings(project, rule: "privacy-policy.public-url")
        #expect(findings.count == 2)
        #expect(findings.contains { $0.location.path == "fastlane/metadata/en-US/privacy_url.txt" && $0.message.contains("points to www.example.com") })
        #expect(findings.contains { $0.location.path == "fastlane/metadata/fr-FR/privacy_url.txt" && $0.message.contains("is a PDF file") })
    }

    @Test func onlineFetchReportsErrorsAndPDFContent() throws {
        let server = try PolicyTestServer.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let project = Self.appStoreProject(locales: [
            S.locale("en-US", fields: ["privacy_url": "\(base)/ok"]),
            S.locale("de-DE", fields: ["privacy_url": "\(base)/gone"]),
            S.locale("fr-FR", fields: ["privacy_url": "\(base)/pdf"]),
        ])
        // The built-in table rightly calls 127.0.0.1 local; the test server needs it allowed.
        let hosts = Table(name: "placeholder_hosts", source: "test", kind: nil, value: S.node(["hosts": [String]()]), file: "test")
        let findings = try S.findings(project, rule: "privacy-policy.public-url", online: true, tables: ["placeholder_hosts": hosts])
        #expect(findings.count == 2)
        #expect(findings.contains { $0.message.contains("\(base)/gone answered HTTP 404") })
        #expect(findings.contains { $0.message.contains("\(base)/pdf is served as a PDF") })

        // Offline, nothing is fetched.
        #expect(try S.findings(project, rule: "privacy-policy.public-url", tables: ["placeholder_hosts": hosts]).isEmpty)
    }

    @Test func onlineWithoutALocalCopyTheLivePageMustNameTheApp() throws {
        let server = try PolicyTestServer.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let manifest = Manifest(file: "shipcheck.yml", appName: "Tide Log", developer: "Ripple Labs GmbH")
        var project = Self.appStoreProject(locales: [
            S.locale("en-US", fields: ["privacy_url": "\(base)/named"]),
            S.locale("de-DE", fields: ["privacy_url": "\(base)/ok"]),
        ])
        project.manifest = manifest
        let online = try S.findings(project, rule: "privacy-policy.names-app", online: true)
        #expect(online.map(\.location.path) == ["fastlane/metadata/de-DE/privacy_url.txt"])
        #expect(online.first?.message.contains("The privacy policy at \(base)/ok names neither the app nor its developer") == true)
        // Offline there is no copy to read, so nothing is claimed either way.
        #expect(try S.findings(project, rule: "privacy-policy.names-app").isEmpty)
    }

    @Test func aStatedPolicyURLIsThePlayPrivacyURL() throws {
        let facts = FactStore([S.stated("store.play")])
        let https = ProjectModel(root: "/nonexistent", manifest: Manifest(file: "shipcheck.yml", paths: .init(privacyPolicy: "https://tidelog.app/privacy")), facts: facts)
        #expect(try S.findings(https, rule: "privacy-policy.play-url").isEmpty)
        let http = ProjectModel(root: "/nonexistent", manifest: Manifest(file: "shipcheck.yml", paths: .init(privacyPolicy: "http://tidelog.app/privacy")), facts: facts)
        #expect(try S.findings(http, rule: "privacy-policy.play-url").first?.message.contains("not an absolute https:// URL") == true)
    }

    /// Both URLs a team states for Play are judged: the published one (paths.privacy_policy) and the one entered in
    /// Play Console (play.privacy_url). An https published URL used to hide an http console URL from the rule.
    @Test func theStatedPlayURLIsJudgedBesideAnHTTPSPublishedOne() throws {
        let facts = FactStore([S.stated("store.play"), S.stated("play.privacy_url", .string("http://tidelog.app/privacy"))])
        let manifest = Manifest(file: "shipcheck.yml", paths: .init(privacyPolicy: "https://tidelog.app/privacy"))
        let findings = try S.findings(ProjectModel(root: "/nonexistent", manifest: manifest, facts: facts), rule: "privacy-policy.play-url")
        #expect(findings.map(\.message) == [
            "The Play privacy policy URL (play.privacy_url) is \"http://tidelog.app/privacy\", not an absolute https:// URL; Google Play requires a privacy policy link in Play Console (Policy > App content > Privacy policy) that is an active, public web page",
        ])
        // The twin: both https, nothing to report.
        let https = FactStore([S.stated("store.play"), S.stated("play.privacy_url", .string("https://tidelog.app/privacy"))])
        #expect(try S.findings(ProjectModel(root: "/nonexistent", manifest: manifest, facts: https), rule: "privacy-policy.play-url").isEmpty)
    }

    @Test func fetcherReportsAConnectionFailure() throws {
        // A port nobody listens on: the server is started and stopped to find one.
        let server = try PolicyTestServer.start()
        let port = server.port
        server.stop()
        let result = SystemPageFetcher(timeout: 3).fetch("http://127.0.0.1:\(port)/")
        guard case .failure(let message) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func policyMustNameTheAppOrDeveloperFoldingCaseAndAccents() throws {
        let named = try TemporaryProject(["docs/privacy.html": "<h1>Privacy</h1><p>This policy covers CAFE FLOW.</p>"])
        let unnamed = try TemporaryProject(["docs/privacy.html": "<h1>Privacy</h1><p>Our company respects your privacy.</p>"])
        let manifest = Manifest(file: "shipcheck.yml", developer: "Ripple Labs GmbH", paths: .init(privacyPolicy: "docs/privacy.html"))
        let locales = [S.locale("fr-FR", fields: ["name": "Café Flow"])]

        #expect(try S.findings(Self.appStoreProject(root: named.root, locales: locales, manifest: manifest), rule: "privacy-policy.names-app").isEmpty)

        let findings = try S.findings(Self.appStoreProject(root: unnamed.root, locales: locales, manifest: manifest), rule: "privacy-policy.names-app")
        #expect(findings.count == 1)
        #expect(findings.first?.location == SourceLocation(path: "docs/privacy.html"))
        #expect(findings.first?.message.contains("(looked for: Ripple Labs GmbH, Café Flow)") == true)
        #expect(findings.first?.severity == .warning)
    }

    @Test func unreadablePolicyIsReportedNotIgnored() throws {
        let manifest = Manifest(file: "shipcheck.yml", appName: "Tide Log", paths: .init(privacyPolicy: "docs/missing.md"))
        let findings = try S.findings(Self.appStoreProject(root: "/nonexistent", locales: [], manifest: manifest), rule: "privacy-policy.names-app")
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("The privacy policy docs/missing.md cannot be checked") == true)
    }
}

/// The handler of the policy tests' server (`LocalHTTPServer`): /ok with HTML, /named with a
/// policy page that names "Tide Log", /pdf with a PDF content type and anything else with 404. Started on a free port, stopped by `stop()`.
extension PolicyPrivacyChecksTests {
    /// `--console` with `--online`: the live policy each App Store localization links to is fetched (the same
    /// fetcher, here against 127.0.0.1) and held to names-app at its console place, once per distinct URL; the
    /// console's own app name counts as a name. Offline nothing is claimed.
    @Test func theLivePrivacyPolicyOfEachAppStoreLocalizationIsHeldToNamesApp() throws {
        let server = try PolicyTestServer.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        var project = Self.appStoreProject(locales: [])
        project.manifest = Manifest(file: "shipcheck.yml", developer: "Ripple Labs GmbH")
        let info = AppStoreConnectSnapshot.AppInfo(id: "info", localizations: [
            .init(locale: "en-US", name: "Tide Log", privacyPolicyUrl: "\(base)/named"),
            .init(locale: "fr-FR", name: "Tide Log", privacyPolicyUrl: "\(base)/ok"),
            .init(locale: "de-DE", privacyPolicyUrl: "\(base)/ok"),
        ])
        project.console = ConsolePart(snapshot: ConsoleSnapshot(appStoreConnect: .init(
            app: .init(id: "1", bundleId: "com.example.tidelog", name: "Tide Log"), appInfo: info)), origin: "a test")
        let online = try S.findings(project, rule: "privacy-policy.names-app", online: true)
        #expect(online.map(\.location.path) == ["App Store Connect › de-DE › privacyPolicyUrl"], "one finding for the URL two locales share")
        #expect(online.first?.message.contains("The live privacy policy at \(base)/ok (App Store Connect's privacy policy URL for de-DE, fr-FR) names neither the app nor its developer") == true,
                "\(online.first?.message ?? "")")
        #expect(online.first?.message.contains("Tide Log") == true, "the console's app name is looked for")
        #expect(try S.findings(project, rule: "privacy-policy.names-app").isEmpty)
        // The same URL in the repository's metadata (no local copy) is judged once, at the repository's place.
        project.metadata = [MetadataTree(store: .appstore, path: "fastlane/metadata", name: "main", locales: [
            S.locale("en-US", fields: ["privacy_url": "\(base)/ok", "name": "Tide Log"])])]
        let both = try S.findings(project, rule: "privacy-policy.names-app", online: true)
        #expect(both.map(\.location.path) == ["fastlane/metadata/en-US/privacy_url.txt"], "\(both.map(\.location.path))")
    }
}

enum PolicyTestServer {
    static let script = """
    import http.server, sys
    class H(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/ok":
                self.send_response(200); self.send_header("Content-Type", "text/html; charset=utf-8"); self.end_headers(); self.wfile.write(b"<p>Privacy</p>")
            elif self.path == "/named":
                self.send_response(200); self.send_header("Content-Type", "text/html"); self.end_headers(); self.wfile.write("<h1>Privacy</h1><p>This policy covers the <b>Tide&nbsp;Log</b> app.</p>".encode())
            elif self.path == "/pdf":
                self.send_response(200); self.send_header("Content-Type", "application/pdf"); self.end_headers(); self.wfile.write(b"%PDF-1.4")
            else:
                self.send_response(404); self.end_headers()
        def log_message(self, *args): pass
    server = http.server.HTTPServer(("127.0.0.1", 0), H)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

    static func start() throws -> LocalHTTPServer { try LocalHTTPServer(script: script) }
}
