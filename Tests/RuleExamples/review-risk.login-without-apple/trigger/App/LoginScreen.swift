import GoogleSignIn
import UIKit

/// Signs in with Google only.
final class LoginScreen: UIViewController {
    func signIn() {
        GIDSignIn.sharedInstance.signIn(withPresenting: self) { result, error in
            print(result?.user.profile?.email ?? "", error ?? "")
        }
    }
}
