import AVFoundation
import FirebaseAuth
import SwiftUI

/// Lets a new user create an account and pick a profile photo.
struct SignUpView: View {
    @State private var email = ""
    @State private var password = ""

    var body: some View {
        Form {
            TextField("Email", text: $email)
            SecureField("Password", text: $password)
            Button("Create account") { createAccount() }
            Button("Take profile photo") { takePhoto() }
        }
    }

    private func createAccount() {
        Auth.auth().createUser(withEmail: email, password: password) { result, error in
            guard error == nil else { return }
            UserDefaults.standard.set(true, forKey: "hasAccount")
        }
    }

    private func takePhoto() {
        // The camera needs NSCameraUsageDescription in Info.plist.
        AVCaptureDevice.requestAccess(for: .video) { granted in
            print("camera access: \(granted)")
        }
    }
}
