import AuthenticationServices
import GoogleSignIn
import UIKit

/// Signs in with Google or with Apple.
final class LoginScreen: UIViewController {
    func signInWithGoogle() {
        GIDSignIn.sharedInstance.signIn(withPresenting: self) { result, error in
            print(result?.user.profile?.email ?? "", error ?? "")
        }
    }

    func signInWithApple() {
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.fullName, .email]
        ASAuthorizationController(authorizationRequests: [request]).performRequests()
    }
}
