import SwiftUI

/// The app's own sign-up screen: no auth SDK, a password field the system fills with a new password.
struct SignUpView: View {
    @State private var email = ""
    @State private var password = ""
    let api: TideLogAPI

    var body: some View {
        Form {
            TextField("Email", text: $email)
                .textContentType(.username)
            SecureField("Password", text: $password)
                .textContentType(.newPassword)
            Button("Create account") {
                Task { try await api.createAccount(email: email, password: password) }
            }
        }
    }
}
