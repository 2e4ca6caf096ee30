import Testing
@testable import Project
@testable import Rules

/// A browser's HTTP authentication dialog (a web page's Basic or Digest auth) asks for the site's account, not the
/// app's: no login signal. Shaped on duckduckgo-iOS (Apache-2.0) DuckDuckGo/BasicAuthenticationAlert.swift, whose
/// alert sets `textField.textContentType = .password`; the lines here are written for the test.
@Suite struct HTTPAuthenticationLoginTests {
    static let field = """
    addTextField { textField in
        textField.placeholder = UserText.authAlertPasswordPlaceholder
        textField.textContentType = .password
        textField.isSecureTextEntry = true
    }

    """

    @Test func aBasicAuthenticationAlertIsNoLogin() throws {
        #expect(!(try UsageSignalTests.facts(Self.field, .swift, path: "DuckDuckGo/BasicAuthenticationAlert.swift")).contains("app.login.password_field"))
    }

    @Test func aPasswordAskedForAnAuthenticationChallengeIsNoLogin() throws {
        let challenge = """
        func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
                     completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic else { return }
            \(Self.field)
        }
        """
        #expect(!(try UsageSignalTests.facts(challenge, .swift, path: "Browser/TabViewController.swift")).contains("app.login.password_field"))
    }

    /// The true twin: the same field on the app's own sign-in screen is still a login.
    @Test func theSameFieldOnTheAppsSignInIsALogin() throws {
        #expect(try UsageSignalTests.facts(Self.field, .swift, path: "App/Account/SignInAlert.swift").contains("app.login.password_field"))
    }
}
