import Foundation
import TestSupport
import Online
import Project
import ShipcheckCore
import Testing
@testable import Rules

/// `metadata.appstore-urls` with `--online`: every support/marketing URL must answer HTTP 200, checked
/// against a server started on 127.0.0.1 for the test.
@Suite struct OnlineURLTests {
    typealias S = PolicyTestSupport

    @Test func onlineURLsMustAnswer() throws {
        let server = try PolicyTestServer.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let tree = MetadataTree(store: .appstore, path: "fastlane/metadata", name: "main", locales: [
            S.locale("en-US", fields: ["support_url": "\(base)/ok", "marketing_url": "\(base)/gone"]),
            S.locale("de-DE", fields: ["support_url": "\(base)/gone"]),
        ])
        let project = ProjectModel(root: "/nonexistent", facts: FactStore([S.stated("store.appstore")]), metadata: [tree])
        let online = try S.findings(project, rule: "metadata.appstore-urls", online: true)
        #expect(online.map(\.location.path).sorted() == ["fastlane/metadata/de-DE/support_url.txt", "fastlane/metadata/en-US/marketing_url.txt"])
        #expect(online.allSatisfy { $0.message.contains("answered HTTP 404 instead of 200") })
        // Offline the same URLs are well-formed, and nothing is fetched.
        #expect(try S.findings(project, rule: "metadata.appstore-urls").isEmpty)
    }

    /// A fetcher that cannot fetch at all (libcurl missing) stops `--online` with its reason, before any page.
    struct UnavailableFetcher: PageFetcher {
        func prepare() -> String? { "--online needs libcurl (libcurl4 on Debian/Ubuntu); it could not be loaded: test" }
        func fetch(_ url: String) -> WebFetch { .failure("fetched although unavailable") }
    }

    @Test func aFetcherThatCannotLoadStopsTheOnlineRun() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/TodoCloud").standardized.path
        let options = Shipcheck.Options(path: root, today: "2026-11-30", online: true, fetcher: UnavailableFetcher())
        #expect(throws: SessionError.self) { _ = try Shipcheck.run(options) }
        do {
            _ = try Shipcheck.run(options)
        } catch {
            #expect(error.messages == ["--online needs libcurl (libcurl4 on Debian/Ubuntu); it could not be loaded: test"])
        }
        // Offline the same fetcher is never asked.
        var offline = options
        offline.online = false
        #expect(try !Shipcheck.run(offline).result.findings.isEmpty)
    }

    /// Answers from a table: a host name that does not resolve, unless listed.
    struct DNSFetcher: PageFetcher {
        let resolving: Set<String>
        func fetch(_ url: String) -> WebFetch {
            resolving.contains(where: url.contains) ? .page(WebPage(status: 200, contentType: "text/html", body: "ok"))
                : .hostNotFound("Could not resolve host: \(URL(string: url)?.host ?? url)")
        }
    }

    /// `--online` on a machine without a network: every host name fails to resolve. That is "not checked",
    /// a note, never an error (#27: DNS failures were graded as errors); one unresolved domain among resolved
    /// ones stays a finding of its rule's severity.
    @Test func noHostResolvingIsOfflineAndGradedAsANote() throws {
        let urls = ["https://example.com/support", "https://example.org/privacy"]
        let offline = OnlineStep.fetch(urls, with: DNSFetcher(resolving: []))
        #expect(offline.values.allSatisfy { if case .offline(let reason) = $0 { return reason.contains("looks offline") } else { return false } })
        let partly = OnlineStep.fetch(urls, with: DNSFetcher(resolving: ["example.com"]))
        #expect(partly["https://example.org/privacy"] == .hostNotFound("Could not resolve host: example.org"))

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/TodoCloud").standardized.path
        let run = try Shipcheck.run(Shipcheck.Options(path: root, today: "2026-11-30", online: true, fetcher: DNSFetcher(resolving: [])))
        let unchecked = run.result.findings.filter { $0.message.contains("could not be checked online") }
        #expect(!unchecked.isEmpty)
        #expect(unchecked.allSatisfy { $0.severity == .info }, "\(unchecked.map { ($0.rule, $0.severity) })")
        #expect(!run.result.findings.contains { $0.message.contains("could not be fetched") })
    }

    /// The real fetcher names a DNS failure as one: `.invalid` never resolves (RFC 6761).
    @Test func theSystemFetcherReportsAnUnresolvableHostAsHostNotFound() {
        let fetcher = SystemPageFetcher()
        guard fetcher.prepare() == nil else { return } // no libcurl: nothing to ask
        let answer = fetcher.fetch("https://shipcheck-test.invalid/privacy")
        #expect({ if case .hostNotFound = answer { return true } else { return false } }(), "\(answer)")
    }
}
