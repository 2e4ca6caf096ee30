import Foundation

/// A shared plugin of the repository (packages/album_store): only the photos app depends on it (a pub `path:`
/// dependency); no Xcode target lists it, CocoaPods builds it into the apps that depend on it.
public final class AlbumStore {
    public static func sessionAge(since start: TimeInterval) -> TimeInterval {
        ProcessInfo.processInfo.systemUptime - start
    }
}
