import Foundation

enum SharedDefaults { static let suite = UserDefaults(suiteName: "group.chat") }
