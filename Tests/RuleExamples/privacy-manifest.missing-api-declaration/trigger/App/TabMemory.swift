import Foundation

/// Remembers the last opened tab between launches.
struct TabMemory {
    func save(_ tab: Int) {
        UserDefaults.standard.set(tab, forKey: "lastTab")
    }
}
