import Foundation
import Project
import Testing
@testable import Rules

/// The built-in login and sign-up signals in Dart and TypeScript (Tests/Fixtures/project/cross-platform-login).
@Suite struct CrossPlatformSignalsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/project/cross-platform-login").path

    @Test func flutterAndExpoLoginsAndSignUpFormsAreFacts() throws {
        let project = try RuleExampleTests.inspect(Self.root, checklists: RuleExampleTests.loaded())
        let signUp = try #require(project.facts["account.creation.sign_up_form"])
        #expect(signUp.evidence.map { "\($0.location.path):\($0.location.line ?? 0)" } == ["lib/sign_up_page.dart:8"])
        let oauth = try #require(project.facts["app.login.oauth"])
        #expect(Set(oauth.evidence.map(\.location.path)) == ["lib/auth_repository.dart", "app/SignIn.tsx"])
        // A sign-up form is not an SDK account creation, and nothing here is a password login field.
        #expect(project.facts["account.creation"] == nil)
        #expect(project.facts["app.login.password_field"] == nil)
    }
}
