import Foundation
import Project
import Testing
@testable import Rules

/// `metadata.appstore-urls` with `--online`: every support/marketing URL must answer HTTP 200, checked
/// against a server started on 127.0.0.1 for the test.
@Suite struct OnlineURLTests {
    typealias S = PolicyTestSupport

    @Test func onlineURLsMustAnswer() throws {
        let server = try LocalHTTPServer()
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
}
