import Foundation

struct Feeds {
    // The feed the reader opened last, restored at launch.
    func lastOpened() -> String? {
        UserDefaults.standard.string(forKey: "lastFeed")
    }
}
