import SwiftUI
import TideCore

@main
struct TideLogApp: App {
    var body: some Scene { WindowGroup { Text(TideCore.version) } }
}
