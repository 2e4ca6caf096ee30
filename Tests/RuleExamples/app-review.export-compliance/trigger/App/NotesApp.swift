import SwiftUI

/// A notes app that talks to its server over HTTPS only.
@main
struct NotesApp: App {
    var body: some Scene {
        WindowGroup { Text("Notes") }
    }
}
