import Foundation
import Project
import Testing
@testable import Rules

@Suite("Account deletion rules")
struct PolicyAccountDeletionTests {
    typealias S = PolicyTestSupport

    static let signUp = S.detected("account.creation", at: "App/SignUp.swift", line: 8, snippet: "try await Auth.auth().createUser(withEmail: email, password: pw)")

    @Test func accountsWithoutInAppDeletionPointAtTheSignUp() throws {
        let facts = FactStore([S.stated("store.appstore"), Self.signUp])
        let findings = try S.findings(ProjectModel(root: "/nonexistent", facts: facts), rule: "account-deletion.in-app")
        #expect(findings.count == 1)
        #expect(findings.first?.location == SourceLocation(path: "App/SignUp.swift", line: 8))
        #expect(findings.first?.message.hasPrefix("Accounts can be created (App/SignUp.swift:8)") == true)

        let deletes = FactStore([S.stated("store.appstore"), Self.signUp,
                                 S.detected("account.deletion.in_app", at: "App/Settings.swift", line: 30, snippet: "try await user.delete()")])
        #expect(try S.findings(ProjectModel(root: "/nonexistent", facts: deletes), rule: "account-deletion.in-app").isEmpty)
    }

    @Test func signInWithAppleWithoutRevocationIsAWarning() throws {
        let siwa = S.detected("auth.sign_in_with_apple", at: "App/AppleSignIn.swift", line: 5, snippet: "ASAuthorizationAppleIDProvider().createRequest()")
        let findings = try S.findings(ProjectModel(root: "/nonexistent", facts: FactStore([S.stated("store.appstore"), siwa])),
                                      rule: "account-deletion.apple-token-revocation")
        #expect(findings.map(\.severity) == [.warning])
        let revoked = FactStore([S.stated("store.appstore"), siwa, S.stated("auth.apple_token_revocation")])
        #expect(try S.findings(ProjectModel(root: "/nonexistent", facts: revoked), rule: "account-deletion.apple-token-revocation").isEmpty)
    }

    @Test func manualItemsAppearOnlyForAppsWithAccountsOrLogins() throws {
        let engine = try S.engine()
        func manual(_ facts: [Fact]) -> Set<String> {
            let context = EvaluationContext(project: ProjectModel(root: "/nonexistent", facts: FactStore(facts)), tables: engine.tables, today: "2026-11-30")
            return Set(engine.evaluate(context).manual.map(\.rule).filter { $0.hasPrefix("account-deletion.") || $0.hasPrefix("demo-account.") })
        }
        #expect(manual([S.stated("store.appstore")]).isEmpty)
        #expect(manual([S.stated("store.appstore"), Self.signUp]) == [
            "account-deletion.confirm-real-deletion", "account-deletion.confirm-no-contact-needed", "account-deletion.confirm-timing-stated",
            "demo-account.confirm-credentials-work", "demo-account.confirm-no-otp", "demo-account.confirm-backend-on",
        ])
        #expect(manual([S.stated("store.appstore"), S.stated("app.login_required")]) == [
            "demo-account.confirm-credentials-work", "demo-account.confirm-no-otp", "demo-account.confirm-backend-on",
        ])
    }
}
