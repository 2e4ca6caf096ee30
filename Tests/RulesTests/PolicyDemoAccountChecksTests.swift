import Foundation
import Project
import StoreLocale
import Testing
@testable import Rules

@Suite("Demo account checks")
struct PolicyDemoAccountChecksTests {
    typealias S = PolicyTestSupport

    static let password = "Tr0ub4dor&3-review"
    static let login = S.detected("app.login_required", at: "App/LoginView.swift", line: 40, snippet: "Auth.auth().signIn(withEmail: email, password: pw)")

    static func project(review: [String: String] = [:], manifest: Manifest? = nil, facts: [Fact] = [login]) -> ProjectModel {
        let info = Dictionary(uniqueKeysWithValues: review.map { ($0.key, S.value($0.value, "fastlane/metadata/review_information/\($0.key).txt")) })
        let tree = MetadataTree(store: .appstore, path: "fastlane/metadata", name: "main",
                                locales: [S.locale("en-US")], reviewInformation: info)
        return ProjectModel(root: "/nonexistent", manifest: manifest,
                            facts: FactStore([S.stated("store.appstore"), S.stated("store.play")] + facts), metadata: [tree])
    }

    @Test func loginWithoutReviewInformationInTheRepositoryIsAManualItem() throws {
        // App Store Connect holds the credentials unless deliver uploads them: absence here is no evidence.
        #expect(try S.findings(Self.project(), rule: "demo-account.appstore-credentials").isEmpty)
        let item = try #require(try S.manual(Self.project()).first { $0.rule == "demo-account.appstore-console-credentials" })
        #expect(item.help?.contains("first seen at App/LoginView.swift:40") == true)
    }

    @Test func reviewInformationWithoutCredentialsIsAWarning() throws {
        let findings = try S.findings(Self.project(review: ["first_name": "Ada"]), rule: "demo-account.appstore-credentials")
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.location == SourceLocation(path: "fastlane/metadata/review_information"))
        #expect(findings.first?.message.contains("App/LoginView.swift:40") == true)
        #expect(findings.first?.message.contains("no demo user or password") == true)
    }

    @Test func noLoginNeedsNoCredentials() throws {
        #expect(try S.findings(Self.project(facts: []), rule: "demo-account.appstore-credentials").isEmpty)
    }

    @Test func credentialsInMetadataOrADemoModeNoteSatisfyReview() throws {
        #expect(try S.findings(Self.project(review: ["demo_user": "review@tidelog.app", "demo_password": Self.password]),
                               rule: "demo-account.appstore-credentials").isEmpty)
        #expect(try S.findings(Self.project(review: ["notes": "Tap 'Continue as Guest' on the first screen: no login required."]),
                               rule: "demo-account.appstore-credentials").isEmpty)
        // A user alone is not enough.
        let userOnly = try S.findings(Self.project(review: ["demo_user": "review@tidelog.app"]), rule: "demo-account.appstore-credentials")
        #expect(userOnly.first?.message.contains("no demo password") == true)
    }

    @Test func environmentReferencesMustResolveInCI() throws {
        let manifest = Manifest(file: "shipcheck.yml", review: .init(demoUser: "env:DEMO_USER", demoPassword: "env:DEMO_PASSWORD"))
        let project = Self.project(manifest: manifest)
        // On a laptop (no CI) the references are taken as they are.
        #expect(try S.findings(project, rule: "demo-account.appstore-credentials").isEmpty)
        let unset = try S.findings(project, rule: "demo-account.appstore-credentials", environment: ["CI": "true", "DEMO_USER": "review@tidelog.app"])
        #expect(unset.count == 1)
        #expect(unset.first?.severity == .error)
        #expect(unset.first?.location == SourceLocation(path: "shipcheck.yml"))
        #expect(unset.first?.message.contains("review.demo_password in shipcheck.yml refers to the environment variable DEMO_PASSWORD, which is not set") == true)
        #expect(try S.findings(project, rule: "demo-account.appstore-credentials",
                               environment: ["CI": "true", "DEMO_USER": "review@tidelog.app", "DEMO_PASSWORD": Self.password]).isEmpty)
    }

    @Test func committedPasswordIsReportedWithoutEverShowingIt() throws {
        let project = Self.project(review: ["demo_user": "review@tidelog.app", "demo_password": Self.password])
        let findings = try S.findings(project, rule: "demo-account.committed-password")
        #expect(findings.count == 1)
        #expect(findings.first?.location.path == "fastlane/metadata/review_information/demo_password.txt")
        // No finding of any rule, in any field, carries the password.
        let all = try S.findings(project, environment: ["CI": "1"])
        #expect(!all.isEmpty)
        for finding in all {
            let fields = [finding.message, finding.evidence ?? "", finding.help ?? "", finding.title, finding.fingerprint, finding.location.description]
            #expect(!fields.contains { $0.contains(Self.password) }, "\(finding.rule) shows the password")
        }
        // An empty file (filled by CI before deliver) is fine.
        #expect(try S.findings(Self.project(review: ["demo_password": ""]), rule: "demo-account.committed-password").isEmpty)
    }

    @Test func playAppAccessIsAManualItemForALoginApp() throws {
        let items = try S.manual(Self.project(manifest: Manifest(file: "shipcheck.yml")))
        let item = try #require(items.first { $0.rule == "demo-account.play-app-access" })
        #expect(item.title.contains("Policy > App content > App access"))
        #expect(try !S.manual(Self.project(facts: [])).contains { $0.rule == "demo-account.play-app-access" })
    }

    @Test func customLoginShapesCountAsALogin() throws {
        let oauth = S.detected("app.login.oauth", at: "App/SignIn.swift", line: 12, snippet: "let session = ASWebAuthenticationSession(url: url, callbackURLScheme: \"app\")")
        let item = try S.manual(Self.project(facts: [oauth])).first { $0.rule == "demo-account.appstore-console-credentials" }
        #expect(item?.help?.contains("first seen at App/SignIn.swift:12") == true)
    }
}
