import AuthenticationServices
import Foundation

/// Signs people in with Apple and lets them delete their account.
final class AccountService: NSObject {
    func signInWithApple() {
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.email]
        let controller = ASAuthorizationController(authorizationRequests: [request])
        controller.performRequests()
    }

    func deleteAccount(userID: String) async throws {
        var request = URLRequest(url: URL(string: "https://api.journal.example.com/v1/account/\(userID)")!)
        request.httpMethod = "DELETE"
        _ = try await URLSession.shared.data(for: request)
    }
}
