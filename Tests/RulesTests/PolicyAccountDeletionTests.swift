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
            "demo-account.appstore-console-credentials",
        ])
        #expect(manual([S.stated("store.appstore"), S.stated("app.login_required")]) == [
            "demo-account.confirm-credentials-work", "demo-account.confirm-no-otp", "demo-account.confirm-backend-on",
            "demo-account.appstore-console-credentials",
        ])
    }

    /// Inspects source files with the built-in symbol tables and returns the detected facts that are true.
    static func detectedFacts(_ files: [String: String]) throws -> [String: [String]] {
        let project = try TemporaryProject(files)
        let tables = try S.engine().checklists.flatMap { $0.tables.values.filter { $0.kind == "symbols" } }
            .map { SymbolTableSource(name: $0.name, file: $0.file, value: $0.value) }
        let model = try ProjectInspector.inspect(root: project.root, manifest: nil, options: InspectionOptions(symbolTables: tables))
        var facts: [String: [String]] = [:]
        for fact in model.facts.all where fact.source == .detected && fact.value.isTruthy {
            facts[fact.name] = fact.evidence.map { "\($0.location)" }
        }
        return facts
    }

    @Test func customSignUpAndLoginFormsAreDetected() throws {
        let facts = try Self.detectedFacts([
            "App/SignUpView.swift": "struct V: View {\n  var body: some View {\n    SecureField(\"Password\", text: $pw)\n      .textContentType(.newPassword)\n  }\n}\n",
            "App/LoginController.swift": "final class C {\n  func setUp() {\n    passwordField.textContentType = .password\n  }\n}\n",
            "App/OAuth.swift": "let session = ASWebAuthenticationSession(url: url, callbackURLScheme: \"tidelog\") { _, _ in }\n",
            "App/AddAccount.swift": "let url = try await webAuthenticationSession.authenticate(using: u, callbackURLScheme: \"x\")\n",
            "android/app/src/main/java/app/SignUp.kt": "val hints = arrayOf(View.AUTOFILL_HINT_NEW_PASSWORD)\n",
            "android/app/src/main/java/app/Login.kt": "TextField(value, onChange, keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Password))\n",
        ])
        #expect(facts["account.creation.sign_up_form"] == ["App/SignUpView.swift:4:25", "android/app/src/main/java/app/SignUp.kt:1:26"])
        #expect(facts["app.login.password_field"] == ["App/LoginController.swift:3:38", "android/app/src/main/java/app/Login.kt:1:90"])
        #expect(facts["app.login.oauth"] == ["App/AddAccount.swift:1:46", "App/OAuth.swift:1:15"])
    }

    @Test func aNewPasswordValueThatIsNotATextContentTypeIsNoSignUp() throws {
        // Swiftfin's reset-password view focuses its own enum case `.newPassword`: not a sign-up field.
        let facts = try Self.detectedFacts([
            "App/ResetPasswordView.swift": "enum Field { case newPassword }\nfunc f() {\n  focusedField = .newPassword\n  if focusedField == .newPassword {}\n}\n",
        ])
        #expect(facts["account.creation.sign_up_form"] == nil)
    }
}
