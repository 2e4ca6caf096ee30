import Foundation

enum HAApplicationShortcutItem: String {
    case sendLocation
    case openSettings
}
