import Foundation

/// Downloads the assets of level 2 when the player reaches it.
final class LevelLoader {
    let request = NSBundleResourceRequest(tags: ["level2"])

    func load(completion: @escaping (Error?) -> Void) {
        request.beginAccessingResources(completionHandler: completion)
    }
}
