import AuthenticationServices

final class AppleSignIn: NSObject {
    func start() {
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.email]
        ASAuthorizationController(authorizationRequests: [request]).performRequests()
    }
}
