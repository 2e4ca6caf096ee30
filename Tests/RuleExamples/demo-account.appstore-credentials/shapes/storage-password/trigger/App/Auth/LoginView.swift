import SwiftUI

/// Signs in to the TideLog account.
struct LoginView: View {
    @State private var email = ""
    @State private var password = ""

    var body: some View {
        Form {
            TextField("Email", text: $email)
            SecureField("Password", text: $password)
                .textContentType(.password)
        }
    }
}
