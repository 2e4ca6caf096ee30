import FirebaseAuth
import SwiftUI

struct SignUpView: View {
    @State private var email = ""
    @State private var password = ""

    var body: some View {
        Button("Create account") {
            // TODO: call user.delete() from the settings screen
            Auth.auth().createUser(withEmail: email, password: password) { _, _ in }
        }
    }
}
