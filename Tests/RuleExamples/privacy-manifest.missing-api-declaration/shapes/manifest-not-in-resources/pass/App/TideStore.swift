import Foundation

/// Remembers the last harbour the user looked at.
enum TideStore {
    static func lastHarbour() -> String? {
        UserDefaults.standard.string(forKey: "lastHarbour")
    }
}
