import SwiftUI

// The App Clip is SwiftUI: its scenes are its own, not the main app's.
@main
struct ClipApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Order")
        }
    }
}
