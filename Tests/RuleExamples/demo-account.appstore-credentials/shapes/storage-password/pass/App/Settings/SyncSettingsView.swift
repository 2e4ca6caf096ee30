import SwiftUI

/// WebDAV sync settings: the password of the user's own storage server, no account of the app.
struct SyncSettingsView: View {
    @State private var davURL = ""
    @State private var davPassword = ""

    var body: some View {
        Form {
            TextField("WebDAV server", text: $davURL)
            SecureField("Password", text: $davPassword)
                .textContentType(.password)
        }
    }
}
