import FirebaseAuth
import SwiftUI

/// The app's sign-up screen: Firebase Auth creates the account.
struct SignUpView: View {
    @State private var email = ""
    @State private var password = ""

    var body: some View {
        Form {
            TextField("Email", text: $email)
            SecureField("Password", text: $password)
            Button("Create account") {
                Task { try await Auth.auth().createUser(withEmail: email, password: password) }
            }
        }
    }
}
